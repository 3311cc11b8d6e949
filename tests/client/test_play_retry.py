"""`herald play` when another player moves between its GET and its PUT (409 seq-taken).

A WSGI wrapper around the real server lets Bob's real move land right after Alice's
client has read the version, exactly the race `play` must absorb by refetching.
"""
import pytest

from client import exitcodes
from client.api import HeraldApi
from core import games
from tests.client.conftest import Herald, make_app, serve
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
def racing_server(tmp_path):
    games.register(ROLL_CALL.name, ROLL_CALL)
    wrapper = MoveAfterFirstRead(None)
    wrapper.app = make_app(tmp_path)
    url, stop = serve(wrapper)
    yield url, wrapper
    stop()
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
