"""Accounts (optional; issue 25 §1): names with argon2 password hashes, their server-side
sessions (revocable, with an expiry) and the seats each account owns.

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only new tables: nothing stored so far changes, every table and seat token stays as it was
    # (anonymous play goes on with seat tokens alone).
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("email", sa.String(254)),
        sa.Column("must_change", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("password_changed", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("token_box", sa.String(64), nullable=False),
        sa.Column("added", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("account_seats", "sessions", "accounts"):
        op.drop_table(name)
