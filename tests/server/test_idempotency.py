"""`Idempotency-Key` (server/api/idempotency.py, docs/api.md "Sending a request again"): a request
that changes something, sent again under its key, is carried out once and answered as the first
time; another request under the key is refused; the record commits with what the request did
or not at all. On SQLite and on PostgreSQL."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from datetime import timedelta

import pytest

from tests.server.conftest import Api
from tests.server.live import serving

NEW_GAME = {"ruleset": "toy-race", "seats": 2, "options": {}}


@pytest.fixture(params=["sqlite", "postgres"])
def keyed_app(request, config, toy_game):
    """The app over SQLite (a file in tmp_path) or a fresh PostgreSQL database."""
    from server.app import create_app
    from server.store.db import database

    if request.param == "postgres":
        config = {**config, "DATABASE_URL": request.getfixturevalue("postgres").new_database()}
    app = create_app(config)
    yield app
    database.close()


@pytest.fixture
def keyed(keyed_app):
    """What both databases must do alike; the rest is the SQLite app's `api` (tests/server/conftest.py)."""
    return Api(keyed_app.test_client())


def key(name: str) -> dict:
    return {"Idempotency-Key": name}


def my_games(api: Api, player: dict) -> list[int]:
    return [g["id"] for g in api.call("GET", "/games", player).json]


def test_a_new_game_sent_again_under_its_key_is_made_once(keyed):
    alice = keyed.register("alice")
    first = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("new-1"))
    again = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("new-1"))
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert my_games(keyed, alice) == [first.json["id"]]
    other = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("new-2"))  # a new key: a new game
    assert other.status_code == 201 and my_games(keyed, alice) == [other.json["id"], first.json["id"]]


def test_the_same_json_spelt_another_way_is_the_same_request(keyed):
    """Sent again with its keys in another order and other spacing (a client that rebuilt the
    request), a JSON body is the same request: its first answer, nothing done twice."""
    import json

    alice = keyed.register("alice")
    headers = {"Authorization": f"Bearer {alice['token']}", "Content-Type": "application/json", **key("spelt")}
    first = keyed.client.post("/games", data=json.dumps(NEW_GAME), headers=headers)
    again = keyed.client.post("/games", data=json.dumps(dict(reversed(list(NEW_GAME.items()))), indent=2),
                              headers=headers)
    assert first.status_code == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.json == first.json and my_games(keyed, alice) == [first.json["id"]]
    for odd in (b'{"title": "\\ud800"}', b"[" * 5000 + b"]" * 5000, b"\xff not JSON"):  # (each its own answer)
        assert keyed.client.post("/games", data=odd, headers={**headers, **key(f"odd-{len(odd)}")}).status_code < 500


def test_another_request_under_a_used_key_is_refused_with_its_code(keyed):
    alice = keyed.register("alice")
    first = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("k"))
    for method, path, body in (("POST", "/games", {**NEW_GAME, "seats": 3}),  # another body
                               ("POST", "/players/me/vacation", {"until": "2099-01-01"})):  # another endpoint
        refused = keyed.call(method, path, alice, json=body, headers=key("k"))
        assert refused.status_code == 422, refused.json
        assert refused.json["error"]["code"] == "key-reused"
        assert "another request" in refused.json["error"]["message"]
    assert my_games(keyed, alice) == [first.json["id"]]
    assert keyed.call("GET", "/players/me/vacation", alice).json["on_vacation"] is False


def test_a_key_is_its_senders_own(api):
    alice, bob = api.register("alice"), api.register("bob")
    mine = api.call("POST", "/games", alice, json=NEW_GAME, headers=key("same"))
    theirs = api.call("POST", "/games", bob, json=NEW_GAME, headers=key("same"))
    assert theirs.status_code == 201 and theirs.json["id"] != mine.json["id"]
    assert my_games(api, bob) == [theirs.json["id"]]


def test_a_join_a_handover_and_a_webhook_removal_are_carried_out_once(api):
    alice, bob, carol = api.register("alice"), api.register("bob"), api.register("carol")
    created = api.call("POST", "/games", alice, json=NEW_GAME).json
    for player, invite in zip((alice, bob), created["invites"]):
        for _ in range(2):
            joined = api.call("POST", "/games/join", player, json={"invite": invite["code"]},
                                headers=key(f"join-{player['name']}"))
            assert joined.status_code == 200, joined.json
    game = created["id"]
    handover = {"invite": "carol@example.org"}
    answers = [api.call("POST", f"/games/{game}/seats/1/handover", bob, json=handover, headers=key("hand"))
               for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201] and answers[0].json == answers[1].json
    from server.store.models import Notification

    assert Notification.select().where((Notification.kind == "invite") & (Notification.game == game)).count() == 1
    hook = api.call("POST", "/webhooks", carol, json={"url": "https://93.184.216.34/hook"}).json
    removals = [api.call("DELETE", f"/webhooks?id={hook['id']}", carol, headers=key("rm")) for _ in range(2)]
    assert [r.status_code for r in removals] == [204, 204]  # (the second, said again: not 404)
    assert removals[1].headers["Idempotent-Replayed"] == "true"


def test_a_refusal_is_kept_and_said_again(api):
    alice = api.register("alice")
    answers = [api.call("POST", "/players/me/vacation", alice, json={"until": "soon"}, headers=key("v"))
               for _ in range(2)]
    assert [a.status_code for a in answers] == [422, 422] and answers[0].json == answers[1].json
    assert answers[1].headers["Idempotent-Replayed"] == "true"


def test_a_replay_says_the_language_its_answer_is_in(keyed):
    """The stored answer is in the first request's language: its Content-Language (and Vary)
    come back with it, not lost (a cache or a client reads the body's language there)."""
    alice = keyed.register("alice")
    asked = {**key("sv"), "Accept-Language": "sv"}
    answers = [keyed.call("POST", "/players/me/vacation", alice, json={"until": "soon"}, headers=asked)
               for _ in range(2)]
    assert answers[0].headers["Content-Language"] == "sv" and "Accept-Language" in answers[0].headers["Vary"]
    assert answers[1].headers["Idempotent-Replayed"] == "true"
    for header in ("Content-Language", "Vary"):
        assert answers[1].headers.get(header) == answers[0].headers[header], header


def test_the_key_is_kept_with_what_the_request_did_or_neither(keyed, monkeypatch):
    """A failure between the request's effect and its record (a crash, a fault storing the
    answer) leaves neither: sent again, the request is carried out, once."""
    from server.store import request_keys

    alice = keyed.register("alice")

    def fault(*args):
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(request_keys, "complete", fault)
    failed = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("crash"))
    assert failed.status_code == 500
    assert my_games(keyed, alice) == []  # the game went with the record
    monkeypatch.undo()
    made = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("crash"))
    assert made.status_code == 201 and "Idempotent-Replayed" not in made.headers
    assert my_games(keyed, alice) == [made.json["id"]]


def test_a_server_fault_is_not_kept(api, monkeypatch):
    from server.table import lobby

    alice = api.register("alice")
    real = lobby.create_game

    def made_then_failed(*args, **kwargs):
        real(*args, **kwargs)
        raise RuntimeError("a bug after the game was made")

    monkeypatch.setattr(lobby, "create_game", made_then_failed)
    assert api.call("POST", "/games", alice, json=NEW_GAME, headers=key("bug")).status_code == 500
    monkeypatch.undo()
    assert my_games(api, alice) == []
    made = api.call("POST", "/games", alice, json=NEW_GAME, headers=key("bug"))
    assert made.status_code == 201 and my_games(api, alice) == [made.json["id"]]


def test_a_token_rotation_sent_again_with_the_old_token_gets_the_new_one(keyed):
    """The old token stops working as the rotation commits: its answer lost, the request sent
    again (with the old token, the only one its sender has) is answered with the new token."""
    alice = keyed.register("alice")
    rotated = keyed.call("POST", "/players/me/token", alice, headers=key("rotate"))
    again = keyed.call("POST", "/players/me/token", alice, headers=key("rotate"))
    assert rotated.status_code == again.status_code == 200 and again.json == rotated.json
    assert keyed.call("GET", "/players/me", alice).status_code == 401
    assert keyed.call("GET", "/players/me", {"token": rotated.json["token"]}).json["name"] == "alice"


def test_an_anonymous_registration_sent_again_is_one_player(api):
    body = {"name": "zoe", "email": "zoe@example.org"}
    first = api.client.post("/players", json=body, headers=key("register"))
    again = api.client.post("/players", json=body, headers=key("register"))
    assert first.status_code == again.status_code == 201 and again.json == first.json  # not 409 name-taken
    elsewhere = api.client.post("/players", json=body, headers=key("register"),
                                  environ_base={"REMOTE_ADDR": "192.0.2.7"})  # another sender's key
    assert elsewhere.status_code == 409 and elsewhere.json["error"]["code"] == "name-taken"


def test_answers_are_kept_sealed(api):
    """Tokens are stored only hashed: an answer carrying one is kept unreadable without its key."""
    from server.store.models import RequestKey

    alice = api.register("alice")
    rotated = api.call("POST", "/players/me/token", alice, headers=key("sealed-key")).json
    stored = [(row.key_hash, row.answer) for row in RequestKey.select()]
    assert len(stored) == 1
    assert "sealed-key" not in repr(stored) and rotated["token"] not in repr(stored)


def test_two_senders_using_the_same_key_share_no_keystream(api):
    """Each answer was sealed with a keystream drawn from the key alone: two players whose scripts
    both sent "retry-1" had theirs sealed alike, and whoever reads the database could XOR the two
    sealed answers into the XOR of their plain texts, one player's new token against the other's.
    A fresh nonce goes into every seal."""
    import base64

    from server.store.models import RequestKey

    plain = []
    for name in ("alice", "bob"):
        player = api.register(name)
        plain.append(api.call("POST", "/players/me/token", player, headers=key("retry-1")).get_data())
    sealed = [base64.b64decode(row.answer.split(":")[-1]) for row in RequestKey.select().order_by(RequestKey.id)]
    assert len(sealed) == 2 and sealed[0] != sealed[1]
    mixed = lambda a, b: bytes(x ^ y for x, y in zip(a, b))  # noqa: E731
    assert all(mixed(mixed(sealed[0][skip:], sealed[1][skip:]), mixed(plain[0], plain[1])).count(0) < 40
               for skip in (0, 16))  # neither read as it is nor past a nonce do they share a keystream


def test_a_guessed_key_does_not_unseal_an_answer_without_the_senders_token(api):
    """A reader of the database who guesses a script's key ("retry-1", whose hash with the
    sender's token hash is stored) still cannot read the new token the answer carried: the
    answer is sealed with the token the request came with too, which the server never keeps.
    A record sealed before that, with the key alone, is still answered."""
    import base64

    from server.store import request_keys
    from server.store.models import RequestKey

    alice = api.register("alice")
    answer = api.call("POST", "/players/me/token", alice, headers=key("retry-1"))
    row = RequestKey.get()
    assert request_keys.answer_of(row, "retry-1", alice["token"]).body == answer.get_data()
    guessed = request_keys.answer_of(row, "retry-1").body
    assert guessed != answer.get_data() and answer.json["token"].encode() not in guessed

    RequestKey.update(answer=base64.b64encode(request_keys._sealed("retry-1", answer.get_data(), "")).decode()).execute()
    again = api.call("POST", "/players/me/token", alice, headers=key("retry-1"))  # (the old token: as first sent)
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_data() == answer.get_data()


def test_a_key_answers_for_24_hours_then_is_pruned(keyed):
    from server.store import request_keys
    from server.store.models import RequestKey, utcnow

    alice = keyed.register("alice")
    first = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("old")).json
    keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("older"))
    assert request_keys.KEEP == timedelta(hours=24)
    RequestKey.update(created=utcnow() - timedelta(hours=25)).execute()
    again = keyed.call("POST", "/games", alice, json=NEW_GAME, headers=key("old"))  # expired: a new request
    assert again.status_code == 201 and again.json["id"] != first["id"] and "Idempotent-Replayed" not in again.headers
    assert request_keys.prune_expired() == 1  # "older"; "old" was replaced by the new request's record
    assert RequestKey.select().count() == 1


def test_the_notify_run_prunes_expired_keys(api):
    from server.config import current_settings
    from server.notify.rounds import notify_round
    from server.store.models import RequestKey, utcnow

    alice = api.register("alice")
    api.call("POST", "/games", alice, json=NEW_GAME, headers=key("old"))
    RequestKey.update(created=utcnow() - timedelta(days=2)).execute()
    assert notify_round(current_settings(api.client.application)).keys_pruned == 1
    assert RequestKey.select().count() == 0


def test_a_bad_key_is_refused(api):
    alice = api.register("alice")
    refused = api.call("POST", "/games", alice, json=NEW_GAME, headers=key("x" * 256))
    assert refused.status_code == 400 and refused.json["error"]["code"] == "bad-idempotency-key"
    quoted = api.call("POST", "/games", alice, json=NEW_GAME, headers=key('"8e03978e-40d5-43e8"'))  # the draft's form
    assert quoted.status_code == 201
    assert my_games(api, alice) == [quoted.json["id"]]


def test_moves_and_messages_keep_their_own_once(api):
    """A move says once by its seq and a message by its key: a header there changes nothing."""
    alice, bob = api.register("alice"), api.register("bob")
    game = api.start_game([alice, bob])
    move = api.legal(game, alice)["moves"][0]["move"]
    played = api.call("PUT", f"/games/{game}/moves/0", alice, json={"move": move}, headers=key("m"))
    again = api.call("PUT", f"/games/{game}/moves/0", alice, json={"move": move}, headers=key("m"))
    assert (played.status_code, again.status_code) == (201, 200) and "Idempotent-Replayed" not in again.headers
    said = api.call("POST", f"/games/{game}/chat", bob, json={"text": "hi", "key": "c1"}, headers=key("m"))
    assert said.status_code == 201, said.json
    other = api.call("POST", f"/games/{game}/chat", bob, json={"text": "ho", "key": "c1"}, headers=key("m"))
    assert other.json["error"]["code"] == "key-used"


def _post(url: str, token: str, body: dict, idempotency_key: str) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json", "Idempotency-Key": idempotency_key})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_requests_under_one_key_at_once_are_carried_out_once(keyed_app, keyed, monkeypatch):
    """Sent together, the later ones wait for the first (a slow one) and are answered as it was."""
    import time

    from server.table import lobby

    alice = keyed.register("alice")
    real = lobby.create_game

    def slowly(*args, **kwargs):
        time.sleep(0.3)  # the others arrive while it runs
        return real(*args, **kwargs)

    monkeypatch.setattr(lobby, "create_game", slowly)
    results: list = [None] * 6
    barrier = threading.Barrier(len(results))
    with serving(keyed_app) as url:
        def send(i):
            barrier.wait()
            results[i] = _post(f"{url}/games", alice["token"], NEW_GAME, "together")

        threads = [threading.Thread(target=send, args=(i,)) for i in range(len(results))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert {status for status, _ in results} == {201}, results
    assert len({answer["id"] for _, answer in results}) == 1
    assert my_games(keyed, alice) == [results[0][1]["id"]]


def test_the_generated_signing_key_made_by_two_workers_at_once_spoils_no_keyed_request(keyed_app, monkeypatch):
    """Without HERALD_SECRET_KEY the first code signed makes the server's key and stores it; a
    worker that finds another made it first reads theirs. Inside a keyed request's transaction on
    PostgreSQL, that clash aborted the whole transaction (the request failed with a 500): it is
    now a savepoint of its own. The race is set up by storing the other worker's key between this
    worker's look and its insert."""
    from server.config import settings_of
    from server.players import signing
    from server.store.db import write_transaction
    from server.store.models import ServerSetting

    config = settings_of(keyed_app.config)
    if config.secret_key:
        pytest.skip("the tests' config sets a secret key")
    looked = ServerSetting.get_or_none
    with keyed_app.app_context(), write_transaction():
        ServerSetting.delete().where(ServerSetting.key == signing._GENERATED).execute()
        ServerSetting.create(key=signing._GENERATED, value="the-other-workers-key")
        monkeypatch.setattr(ServerSetting, "get_or_none", classmethod(lambda cls, *where: None))
        made = signing.secret_key(config)
        monkeypatch.setattr(ServerSetting, "get_or_none", looked)
        assert made == "the-other-workers-key"
        assert ServerSetting.get_or_none(ServerSetting.key == signing._GENERATED).value == made  # still usable


@pytest.mark.parametrize("asked", ["webhook", "registration", "address change"])
def test_a_slow_dns_answer_under_a_key_holds_up_no_move(api, monkeypatch, asked):
    """The DNS look-ups of a keyed request (a webhook's host, a new address's domain) are made
    before its transaction opens: a name whose DNS answers slowly (anyone may choose one, a
    stranger registering too) must not hold SQLite's write lock, which every move waits for."""
    import time

    from server import hook_addresses
    from server.players import addresses
    from tests.server.live import http_put

    alice, bob = api.register("alice"), api.register("bob")
    game = api.start_game([alice, bob])
    move = api.legal(game, alice)["moves"][0]["move"]
    checked = addresses.validate_email

    def slow_host(host, port):
        time.sleep(2)
        return ["93.184.216.34"]

    def slow_domain(address, **kwargs):
        time.sleep(2)
        return checked(address, check_deliverability=False)

    monkeypatch.setattr(hook_addresses, "resolve", slow_host)
    monkeypatch.setattr(addresses, "validate_email", slow_domain)
    path, body, token = {
        "webhook": ("/webhooks", {"url": "https://slow.example.org/hook"}, bob["token"]),
        "registration": ("/players", {"name": "carol", "email": "carol@slow.example.org"}, ""),
        "address change": ("/players/me/email", {"email": "bob@slow.example.org"}, bob["token"]),
    }[asked]
    with serving(api.client.application) as url:
        answered: list = []
        asking = threading.Thread(target=lambda: answered.append(_post(f"{url}{path}", token, body, "slow")))
        asking.start()
        time.sleep(0.5)  # the keyed request is waiting for DNS
        started = time.monotonic()
        played = http_put(f"{url}/games/{game}/moves/0", alice["token"], {"move": move})
        waited = time.monotonic() - started
        asking.join(timeout=30)
    assert played[0] == 201 and answered[0][0] in (201, 202), (played, answered)
    assert waited < 1, f"the move waited {waited:.1f} s for another request's DNS answer"
