"""Fixtures for CLI tests: a real Herald server on a free port, and a `herald` runner.

The server is server.app.create_app over a SQLite file in tmp_path, served by
werkzeug in a thread. The runner drives client.cli with click's CliRunner and sets
HERALD_SERVER/HERALD_TOKEN per call, so one test can act as several players.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from client.cli import cli
from core import games
from tests.server.live import serving
from tests.support.toygame import GAME as TOY


@pytest.fixture
def toy_game():
    """The toy game from tests/support, registered for the duration of one test."""
    games.register(TOY.name, TOY)
    yield TOY
    games.unregister(TOY.name)


def make_app(tmp_path, seeds=None):
    """An app over a SQLite file in tmp_path; `seeds`: a test's seed source (the `game_seeds`
    fixture), else every game takes a secret random seed as in production."""
    from server.app import create_app
    from server.config import load_config
    from server.table.seeds import SOURCE

    config = load_config({
        "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
        "HERALD_MAIL_DIR": str(tmp_path / "mail"),
        "HERALD_RATELIMIT_ENABLED": "0",  # explicit: tests/client/test_retry_after.py turns them on
    })
    return create_app({**config, SOURCE: seeds} if seeds is not None else config)


@pytest.fixture
def server_url(tmp_path, toy_game, game_seeds):
    """Base URL of a fresh real server (with the toy game installed)."""
    with serving(make_app(tmp_path, game_seeds)) as url:
        yield url


@pytest.fixture
def dead_url():
    """A URL where nothing listens: a port we bound, then released."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


class Herald:
    """Runs `herald ...` in-process as a given player against a given server."""

    def __init__(self, server: str, home):
        self.server = server
        self.home = home
        self.runner = CliRunner()

    def env(self, token=None, server=None):
        return {
            "HERALD_SERVER": server or self.server,
            "HERALD_TOKEN": token,  # None removes it, so the caller's own shell never leaks in
            "HERALD_CLIENT_CONFIG": str(self.home / "client-config.json"),
            "XDG_CONFIG_HOME": str(self.home / "xdg"),
        }

    def __call__(self, *args, token=None, server=None):
        return self.runner.invoke(cli, [str(a) for a in args], env=self.env(token, server),
                                  catch_exceptions=False)

    def json(self, *args, token=None, expect=0):
        """Run with --json, check the exit code, return the parsed stdout."""
        result = self(args[0], "--json", *args[1:], token=token)
        assert result.exit_code == expect, (result.exit_code, result.stdout, result.stderr)
        return json.loads(result.stdout)

    def register(self, name: str) -> str:
        return self.json("register", name, f"{name}@example.org")["token"]


@pytest.fixture
def herald(server_url, tmp_path):
    return Herald(server_url, tmp_path)


@pytest.fixture
def offline_herald(dead_url, tmp_path):
    """A runner pointed at a server that is not there (no server fixture needed)."""
    return Herald(dead_url, tmp_path)


@pytest.fixture
def two_player_game(herald):
    """Alice and Bob seated in a fresh toy-race game: (game id, alice token, bob token)."""
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald.json("join", codes[0], token=alice)
    herald.json("join", codes[1], token=bob)
    return created["id"], alice, bob
