"""Alembic environment: the server hands over its open connection (`Store.migrate`)."""
from alembic import context

from ludoteka.server.store import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA)
with context.begin_transaction():
    context.run_migrations()
