"""300 clients in GET /wait at once, against real gunicorn with the shipped settings and three
worker processes on one SQLite file: every waiter is woken by the move that prompts its
seat, with that move's answer, whichever process holds it; moves and reads are served
meanwhile. (Before the notifier, 32 waiters starved the shipped server.)"""
import threading
import time

import pytest

from tests.server.gunicorn_live import call, shipped_gunicorn

pytest.importorskip("gunicorn", reason="the load test runs the shipped gunicorn settings")

GAMES = 100
WAITERS_PER_GAME = 3
RULESET = "castle-assault"


def ok(result, expected=(200, 201)):
    status, body = result
    assert status in expected, (status, body)
    return body


def start_games(port, alice, bob):
    """GAMES two-seat games, alice in seat 0 and bob in seat 1: {id: prompted seats}."""
    games = {}
    for _ in range(GAMES):
        game = ok(call(port, "POST", "/games", {"ruleset": RULESET, "seats": 2}, alice["token"]))
        for player, invite in zip((alice, bob), game["invites"]):
            ok(call(port, "POST", "/games/join", {"invite": invite["code"]}, player["token"]))
        detail = ok(call(port, "GET", f"/games/{game['id']}", token=alice["token"]))
        games[game["id"]] = {p["seat"] for p in detail["prompted"]}
    return games


class Waiter(threading.Thread):
    def __init__(self, port, game, seat, token):
        super().__init__(daemon=True)
        self.port, self.game, self.seat, self.token = port, game, seat, token
        self.answer = self.returned = None

    def run(self):
        try:
            self.answer = call(self.port, "GET", f"/games/{self.game}/wait?timeout=60", token=self.token, timeout=90)
        except OSError as exc:
            self.answer = (None, repr(exc))
        self.returned = time.monotonic()


def play_until_prompted(port, game, seat, players):
    """Moves by the other seat until `seat` is asked: (time the prompting PUT was sent, version).
    Whether `seat` is asked is read with its own token: a reaction prompt is hidden from the mover."""
    mover = players[1 - seat]
    for _ in range(50):
        legal = ok(call(port, "GET", f"/games/{game}/legal", token=mover["token"]))
        move = next(m["move"] for m in legal["moves"] if "move" in m)
        sent = time.monotonic()
        ok(call(port, "PUT", f"/games/{game}/moves/{legal['version']}", {"move": move}, mover["token"]))
        mine = ok(call(port, "GET", f"/games/{game}", token=players[seat]["token"]))
        if seat in {p["seat"] for p in mine["prompted"]} or mine["status"] == "finished":
            return sent, mine["version"]
    raise AssertionError(f"game {game}: seat {seat} never prompted")


def test_300_waiters_are_woken_right_while_other_requests_are_served(tmp_path):
    with shipped_gunicorn(tmp_path, workers=3) as (port, _):
        alice = ok(call(port, "POST", "/players", {"name": "alice", "email": "alice@example.org"}))
        bob = ok(call(port, "POST", "/players", {"name": "bob", "email": "bob@example.org"}))
        players = [alice, bob]
        games = start_games(port, alice, bob)
        idle = {game: ({0, 1} - prompted).pop() for game, prompted in games.items()}
        waiters = [Waiter(port, game, seat, players[seat]["token"])
                   for game, seat in idle.items() for _ in range(WAITERS_PER_GAME)]
        for waiter in waiters:
            waiter.start()
        time.sleep(2)  # all 300 are in the server now, asleep
        assert [w for w in waiters if w.answer is not None] == []

        # Other requests are answered while they wait (the old long-poll starved them).
        for game in list(games)[:20]:
            ok(call(port, "GET", f"/games/{game}", token=alice["token"], timeout=15))
            ok(call(port, "GET", f"/games/{game}/render", token=bob["token"], timeout=15))
        ok(call(port, "GET", "/health", timeout=15))

        prompted_at = {game: play_until_prompted(port, game, seat, players) for game, seat in idle.items()}
        for waiter in waiters:
            waiter.join(60)
        assert [w for w in waiters if w.is_alive()] == []
        for waiter in waiters:
            status, body = waiter.answer
            sent, version = prompted_at[waiter.game]
            assert status == 200, waiter.answer
            assert body["my_seat"] == waiter.seat and body["version"] == version
            assert waiter.seat in {p["seat"] for p in body["prompted"]} or body["status"] == "finished"
            assert waiter.returned >= sent  # woken by that move, not before it
