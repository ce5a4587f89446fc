"""The rules revision a table was begun under (NULL for the tables begun before: revision 1).

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable with no default: every table already stored keeps NULL, which reads as the first
    # revision, the rules it was begun under.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("revision", sa.Integer))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("revision")
