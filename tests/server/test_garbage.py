"""Garbage sent to every endpoint: always a 4xx with a JSON error body, never a 500."""
import pytest

ENDPOINTS = [
    ("POST", "/players"),
    ("GET", "/players/me"),
    ("POST", "/games"),
    ("POST", "/games/join"),
    ("GET", "/games"),
    ("GET", "/games/{game}"),
    ("GET", "/games/{game}/render"),
    ("GET", "/games/{game}/legal"),
    ("GET", "/games/{game}/wait"),
    ("PUT", "/games/{game}/moves/{seq}"),
    ("GET", "/games/{game}/moves"),
]

BODIES = [
    {"data": "{not json", "content_type": "application/json"},
    {"data": "name=alice", "content_type": "application/x-www-form-urlencoded"},
    {"data": "\x00\xff\xfe", "content_type": "application/octet-stream"},
    {"json": []},
    {"json": "a string"},
    {"json": 12},
    {"json": None},
    {"json": {}},
    {"json": {"name": 5, "email": ["x"], "ruleset": {"a": 1}, "seats": "two", "invite": 7, "move": "x", "text": 5}},
    {"json": {"name": "x" * 100_000, "email": "a@b.c"}},
    {"json": {"text": "play " + "t" * 100_000}},
    {"json": {"move": {"play": "t1"}, "text": "play t1"}},
    {"json": {"move": {"play": 10 ** 30}}},
    {"json": {"move": {"play": 1.5}}},
    {"json": {"ruleset": "toy-race", "seats": -3}},
    {"json": {"ruleset": "toy-race", "seats": 10 ** 30}},
    {"json": {"ruleset": "toy-race", "seats": 2, "options": {"target": 10 ** 30}}},
    {"json": {"ruleset": "toy-race", "seats": 2, "options": [1, 2]}},
    {"json": {"ruleset": "toy-race", "seats": 2, "options": {"target": 1.5}}},
    {"json": {"ruleset": "toy-race", "seats": 2, "unexpected": True}},
    {"json": {"invite": "x" * 5000}},
    {"data": '{"move": ' + "[" * 20000 + "]" * 20000 + "}", "content_type": "application/json"},
    {"data": '{"move": {"play": NaN}, "seats": Infinity}', "content_type": "application/json"},
    {"data": '{"text": "\\ud800\\u0000"}', "content_type": "application/json"},
    {"data": b'{"text": "\xff\xfe"}', "content_type": "application/json"},
    # NUL characters in strings the server looks up or stores (PostgreSQL refuses them in text).
    {"json": {"invite": "ab\u0000cd"}},
    {"json": {"name": "al\u0000ice", "email": "a\u0000@b.c"}},
    {"json": {"move": {"play": "t\u00001", "\u0000": "\u0000"}}},
    {"json": {"text": "play t\u00001"}},
    {"json": {"ruleset": "toy\u0000race", "seats": 2, "options": {"\u0000": "\u0000"}}},
]

QUERIES = ["", "?seat=-1", "?seat=abc", "?seat=99999999999999999999999", "?from=-5", "?from=x",
           "?from=99999999999999999999999", "?from=1e3", "?timeout=99999999999999999999999",
           "?timeout=999", "?timeout=-1", "?mine=maybe", "?open=%00"]


def assert_no_engine_error(response, what):
    """An engine-error is a bug in a rules engine that this input uncovered: always a failure."""
    code = response.json.get("error", {}).get("code") if response.is_json and isinstance(response.json, dict) else None
    assert code != "engine-error", (what, "uncovered an engine bug; see the server log for the traceback")


def assert_json_4xx(response, what):
    assert_no_engine_error(response, what)
    assert 400 <= response.status_code < 500, (what, response.status_code, response.get_data()[:300])
    assert response.is_json, what
    error = response.json["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str), what


@pytest.fixture(autouse=True)
def no_long_polls(monkeypatch):
    """GET /wait would hold each garbage call for its default 30 s: cap it at 0 here."""
    monkeypatch.setattr("server.table.gameviews.MAX_WAIT", 0)


@pytest.fixture
def setting(api, alice_bob):
    """A started game with one move made, seen by an outsider (carol) and a seated player."""
    game = api.start_game(alice_bob)
    api.play_first_legal(game, alice_bob)
    return {"game": game, "alice": alice_bob[0], "carol": api.register("carol")}


@pytest.mark.parametrize("method,path", ENDPOINTS)
def test_garbage_bodies_and_queries(api, setting, method, path):
    """Bodies and queries of every wrong shape, from a seated player and from an outsider."""
    for game, seq in ((setting["game"], 1), (setting["game"], 0), (987654, 0)):
        url = path.format(game=game, seq=seq)
        for who in ("alice", "carol"):
            for body in BODIES:
                response = api.call(method, url, setting[who], **body)
                if response.status_code < 400:
                    # Only a GET ignores its body; it must still answer JSON.
                    assert method == "GET" and response.is_json, (url, body)
                    continue
                assert_json_4xx(response, (method, url, who, str(body)[:80]))
            for query in QUERIES:
                response = api.call(method, url + query, setting[who], json={})
                if response.status_code >= 400 or method != "GET":
                    assert_json_4xx(response, (method, url + query, who))


@pytest.mark.parametrize("url", ["/games/-1", "/games/abc", "/games/99999999999999999999999999",
                                 "/games/1/moves/-1", "/games/1/moves/99999999999999999999999999",
                                 "/games/1/moves/1.5", "/nothing/here", "/games/1/legal/extra"])
def test_bad_paths_are_json_404s(api, setting, url):
    for method in ("GET", "PUT", "POST", "DELETE"):
        response = api.call(method, url, setting["alice"], json={"text": "pass"})
        assert_json_4xx(response, (method, url))


def test_huge_seq_is_seq_ahead(api, setting):
    response = api.call("PUT", f"/games/{setting['game']}/moves/{2 ** 62}", setting["alice"], json={"text": "pass"})
    assert response.status_code == 409 and response.json["error"]["code"] == "seq-ahead"


def test_wrong_method_and_bad_auth_headers(api, setting):
    assert_json_4xx(api.client.delete("/players"), "DELETE /players")
    for header in ("Bearer", "Basic abc", "Bearer " + "x" * 10_000, "bearer \x7f", "Token abc"):
        response = api.client.get("/players/me", headers={"Authorization": header})
        assert response.status_code == 401 and response.json["error"]["code"] == "unauthorized", header


def test_outsiders_are_forbidden(api, setting):
    for path in ("", "/render", "/legal", "/moves"):
        response = api.call("GET", f"/games/{setting['game']}{path}", setting["carol"])
        assert response.status_code == 403 and response.json["error"]["code"] == "forbidden"
    put = api.call("PUT", f"/games/{setting['game']}/moves/1", setting["carol"], json={"text": "pass"})
    assert put.status_code == 403


def test_oversized_body_is_413_json(api, setting):
    response = api.call("POST", "/players", data="x" * 200_000, content_type="application/json")
    assert response.status_code == 413 and response.json["error"]["code"] == "too-large"


KEYS = ["name", "email", "ruleset", "seats", "options", "standing", "invite", "move", "text", "play", "pass",
        "type", "target", "seat", ""]


def random_json(rng, depth=0):
    """A random JSON value built from the keys the API and the games know."""
    kind = rng.below(9 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.below(2) == 1
    if kind == 2:
        return rng.below(2 ** 70) - 2 ** 69 if rng.below(3) == 0 else rng.below(10) - 2
    if kind == 3:
        return rng.choice(["", "t1", "pass", "play t1", "toy-race", "a@b.c", "x" * rng.below(300), "\u0000", "€"])
    if kind == 4:
        return rng.choice(["play", "attack 1 V12", "support +2", "advance T7 4", "%", "-1"])
    if kind == 5:
        return rng.below(1000) / 7
    if kind == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.below(4))]
    return {rng.choice(KEYS): random_json(rng, depth + 1) for _ in range(rng.below(5))}


@pytest.mark.parametrize("method,path", ENDPOINTS)
def test_random_json_never_gives_a_500(api, setting, method, path):
    from core.rng import Rng

    rng = Rng(f"fuzz:{method}:{path}")
    url = path.format(game=setting["game"], seq=1)
    for _ in range(120):
        body = random_json(rng)
        response = api.call(method, url, setting["alice"], json=body)
        assert_no_engine_error(response, body)
        assert response.status_code < 500 and response.is_json, (body, response.get_data()[:300])


@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery", "wizards-quest"])
def test_random_moves_and_notation_against_a_real_engine(api, ruleset):
    """A real game's parser and rules fed random shapes: 4xx answers, never a 500."""
    from core import games
    from core.rng import Rng

    games[ruleset]  # every registered ruleset is part of the product: missing is a failure
    players = [api.register("p0"), api.register("p1")]
    game = api.start_game(players, ruleset=ruleset)
    rng = Rng(f"fuzz:{ruleset}")
    legal_texts = []
    for player in players:
        legal_texts += [m["text"] for m in api.call("GET", f"/games/{game}/legal", player).json["moves"]]
    words = " ".join(legal_texts).split() + ["-1", "999999999999", "V", "T", "+", "all", ""]
    for i in range(300):
        player = players[rng.below(2)]
        if i % 2:
            body = {"text": " ".join(rng.choice(words) for _ in range(rng.below(5) + 1))}
        else:
            body = {"move": random_json(rng, 1) if rng.below(2) else
                    {"type": rng.choice(["attack", "pass", "play", "standing", "support", "advance"]),
                     rng.choice(KEYS): random_json(rng, 2)}}
            if not isinstance(body["move"], dict):
                body["move"] = {"type": body["move"]}
        response = api.call("PUT", f"/games/{game}/moves/{api.game(game, player)['version']}", player, json=body)
        assert_no_engine_error(response, body)
        assert response.status_code < 500 and response.is_json, (body, response.get_data()[:300])
