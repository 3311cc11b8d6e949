"""The table features (preview, public games, chat, ...) run against the same fixtures as the
server and client tests: a real SQLite file, the Flask test client or a real HTTP server."""
from tests.client.conftest import Herald, dead_url, herald, make_app, offline_herald, server_url, two_player_game  # noqa: F401
from tests.server.conftest import Api, alice_bob, api, app, client, config, no_bots_game, toy_game  # noqa: F401
