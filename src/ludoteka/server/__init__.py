"""The game server: tables of any registered game, seats for people (by secret invite), hot-seat
and AI, spectators, and an append-only move log in a database that rebuilds every table.

Layers, inward: `app` (HTTP and WebSocket routes) -> `tables` (the authority: one in-memory state
per table, moves checked by the kernel, committed before they are acknowledged) -> `store`
(SQLAlchemy Core on SQLite or PostgreSQL, Alembic migrations) and `hub` (pushes to WebSocket
clients, across processes through Redis). AI seats play in `ai_pool`'s worker processes.
"""
