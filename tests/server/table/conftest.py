"""The table's tests (server/table/: preview, public games, chat, ...) run against the server
tests' fixtures (tests/server/conftest.py: a real SQLite file, the Flask test client) and the
client tests' (a real HTTP server, the `herald` command)."""
from tests.client.conftest import Herald, dead_url, herald, make_app, offline_herald, server_url, two_player_game  # noqa: F401
