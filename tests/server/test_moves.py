"""The move path: idempotent PUT, conflicts, notation, illegal moves, the redacted log."""
import logging

import pytest

from core import games
from core.protocol import IllegalMove
from tests.support.toygame import RaceGame


@pytest.fixture
def game(api, alice_bob):
    return api.start_game(alice_bob)


def put(api, game_id, seq, player, **body):
    return api.call("PUT", f"/games/{game_id}/moves/{seq}", player, json=body)


def test_same_move_twice_gives_the_same_answer(api, alice_bob, game):
    alice, _ = alice_bob
    move = api.legal(game, alice)["moves"][0]
    first = put(api, game, 0, alice, move=move["move"])
    assert first.status_code == 201
    assert first.json["version"] == 1 and first.json["seat"] == 0 and first.json["text"] == move["text"]
    again = put(api, game, 0, alice, move=move["move"])
    assert again.status_code == 200 and again.json == first.json
    as_text = put(api, game, 0, alice, text=move["text"])
    assert as_text.status_code == 200 and as_text.json == first.json
    assert api.game(game, alice)["version"] == 1


def test_other_move_at_a_taken_seq_is_409(api, alice_bob, game):
    alice, bob = alice_bob
    moves = api.legal(game, alice)["moves"]
    put(api, game, 0, alice, move=moves[0]["move"])
    other = put(api, game, 0, alice, move=moves[1]["move"])
    assert other.status_code == 409 and other.json["error"]["code"] == "seq-taken"
    by_bob = put(api, game, 0, bob, move=moves[0]["move"])
    assert by_bob.status_code == 409 and by_bob.json["error"]["code"] == "seq-taken"
    ahead = put(api, game, 5, bob, text="pass")
    assert ahead.status_code == 409 and ahead.json["error"]["code"] == "seq-ahead"


@pytest.mark.rule("TOY-2")
def test_illegal_move_names_the_rule_and_the_legal_moves(api, alice_bob, game):
    alice, _ = alice_bob
    legal = [m["text"] for m in api.legal(game, alice)["moves"]]
    response = put(api, game, 0, alice, text="play t99")
    assert response.status_code == 422
    error = response.json["error"]
    assert error["code"] == "illegal-move" and error["rule"] == "TOY-2"
    assert error["details"]["reason"] == "not-in-hand"
    assert sorted(error["legal"]) == sorted(legal)


@pytest.mark.rule("TOY-1")
def test_moving_out_of_turn_is_refused(api, alice_bob, game):
    _, bob = alice_bob
    response = put(api, game, 0, bob, text="pass")
    assert response.status_code == 422
    assert response.json["error"]["rule"] == "TOY-1" and response.json["error"]["code"] == "illegal-move"


@pytest.mark.rule("TOY-2")
def test_malformed_notation_is_bad_notation(api, alice_bob, game):
    alice, _ = alice_bob
    response = put(api, game, 0, alice, text="attack the castle")
    assert response.status_code == 422 and response.json["error"]["code"] == "bad-notation"
    assert response.json["error"]["legal"]


def test_engine_crash_on_odd_input_is_422_not_500(api, alice_bob, game):
    alice, _ = alice_bob
    for move in ({"play": ["t1"]}, {"play": {"x": 1}}, {}, {"pass": 1.5}):
        response = put(api, game, 0, alice, move=move)
        assert response.status_code == 422, (move, response.json)
        assert response.json["error"]["code"] in ("illegal-move", "bad-move")


class WideGame(RaceGame):
    """The toy game with 60 extra (never acceptable) options, to check the capped list."""

    name = "toy-wide"

    def legal_moves(self, state, seat):
        return super().legal_moves(state, seat) + [{"wait": i} for i in range(60)]

    def format(self, move):
        return f"wait {move['wait']}" if "wait" in move else super().format(move)

    def apply(self, state, seat, move):
        if "wait" in move:
            raise IllegalMove("no-waiting", "You cannot wait.", "TOY-2")
        return super().apply(state, seat, move)


def test_legal_alternatives_are_capped_and_say_how_many_more(api, alice_bob):
    games.register("toy-wide", WideGame())
    try:
        game_id = api.start_game(alice_bob, ruleset="toy-wide")
        response = put(api, game_id, 0, alice_bob[0], text="play t99")
        error = response.json["error"]
        assert len(error["legal"]) == 40 and error["details"]["more"] == 23
    finally:
        games.unregister("toy-wide")


def test_log_hides_other_seats_secrets(api, alice_bob, game):
    alice, bob = alice_bob
    put(api, game, 0, alice, move=api.legal(game, alice)["moves"][0]["move"])
    alice_log = api.call("GET", f"/games/{game}/moves", alice).json
    bob_log = api.call("GET", f"/games/{game}/moves?from=0", bob).json
    assert alice_log["version"] == bob_log["version"] == 1
    mine = alice_log["moves"][0]["events"]
    theirs = bob_log["moves"][0]["events"]
    assert any(e.startswith("You drew") for e in mine)
    assert not any("drew" in e for e in theirs)
    assert theirs == ["alice played " + mine[0].split("played ")[1]]
    assert api.call("GET", f"/games/{game}/moves?from=1", bob).json["moves"] == []


class SecretGame(RaceGame):
    """The toy game where plays are secret: others see neither seat nor move in the log."""

    name = "toy-secret"

    def public_move(self, state, seat, move):
        return False


def test_private_moves_hide_mover_and_move(api, alice_bob):
    games.register("toy-secret", SecretGame())
    try:
        alice, bob = alice_bob
        game_id = api.start_game(alice_bob, ruleset="toy-secret")
        put(api, game_id, 0, alice, move=api.legal(game_id, alice)["moves"][0]["move"])
        entry = api.call("GET", f"/games/{game_id}/moves", bob).json["moves"][0]
        assert set(entry) == {"seq", "events", "created"}
        own = api.call("GET", f"/games/{game_id}/moves", alice).json["moves"][0]
        assert own["seat"] == 0 and "play" in own["move"]
    finally:
        games.unregister("toy-secret")


def test_move_path_reads_no_log_and_its_cost_does_not_grow(api, alice_bob, caplog):
    """A move issues the same statements at move 4 as at move 13, and never reads the log."""
    from server.store import state_cache

    game = api.start_game(alice_bob, options={"target": 60})

    def statements_for_next_move():
        caplog.clear()
        with caplog.at_level(logging.DEBUG, logger="peewee"):
            assert api.play_first_legal(game, alice_bob).status_code == 201
        # play_first_legal also reads the game and legal moves: keep the PUT's statements only
        return [r.getMessage() for r in caplog.records if r.name == "peewee"]

    for _ in range(4):
        api.play_first_legal(game, alice_bob)
    early = statements_for_next_move()
    state_cache.clear()
    api.play_first_legal(game, alice_bob)  # reloads the snapshot once, then cached again
    for _ in range(3):
        api.play_first_legal(game, alice_bob)
    late = statements_for_next_move()
    assert len(early) == len(late)
    assert not any('FROM "moves"' in s and "SELECT" in s for s in late)


def test_moves_continue_from_the_snapshot_when_the_cache_is_cold(api, alice_bob, game):
    """Another worker's cache: cleared between moves, the game still goes on correctly."""
    from server.store import state_cache

    alice, bob = alice_bob
    for _ in range(4):
        state_cache.clear()
        assert api.play_first_legal(game, alice_bob).status_code == 201
    detail = api.game(game, alice)
    assert detail["version"] == 4 and detail["view"]["total"] > 0


class AliasGame(RaceGame):
    """The toy game that also understands 'p <card>' for 'play <card>'."""

    name = "toy-alias"

    def parse(self, state, seat, text):
        words = text.split()
        if len(words) == 2 and words[0] == "p":
            return {"play": words[1]}
        return super().parse(state, seat, text)


def test_a_retry_spelled_differently_is_still_the_same_move(api, alice_bob):
    games.register("toy-alias", AliasGame())
    try:
        alice, _ = alice_bob
        game_id = api.start_game(alice_bob, ruleset="toy-alias")
        card = api.legal(game_id, alice)["moves"][0]["move"]["play"]
        first = put(api, game_id, 0, alice, text=f"p {card}")
        assert first.status_code == 201 and first.json["text"] == f"play {card}"
        again = put(api, game_id, 0, alice, text=f"p {card}")
        assert again.status_code == 200 and again.json == first.json
        other = put(api, game_id, 0, alice, text="p t99")
        assert other.status_code == 409
    finally:
        games.unregister("toy-alias")


def test_one_player_holding_every_seat_chooses_with_the_seat_parameter(api):
    solo = api.register("solo")
    game_id = api.start_game([solo, solo])
    detail = api.game(game_id, solo)
    assert detail["my_seats"] == [0, 1] and detail["my_seat"] == 0  # the prompted one
    # Only seat 0 is prompted, so without ?seat= the move is seat 0's.
    move = api.call("GET", f"/games/{game_id}/legal?seat=0", solo).json["moves"][0]["move"]
    first = put(api, game_id, 0, solo, move=move)
    assert first.status_code == 201 and first.json["seat"] == 0
    wrong = api.call("PUT", f"/games/{game_id}/moves/1?seat=0", solo, json={"text": "pass"})
    assert wrong.status_code == 422 and wrong.json["error"]["rule"] == "TOY-1"
    move = api.call("GET", f"/games/{game_id}/legal?seat=1", solo).json["moves"][0]["move"]
    second = api.call("PUT", f"/games/{game_id}/moves/1?seat=1", solo, json={"move": move})
    assert second.status_code == 201 and second.json["seat"] == 1
    not_mine = api.call("GET", f"/games/{game_id}/legal?seat=5", solo)
    assert not_mine.status_code == 403


def test_the_creator_without_a_seat_sees_only_what_every_seat_may_see(api, alice_bob):
    alice, bob = alice_bob
    host = api.register("host")
    created = api.call("POST", "/games", host, json={"ruleset": "toy-race", "seats": 2}).json
    for player, invite in zip(alice_bob, created["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    game_id = created["id"]
    put(api, game_id, 0, alice, move=api.legal(game_id, alice)["moves"][0]["move"])
    watched = api.game(game_id, host)
    assert watched["my_seat"] is None and watched["view"]["hand"] is None
    log = api.call("GET", f"/games/{game_id}/moves", host).json["moves"]
    assert len(log) == 1 and not any("drew" in e for e in log[0]["events"])
    assert api.call("GET", f"/games/{game_id}/legal", host).status_code == 403
    assert api.call("PUT", f"/games/{game_id}/moves/1", host, json={"text": "pass"}).status_code == 403


def test_a_solo_players_retry_without_the_seat_parameter_gets_the_same_answer(api):
    """The retry after a timeout comes when another of the player's seats is prompted: the
    move at that seq is still recognised as theirs (200, same body), not 409."""
    solo = api.register("solo")
    game_id = api.start_game([solo, solo])
    move = api.call("GET", f"/games/{game_id}/legal?seat=0", solo).json["moves"][0]["move"]
    first = put(api, game_id, 0, solo, move=move)
    assert first.status_code == 201 and first.json["seat"] == 0
    assert api.game(game_id, solo)["prompted"][0]["seat"] == 1
    again = put(api, game_id, 0, solo, move=move)
    assert again.status_code == 200 and again.json == first.json
    # Asking for the other seat explicitly is another seat's claim on that seq.
    other = api.call("PUT", f"/games/{game_id}/moves/0?seat=1", solo, json={"move": move})
    assert other.status_code == 409 and other.json["error"]["code"] == "seq-taken"


def test_a_refusal_names_players_not_seat_slots(api, alice_bob):
    """Games write {P0}..{P5} for seats; a refusal reaches the player with names in them."""
    game = api.start_game(alice_bob)
    detail = api.game(game, alice_bob[0])
    waiting = detail["prompted"][0]["seat"]
    idle = alice_bob[1 - waiting]
    answer = api.call("PUT", f"/games/{game}/moves/{detail['version']}", idle, json={"move": {"pass": True}})
    assert answer.status_code == 422
    assert answer.json["error"]["message"] == f"It is {alice_bob[waiting]['name']}'s turn, not yours."
