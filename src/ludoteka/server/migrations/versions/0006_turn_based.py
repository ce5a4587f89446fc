"""Turn-based tables and notifications (issue 25 §2): a table's pace (real-time or turn-based),
what happens at a decision's time limit, an agreed pause; an account's channels and its
browsers' Web Push subscriptions.

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # New columns only, all with a value meaning "as before": every stored table stays a
    # real-time table whose timer lets the AI decide, every account keeps the default channels.
    # (plain ADD COLUMNs, which SQLite takes as they are: a batch would copy the table, which
    # the seat tokens' and log's foreign keys forbid)
    op.add_column("tables", sa.Column("turn_based", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("at_limit", sa.String(16)))
    op.add_column("tables", sa.Column("pause", sa.Text))
    op.add_column("tables", sa.Column("pause_until", sa.Float))
    op.add_column("accounts", sa.Column("channels", sa.Text))
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("channels")
    with op.batch_alter_table("tables") as batch:
        for name in ("pause_until", "pause", "at_limit", "turn_based"):
            batch.drop_column(name)
