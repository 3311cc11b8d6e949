"""Fixtures for server tests: the toy game registered, a real SQLite file in tmp_path, a real
SMTP server (`mailbox`, `smtp_config`), Flask's test client, and helpers that register players
and start games through the API."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from core import games
from tests.server.mailbox import Mailbox
from tests.server.mailplay import table  # noqa: F401 - the mail-play fixture, for every test here
from core.reference import GAME as TOY
from tests.support.toyversions import BuggyGame, NoBots


@contextmanager
def registered(engine):
    """`engine` among the games while the block runs."""
    games.register(engine.name, engine)
    try:
        yield engine
    finally:
        games.unregister(engine.name)


@pytest.fixture
def toy_game():
    """The reference game (core/reference, Race to 21), registered for one test and removed after."""
    with registered(TOY) as game:
        yield game


@pytest.fixture
def no_bots_game():
    """The reference game as a game without bots (`toy-no-bots`), registered for one test."""
    with registered(NoBots()) as game:
        yield game


@pytest.fixture
def buggy(toy_game):
    """The toy game with a bug planted where a test asks for it (`toy-buggy`, its `bug`)."""
    with registered(BuggyGame()) as game:
        yield game


@pytest.fixture
def config(tmp_path, game_seeds):
    from server.config import load_config
    from server.table.seeds import SOURCE

    return {**load_config({
        "HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
        "HERALD_MAIL_DIR": str(tmp_path / "mail"),
        "HERALD_PUBLIC_URL": "https://herald.example.org",
        "HERALD_EMAIL_CHECK_DNS": "0",  # the tests have no network: no DNS lookup at registration
        # Many tests register, fail tokens or join on purpose, from one address: the limits
        # themselves are tested in test_ratelimits.py with small values of their own.
        "HERALD_RATELIMIT_ENABLED": "0",
    }), SOURCE: game_seeds}  # every game's deal the same on every run (tests/support/seeds.py)


@pytest.fixture
def mailbox():
    box = Mailbox()
    yield box
    box.stop()


@pytest.fixture
def smtp_config(config, mailbox):
    return {**config, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": mailbox.port, "SMTP_TLS": "none",
            "MAIL_FROM": "herald@example.org"}


@pytest.fixture
def app(config, toy_game):
    from server.app import create_app
    from server.store.db import database

    app = create_app(config)
    yield app
    database.close()


@pytest.fixture
def client(app):
    return app.test_client()


class Api:
    """Thin helper over the test client: players as tokens, games started through the API."""

    def __init__(self, client):
        self.client = client

    def register(self, name: str, email: str | None = None) -> dict:
        response = self.client.post("/players", json={"name": name, "email": email or f"{name}@example.org"})
        assert response.status_code == 201, response.json
        return response.json

    @staticmethod
    def auth(player: dict) -> dict:
        return {"Authorization": f"Bearer {player['token']}"}

    def call(self, method: str, path: str, player: dict | None = None, **kwargs):
        headers = {**(self.auth(player) if player else {}), **kwargs.pop("headers", {})}
        return self.client.open(path, method=method, headers=headers, **kwargs)

    def start_game(self, players: list[dict], ruleset: str = "toy-race", options: dict | None = None) -> int:
        created = self.call("POST", "/games", players[0],
                            json={"ruleset": ruleset, "seats": len(players), "options": options or {}})
        assert created.status_code == 201, created.json
        seated = []
        for player, invite in zip(players, created.json["invites"]):
            another = {"another_seat": True} if player in seated else {}  # one player in several seats
            seated.append(player)
            joined = self.call("POST", "/games/join", player, json={"invite": invite["code"], **another})
            assert joined.status_code == 200, joined.json
        return created.json["id"]

    def game(self, game_id: int, player: dict) -> dict:
        response = self.call("GET", f"/games/{game_id}", player)
        assert response.status_code == 200, response.json
        return response.json

    def legal(self, game_id: int, player: dict) -> dict:
        response = self.call("GET", f"/games/{game_id}/legal", player)
        assert response.status_code == 200, response.json
        return response.json

    def play_first_legal(self, game_id: int, players: list[dict]):
        """The prompted player plays their first legal move; returns the PUT response."""
        detail = self.game(game_id, players[0])
        seat = detail["prompted"][0]["seat"]
        mover = players[seat]
        legal = self.legal(game_id, mover)
        return self.call("PUT", f"/games/{game_id}/moves/{detail['version']}", mover,
                         json={"move": legal["moves"][0]["move"]})


@pytest.fixture
def api(client):
    return Api(client)


@pytest.fixture
def alice_bob(api):
    return [api.register("alice"), api.register("bob")]


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL server for the module's tests (skipped, with the reason, where
    its programs are missing): tests/server/postgres.py."""
    from tests.server.postgres import start_or_skip

    server = start_or_skip()
    yield server
    server.stop()
