"""Registration, authentication, creating, joining, listing and looking at games."""
import hashlib
import sqlite3

from core.rng import seed_hash


def test_token_is_shown_once_and_stored_only_hashed(api, config):
    alice = api.register("alice")
    me = api.call("GET", "/players/me", alice)
    assert me.status_code == 200 and me.json == {"id": alice["id"], "name": "alice", "email": "alice@example.org",
                                                 "mail": "turns", "waiting": 0,
                                                 "timezone": "UTC", "quiet_hours": "22:00-08:00", "digest_at": "08:00",
                                                 "language": None}
    path = config["DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        (stored,) = db.execute("SELECT token_hash FROM players WHERE id = ?", (alice["id"],)).fetchone()
        dump = "\n".join(db.iterdump())
    assert stored == hashlib.sha256(alice["token"].encode()).hexdigest()
    assert alice["token"] not in dump


def test_duplicate_name_is_409(api):
    api.register("alice")
    again = api.client.post("/players", json={"name": "alice", "email": "other@example.org"})
    assert again.status_code == 409 and again.json["error"]["code"] == "name-taken"


def test_missing_or_unknown_token_is_401(api):
    assert api.client.get("/players/me").json["error"]["code"] == "unauthorized"
    unknown = api.client.get("/players/me", headers={"Authorization": "Bearer not-a-token"})
    assert unknown.status_code == 401 and unknown.json["error"]["code"] == "unauthorized"


def test_create_join_start(api, alice_bob):
    alice, bob = alice_bob
    created = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2, "options": {"target": "30"}})
    assert created.status_code == 201
    body = created.json
    assert body["status"] == "open" and body["options"] == {"target": 30}
    assert [i["seat"] for i in body["invites"]] == [0, 1]
    assert len({i["code"] for i in body["invites"]}) == 2
    # The creator is not seated automatically: they watch, and still see the unused invites.
    watching = api.game(body["id"], alice)
    assert watching["my_seat"] is None and watching["my_seats"] == [] and len(watching["invites"]) == 2
    assert api.call("GET", f"/games/{body['id']}", bob).status_code == 403
    first = api.call("POST", "/games/join", bob, json={"invite": body["invites"][1]["code"]})
    assert first.json == {"game": body["id"], "seat": 1}
    assert api.game(body["id"], bob)["status"] == "open"
    api.call("POST", "/games/join", alice, json={"invite": body["invites"][0]["code"]})
    game = api.game(body["id"], alice)
    assert game["status"] == "active" and game["version"] == 0
    assert game["prompted"] == [{"seat": 0, "kind": "turn", "text": "Play a card (total 0/30)."}]
    assert game["my_seat"] == 0 and len(game["view"]["hand"]) == 3
    assert [s["name"] for s in game["seats"]] == ["alice", "bob"]


def test_used_and_unknown_invites(api, alice_bob):
    alice, bob = alice_bob
    created = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    code = created["invites"][0]["code"]
    api.call("POST", "/games/join", alice, json={"invite": code})
    used = api.call("POST", "/games/join", bob, json={"invite": code})
    assert used.status_code == 409 and used.json["error"]["code"] == "invite-used"
    unknown = api.call("POST", "/games/join", bob, json={"invite": "no-such-invite"})
    assert unknown.status_code == 404 and unknown.json["error"]["code"] == "not-found"
    for malformed in ("ab\u0000cd", "a b", "é"):
        response = api.call("POST", "/games/join", bob, json={"invite": malformed})
        assert response.status_code == 404 and response.json["error"]["code"] == "not-found", malformed


def test_options_are_validated_by_the_game(api, alice_bob):
    alice, _ = alice_bob
    for options in ({"target": 2}, {"target": "lots"}, {"speed": 3}):
        response = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2, "options": options})
        assert response.status_code == 422 and response.json["error"]["code"] == "bad-option", options
    too_many = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 9})
    assert too_many.status_code == 422 and too_many.json["error"]["code"] == "bad-player-count"
    unknown = api.call("POST", "/games", alice, json={"ruleset": "chess", "seats": 2})
    assert unknown.status_code == 422 and unknown.json["error"]["code"] == "unknown-ruleset"


def test_lists_mine_and_open(api, alice_bob):
    alice, bob = alice_bob
    carol = api.register("carol")
    started = api.start_game([alice, bob])
    waiting = api.call("POST", "/games", carol, json={"ruleset": "toy-race", "seats": 3, "public": True}).json["id"]
    mine = api.call("GET", "/games?mine=1", bob).json
    assert [g["id"] for g in mine] == [started]
    created = api.call("GET", "/games?mine=1", carol).json  # created, not yet seated: still mine
    assert [(g["id"], g["my_seats"]) for g in created] == [(waiting, [])]
    assert mine[0]["my_seats"] == [1] and mine[0]["prompted"] == [0] and mine[0]["status"] == "active"
    open_games = api.call("GET", "/games?open=1", bob).json
    assert [g["id"] for g in open_games] == [waiting]


def test_seed_hash_public_from_creation_seed_revealed_only_at_the_end(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game([alice, bob], options={"target": 5})
    game = api.game(game_id, alice)
    assert "seed" not in game
    while game["status"] != "finished":
        assert api.play_first_legal(game_id, [alice, bob]).status_code == 201
        game = api.game(game_id, bob)
    assert seed_hash(game["seed"]) == game["seed_hash"]
    assert game["result"]["winners"] and game["prompted"] == []
    after = api.call("PUT", f"/games/{game_id}/moves/{game['version']}", alice, json={"text": "pass"})
    assert after.status_code == 409 and after.json["error"]["code"] == "game-not-active"


def test_render_and_rulesets(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game([alice, bob])
    text = api.call("GET", f"/games/{game_id}/render", bob).json["text"]
    assert "Your hand:" in text
    rulesets = api.client.get("/rulesets").json
    toy = next(r for r in rulesets if r["name"] == "toy-race")
    assert toy["min_players"] == 2 and toy["options"]["target"]["default"] == 21


def test_openapi_document(api):
    spec = api.client.get("/openapi.json").json
    assert spec["info"]["title"] == "Herald" and spec["openapi"] == "3.0.3"
    assert "/games/{game_id}/moves/{seq}" in spec["paths"]


def test_authentication_comes_before_validation(api, alice_bob):
    """A stranger's malformed request is refused as unauthenticated, not explained."""
    for method, path in (("PUT", "/games/1/moves/0"), ("POST", "/games"), ("POST", "/games/join"),
                         ("GET", "/games?mine=maybe"), ("GET", "/games/1/moves?from=x")):
        response = api.client.open(path, method=method, json={"bad": True})
        assert response.status_code == 401 and response.json["error"]["code"] == "unauthorized", path
    assert api.client.get("/openapi.json").status_code == 200
    assert api.client.get("/rulesets").status_code == 200


def test_invite_codes_are_letters_and_digits_so_a_shell_never_reads_them_as_options(api, alice_bob):
    """A code starting with '-' made `herald join <code>` parse it as an option."""
    import re

    for _ in range(30):
        created = api.call("POST", "/games", alice_bob[0], json={"ruleset": "toy-race", "seats": 4})
        assert created.status_code == 201
        for invite in created.json["invites"]:
            assert re.fullmatch(r"[a-z2-7]{16}", invite["code"]), invite["code"]


def test_fields_the_server_does_not_know_are_refused_not_ignored(api, alice_bob):
    """Standing answers are moves inside a game (`standing ...`), not a creation field."""
    created = api.call("POST", "/games", alice_bob[0],
                       json={"ruleset": "toy-race", "seats": 2, "standing": {"pass": "always"}})
    assert created.status_code == 422
    assert created.json["error"]["code"] and "standing" in created.json["error"]["message"]


def test_joining_again_with_my_own_invite_is_the_same_join(api, alice_bob):
    """A join retried after a lost answer (also once the game has started) gets the same
    answer; nobody else can use that invite, and no second start or start mail happens."""
    from server.store.models import Notification

    alice, bob = alice_bob
    created = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    codes = [i["code"] for i in created["invites"]]
    first = api.call("POST", "/games/join", bob, json={"invite": codes[1]})
    again = api.call("POST", "/games/join", bob, json={"invite": codes[1]})
    assert first.status_code == again.status_code == 200 and again.json == first.json
    assert api.call("POST", "/games/join", alice, json={"invite": codes[0]}).status_code == 200
    assert api.game(created["id"], alice)["status"] == "active"
    late_retry = api.call("POST", "/games/join", alice, json={"invite": codes[0]})
    assert late_retry.status_code == 200 and late_retry.json == {"game": created["id"], "seat": 0}
    assert api.call("POST", "/games/join", alice, json={"invite": codes[1]}).json["error"]["code"] == "invite-used"
    # One first question to the seat prompted, "the game has begun" to the other, and to the
    # creator (seated last) bob's arrival: no second start, no second mail.
    assert sorted(n.kind for n in Notification.select()) == ["joined", "started", "turn"]
    assert api.game(created["id"], alice)["version"] == 0


def test_a_name_differing_only_in_case_is_taken(api, alice_bob):
    """'Alice' beside 'alice' would let one pass for the other in every event and mail."""
    for name in ("Alice", "ALICE", "bOb"):
        response = api.client.post("/players", json={"name": name, "email": "x@example.org"})
        assert response.status_code == 409 and response.json["error"]["code"] == "name-taken", name
    assert api.client.post("/players", json={"name": "Alicia", "email": "x@example.org"}).status_code == 201


def test_my_games_come_newest_first_a_page_at_a_time_with_before(api, alice_bob):
    """`?before=` the last id of a full page gives the next page: every game once, none missed,
    whether I am seated in it or only created it."""
    alice, bob = alice_bob
    started = [api.start_game([alice, bob]) for _ in range(4)]
    created_only = api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json["id"]
    seen, before = [], None
    while True:
        page = api.call("GET", "/games?limit=2" + (f"&before={before}" if before else ""), alice).json
        seen += [g["id"] for g in page]
        if len(page) < 2:
            break
        before = page[-1]["id"]
    assert seen == sorted(started + [created_only], reverse=True)
    assert [g["id"] for g in api.call("GET", f"/games?before={started[2]}", bob).json] == started[1::-1]
    assert len(api.call("GET", "/games", alice).json) == 5
    assert api.call("GET", f"/games?before={min(started)}", alice).json == []


def test_a_summary_names_every_seat_and_mine(api, alice_bob):
    alice, bob = alice_bob
    game = api.start_game([alice, bob])
    [summary] = api.call("GET", "/games", bob).json
    assert list(summary) == ["id", "ruleset", "status", "seats", "version", "prompted", "my_seats", "created",
                             "public"]
    assert summary["seats"] == [{"seat": 0, "player": alice["id"], "name": "alice"},
                                {"seat": 1, "player": bob["id"], "name": "bob"}]
    assert (summary["id"], summary["my_seats"], summary["public"], summary["version"]) == (game, [1], False, 0)
    assert summary["created"].endswith("Z")


def test_before_must_be_a_game_id_and_a_page_at_most_200(api, alice_bob):
    for query in ("before=0", "limit=0", "limit=201"):
        answer = api.call("GET", f"/games?{query}", alice_bob[0])
        assert answer.status_code == 422 and answer.json["error"]["code"] == "invalid-input", query
