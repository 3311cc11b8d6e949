"""The client under concurrency: moves racing each other, and a server too busy to answer.

WSGI wrappers around the real server place a real move between a client's read and
its write (409 seq-taken), or answer one read with the server's own 503 `busy` error,
the two races `herald` must absorb by asking again.
"""
import json

import pytest

from client import exitcodes
from client.api import HeraldApi
from core import games
from server.errors import ApiError as ServerError
from tests.client.conftest import Herald, make_app
from tests.server.live import serving
from tests.client.rollcall import GAME as ROLL_CALL


class MoveAfterFirstRead:
    """Passes every request through; after the first `GET /games/<id>` with the given
    token has been answered, runs `intrude()` once before handing that answer back."""

    def __init__(self, app):
        self.app = app
        self.token = None
        self.intrude = None
        self.fired = 0

    def __call__(self, environ, start_response):
        answer = list(self.app(environ, start_response))
        if (self.intrude and not self.fired and environ["REQUEST_METHOD"] == "GET"
                and environ.get("HTTP_AUTHORIZATION") == f"Bearer {self.token}"
                and environ["PATH_INFO"].count("/") == 2 and environ["PATH_INFO"].startswith("/games/")):
            self.fired += 1
            self.intrude()
        return answer


@pytest.fixture
def racing_server(tmp_path, game_seeds):
    games.register(ROLL_CALL.name, ROLL_CALL)
    wrapper = MoveAfterFirstRead(None)
    wrapper.app = make_app(tmp_path, game_seeds)
    try:
        with serving(wrapper) as url:
            yield url, wrapper
    finally:
        games.unregister(ROLL_CALL.name)


def test_play_refetches_and_retries_when_someone_moved_at_the_same_time(racing_server, tmp_path):
    url, wrapper = racing_server
    herald = Herald(url, tmp_path)
    alice, bob, carol = herald.register("alice"), herald.register("bob"), herald.register("carol")
    created = herald.json("new", "roll-call", "--seats", 3, token=alice)
    game = created["id"]
    invites = sorted(created["invites"], key=lambda invite: invite["seat"])
    for invite, token in zip(invites, [alice, bob, carol]):
        herald.json("join", invite["code"], token=token)

    wrapper.token = alice
    wrapper.intrude = lambda: HeraldApi(url, bob).play(game, 0, "here")
    answer = herald.json("play", game, "here", token=alice)

    assert wrapper.fired == 1  # Bob's move really came between Alice's read and her write
    assert answer["seq"] == 1 and answer["seat"] == 0
    log = herald.json("log", game, token=alice)["moves"]
    assert [(m["seq"], m.get("seat")) for m in log] == [(0, 1), (1, 0)]
    again = herald("play", game, "here", token=alice)  # each seat answers once
    assert again.exit_code == exitcodes.REJECTED and "already answered" in again.stderr


class BusyOnce:
    """Answers the first `GET /games/<id>` with the server's own 503 busy error."""

    def __init__(self, app):
        self.app = app
        self.refused = 0

    def __call__(self, environ, start_response):
        path = environ["PATH_INFO"]
        if not self.refused and environ["REQUEST_METHOD"] == "GET" and path.count("/") == 2 \
                and path.startswith("/games/"):
            self.refused += 1
            body = json.dumps(ServerError(503, "busy", "The game is changing quickly; try again.").body()).encode()
            start_response("503 SERVICE UNAVAILABLE", [("Content-Type", "application/json"),
                                                       ("Content-Length", str(len(body)))])
            return [body]
        return self.app(environ, start_response)


def test_a_busy_server_is_asked_again_without_bothering_the_player(tmp_path, toy_game, game_seeds):
    wrapper = BusyOnce(make_app(tmp_path, game_seeds))
    with serving(wrapper) as url:
        herald = Herald(url, tmp_path)
        alice, bob = herald.register("alice"), herald.register("bob")
        created = herald.json("new", "toy-race", "--seats", 2, token=alice)
        for invite in created["invites"]:
            herald.json("join", invite["code"], token=alice if invite["seat"] == 0 else bob)
        result = herald("show", created["id"], token=alice)
    assert wrapper.refused == 1
    assert result.exit_code == 0 and result.stderr == "" and "Your hand:" in result.stdout
