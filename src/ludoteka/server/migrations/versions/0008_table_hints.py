"""Hints at the table (issue 26 §2): whether the seats may ask the AI for a hint, a table setting
chosen at creation.

Revision ID: 0008
Revises: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # NULL: "as the seats say" (on with at most one human seat, off otherwise; live.default_hints),
    # what every table stored before this migration gets, read when the table is loaded. A rated
    # table never has hints: those are set off explicitly. (a plain ADD COLUMN, which SQLite
    # takes as it is: a batch would copy the table, which the foreign keys forbid)
    op.add_column("tables", sa.Column("hints", sa.Boolean))
    op.execute("UPDATE tables SET hints = false WHERE id IN (SELECT table_id FROM rated_tables)")


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
