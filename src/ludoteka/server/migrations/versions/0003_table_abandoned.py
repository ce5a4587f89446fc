"""When a table was closed as abandoned (no human move for `--abandon-after`); NULL: it was not.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable with no default: every table stored so far is not abandoned; the server's first
    # sweep closes those that are.
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("abandoned", sa.Float))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("abandoned")
