"""A move whose answer is lost: a server slower than the client's read timeout (an overloaded
host, a long database lock), or a connection cut once the move was sent. The move may have been
played all the same, and `herald play` said "Cannot reach the Herald server" (exit 6): a script
that then ran it again played the move twice, or was refused for a move that was in fact played.
Now the very same move is sent again at the same move number, which the server answers with its
first answer (docs/api.md), and a move never answered is said to be perhaps played (exit 8).
Every other command that changes something does the same under an Idempotency-Key of its own:
`herald new` run by a script that then ran it again made two games."""
import json
import time
from collections import Counter
from http.client import RemoteDisconnected

import pytest
import requests
from urllib3.exceptions import ProtocolError

from client import api, exitcodes
from client.api import HeraldApi, Unreachable
from tests.client.conftest import Herald, make_app
from tests.server.live import serving

# The client's 30 s, scaled down, yet far above what an answer not held back takes on a loaded
# two-core CI machine: at 0.2 s an ordinary answer ran late there too, and was sent a third time.
READ_TIMEOUT = 1.0
LATE = 1.5  # how late a held-back answer comes: longer than the client waits


class LateAnswers:
    """Carries out every request, then holds back the answer of the first `late` move PUTs (and
    of the first `late_talk` message POSTs, and of the first `late_changes[(method, path)]` of
    those, counted in `changes`)."""

    def __init__(self, app):
        self.app = app
        self.late = self.late_talk = 0
        self.puts = self.posts = 0
        self.late_changes: Counter = Counter()
        self.changes: Counter = Counter()

    def __call__(self, environ, start_response):
        answer = list(self.app(environ, start_response))  # the move is played here...
        if environ["REQUEST_METHOD"] == "PUT" and "/moves/" in environ["PATH_INFO"]:
            self.puts += 1
            if self.puts <= self.late:
                time.sleep(LATE)  # ...and its answer comes too late
        if environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"].endswith("/chat"):
            self.posts += 1
            if self.posts <= self.late_talk:
                time.sleep(LATE)
        asked = (environ["REQUEST_METHOD"], environ["PATH_INFO"])
        if asked in self.late_changes:
            self.changes[asked] += 1
            if self.changes[asked] <= self.late_changes[asked]:
                time.sleep(LATE)
        return answer


@pytest.fixture
def slow_server(tmp_path, toy_game, game_seeds, monkeypatch):
    """(a herald runner, the LateAnswers in front of the real server); the client's moves give up
    waiting after READ_TIMEOUT and are sent again without a pause."""
    real = requests.Session.request

    def short_reads(self, method, url, **kwargs):
        if method != "GET":
            kwargs["timeout"] = (5.0, READ_TIMEOUT)
        return real(self, method, url, **kwargs)

    monkeypatch.setattr(requests.Session, "request", short_reads)
    monkeypatch.setattr(api, "RESEND_PAUSE", 0.0)
    wrapper = LateAnswers(make_app(tmp_path, game_seeds))
    with serving(wrapper) as url:
        yield Herald(url, tmp_path), wrapper


def seated_game(herald: Herald) -> tuple[int, str, str]:
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    for invite in created["invites"]:
        herald.json("join", invite["code"], token=alice if invite["seat"] == 0 else bob)
    return created["id"], alice, bob


def test_a_move_answered_too_late_is_sent_again_and_played_once(slow_server):
    herald, server = slow_server
    game, alice, _bob = seated_game(herald)
    move = herald.json("moves", game, token=alice)[0]["text"]
    server.late = 1
    played = herald("play", game, move, token=alice)
    assert played.exit_code == exitcodes.OK, played.stderr
    assert server.puts == 2  # the move, and the same move again at the same move number
    assert [entry["seq"] for entry in herald.json("log", game, token=alice)["moves"]] == [0]


@pytest.mark.slow  # (every send waits out its answer: about 8 s)
def test_a_move_never_answered_is_said_to_be_perhaps_played(slow_server):
    herald, server = slow_server
    game, alice, bob = seated_game(herald)
    server.late = 100
    played = herald("play", game, herald.json("moves", game, token=alice)[0]["text"], token=alice)
    assert played.exit_code == exitcodes.UNCONFIRMED, played.stderr
    assert "may have been played" in played.stderr and f"herald log {game}" in played.stderr
    assert "Cannot reach" not in played.stderr
    assert server.puts == api.MOVE_SENDS
    assert herald.json("show", game, token=alice)["version"] == 1  # played, and once
    as_json = herald("play", game, herald.json("moves", game, token=bob)[0]["text"], "--json", token=bob)
    assert as_json.exit_code == exitcodes.UNCONFIRMED
    assert json.loads(as_json.stderr)["code"] == "move-unconfirmed"


class CutAfterTheFirstMove(requests.Session):
    """Sends every request, but loses the answer to the first PUT, as a connection cut once the
    request has gone out does."""

    cut = 0

    def request(self, method, url, *args, **kwargs):
        answer = super().request(method, url, *args, **kwargs)
        if method == "PUT" and not self.cut:
            self.cut += 1
            raise requests.exceptions.ConnectionError(
                ProtocolError("Connection aborted.", RemoteDisconnected("Remote end closed connection without response")))
        return answer


def test_a_move_whose_connection_was_cut_is_sent_again_and_played_once(herald, two_player_game):
    game, alice, _bob = two_player_game
    client = HeraldApi(herald.server, alice, session=CutAfterTheFirstMove())
    move = client.legal(str(game))["moves"][0]["text"]
    assert client.play(str(game), 0, move)["seq"] == 0
    assert client.session.cut == 1
    assert [entry["seq"] for entry in client.log(str(game))["moves"]] == [0]


class Counting(requests.Session):
    sent = 0

    def request(self, *args, **kwargs):
        self.sent += 1
        return super().request(*args, **kwargs)


def test_a_move_that_never_reached_the_server_is_not_sent_again(dead_url):
    """A connection refused: the move was not played, and that is sure, so it stays exit 6."""
    client = HeraldApi(dead_url, "t0k3n", session=Counting())
    with pytest.raises(Unreachable):
        client.play("1", 0, "pass")
    assert client.session.sent == 1


def test_a_message_answered_too_late_is_sent_again_and_said_once(slow_server):
    """`herald say` sends its message under a key of its own, which the server says once however
    often it comes: a lost answer is sent again, never said twice; never answered, exit 8."""
    herald, server = slow_server
    game, alice, bob = seated_game(herald)
    server.late_talk = 1
    said = herald("say", game, "Shall we trade?", token=alice)
    assert said.exit_code == exitcodes.OK, said.stderr
    assert server.posts == 2
    assert [m["text"] for m in herald.json("chat", game, token=bob)] == ["Shall we trade?"]
    server.late_talk = 100
    lost = herald("say", game, "Or not.", "--json", token=alice)
    assert lost.exit_code == exitcodes.UNCONFIRMED, lost.stderr
    assert json.loads(lost.stderr)["code"] == "message-unconfirmed"
    assert server.posts == 2 + api.MOVE_SENDS
    assert [m["text"] for m in herald.json("chat", game, token=bob)] == ["Shall we trade?", "Or not."]


def my_games(herald: Herald, token: str) -> list[int]:
    return [g["id"] for g in herald.json("games", token=token)]


def test_a_new_game_answered_too_late_is_sent_again_and_made_once(slow_server):
    """`herald new` sends its request under a key of its own, which the server carries out once
    however often it comes: a lost answer is sent again, and one game is made."""
    herald, server = slow_server
    alice = herald.register("alice")
    server.late_changes[("POST", "/games")] = 1
    made = herald("new", "toy-race", "--seats", 2, "--json", token=alice)
    assert made.exit_code == exitcodes.OK, made.stderr
    assert server.changes[("POST", "/games")] >= 2
    assert my_games(herald, alice) == [json.loads(made.stdout)["id"]]


@pytest.mark.slow  # (every send waits out its answer: about 8 s)
def test_a_new_game_never_answered_is_said_to_be_perhaps_made(slow_server):
    herald, server = slow_server
    alice = herald.register("alice")
    server.late_changes[("POST", "/games")] = 100
    lost = herald("new", "toy-race", "--seats", 2, token=alice)
    assert lost.exit_code == exitcodes.UNCONFIRMED, lost.stderr
    assert "may have been carried out" in lost.stderr and "POST /games" in lost.stderr
    assert "Cannot reach" not in lost.stderr
    assert server.changes[("POST", "/games")] == api.MOVE_SENDS
    assert len(my_games(herald, alice)) == 1  # made, and once
    as_json = herald("new", "toy-race", "--seats", 2, "--json", token=alice)
    assert as_json.exit_code == exitcodes.UNCONFIRMED
    assert json.loads(as_json.stderr)["code"] == "request-unconfirmed"
    assert len(my_games(herald, alice)) == 2


def test_a_join_and_a_handover_answered_too_late_are_carried_out_once(slow_server):
    from server.store.models import Notification, Seat

    herald, server = slow_server
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    herald.json("join", created["invites"][0]["code"], token=alice)
    server.late_changes[("POST", "/games/join")] = 1
    joined = herald("join", created["invites"][1]["code"], token=bob)
    assert joined.exit_code == exitcodes.OK, joined.stderr
    assert server.changes[("POST", "/games/join")] == 2  # sent twice
    game = created["id"]
    assert Seat.select().where((Seat.game == game) & Seat.player.is_null(False)).count() == 2
    path = f"/games/{game}/seats/1/handover"
    server.late_changes[("POST", path)] = 1
    handed = herald("seat", game, 1, "--invite", "carol@example.org", token=bob)
    assert handed.exit_code == exitcodes.OK, handed.stderr
    assert server.changes[("POST", path)] >= 2
    assert Notification.select().where((Notification.kind == "invite") & (Notification.game == game)).count() == 1


def test_a_token_rotation_answered_too_late_still_gives_the_new_token(slow_server):
    """Sent again with the old token (which stopped working as the rotation committed), the
    rotation is answered with the new token it made, not refused as unauthorised."""
    herald, server = slow_server
    alice = herald.register("alice")
    server.late_changes[("POST", "/players/me/token")] = 1
    rotated = herald("token", "rotate", "--json", token=alice)
    assert rotated.exit_code == exitcodes.OK, rotated.stderr
    new = json.loads(rotated.stdout)["token"]
    assert new != alice and server.changes[("POST", "/players/me/token")] == 2
    assert herald.json("me", token=new)["name"] == "alice"
    assert herald("me", token=alice).exit_code == exitcodes.AUTH
