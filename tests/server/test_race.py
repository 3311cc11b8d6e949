"""Racing PUTs at the same seq against a real threaded HTTP server: exactly one wins."""
import json
import threading
import time
import urllib.request

import pytest

from tests.server.live import http_put, race, serving


@pytest.fixture
def live_url(app):
    with serving(app) as url:
        yield url


def test_different_moves_racing_for_one_seq_accept_exactly_one(api, alice_bob, live_url):
    alice, _ = alice_bob
    game = api.start_game(alice_bob)
    moves = [m["move"] for m in api.legal(game, alice)["moves"]]
    bodies = [{"move": moves[i % len(moves)]} for i in range(9)]
    results = race(f"{live_url}/games/{game}/moves/0", alice["token"], bodies)
    statuses = [status for status, _ in results]
    assert statuses.count(201) == 1, results
    winner = next(body for status, body in results if status == 201)
    for (status, body), sent in zip(results, bodies):
        if status == 200:  # the same move as the winner: the same answer
            assert sent["move"] == winner["move"] and body == winner
        elif status != 201:
            assert status == 409 and body["error"]["code"] == "seq-taken"
    log = api.call("GET", f"/games/{game}/moves", alice).json
    assert log["version"] == 1 and len(log["moves"]) == 1 and log["moves"][0]["move"] == winner["move"]


def test_identical_moves_racing_all_get_the_same_answer(api, alice_bob, live_url):
    alice, _ = alice_bob
    game = api.start_game(alice_bob)
    move = api.legal(game, alice)["moves"][0]["move"]
    results = race(f"{live_url}/games/{game}/moves/0", alice["token"], [{"move": move}] * 6)
    assert sorted(status for status, _ in results) == [200] * 5 + [201]
    assert len({json.dumps(body, sort_keys=True) for _, body in results}) == 1


def test_wait_returns_as_soon_as_i_am_prompted(api, alice_bob, live_url):
    alice, bob = alice_bob
    game = api.start_game(alice_bob)
    answer = {}

    def bob_waits():
        request = urllib.request.Request(f"{live_url}/games/{game}/wait?timeout=20",
                                         headers={"Authorization": f"Bearer {bob['token']}"})
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=30) as response:
            answer["body"] = json.loads(response.read())
        answer["seconds"] = time.monotonic() - started

    waiter = threading.Thread(target=bob_waits)
    waiter.start()
    time.sleep(0.5)
    move = api.legal(game, alice)["moves"][0]["move"]
    status, _ = http_put(f"{live_url}/games/{game}/moves/0", alice["token"], {"move": move})
    waiter.join(30)
    assert status == 201
    assert answer["seconds"] < 5
    assert answer["body"]["version"] == 1 and answer["body"]["prompted"][0]["seat"] == 1
