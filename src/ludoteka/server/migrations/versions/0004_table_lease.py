"""Which server process keeps a table going (its AI seats and turn timer), and until when: a
lease the holder renews (several processes on one database; `tables.Tables`).

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable with no default: no table stored so far has a holder; the first process that
    # loads one with something to do claims it.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("owner", sa.String(32)))
        batch.add_column(sa.Column("lease_until", sa.Float))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("owner")
