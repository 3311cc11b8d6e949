"""Upgrades that keep stored games alive: each game keeps the rules version it was created
under, and every stored state and hash keeps the state format it was written in."""
import json

import pytest

from core import games
from core.protocol import IllegalMove
from server.store import state_cache
from server.store.models import Game, Move, Snapshot
from server.store.verify import verify_all
from tests.support.toygame import VALUES, RaceGame
from tests.support.toyversions import FormatV2, FormatV2Downgradable, RulesV2


@pytest.fixture
def upgrade(toy_game):
    """Install a later version of the toy engine under the same name, as a server upgrade
    would; the in-process state cache starts empty, as after a restart."""
    def install(engine):
        games.register(toy_game.name, engine)
        state_cache.clear()
        return engine
    yield install
    games.register(toy_game.name, toy_game)
    state_cache.clear()


def play(api, game_id, players, moves, prefer_value=None):
    """`moves` moves by whoever is prompted, a card of `prefer_value` where they hold one."""
    for _ in range(moves):
        detail = api.game(game_id, players[0])
        if detail["status"] != "active":
            return detail
        mover = players[detail["prompted"][0]["seat"]]
        choices = [m["move"] for m in api.legal(game_id, mover)["moves"]]
        preferred = [m for m in choices if VALUES.get(m.get("play")) == prefer_value]
        answer = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", mover,
                          json={"move": (preferred or choices)[0]})
        assert answer.status_code == 201, answer.json
    return api.game(game_id, players[0])


def total_after_a_five(api, game_id, players):
    """Play until someone plays a 5: (total before, total after)."""
    for _ in range(20):
        detail = api.game(game_id, players[0])
        before = detail["view"]["total"]
        version = detail["version"]
        play(api, game_id, players, 1, prefer_value=5)
        move = Move.get((Move.game == game_id) & (Move.seq == version))
        if VALUES[move.payload.get("play", "t0")] == 5 and "play" in move.payload:
            return before, api.game(game_id, players[0])["view"]["total"]
    raise AssertionError("nobody played a 5")


def assert_all_verified(expect_notes=False):
    reports = verify_all()
    assert [r.problems for r in reports] == [[] for _ in reports]
    assert any(r.notes for r in reports) == expect_notes, [r.notes for r in reports]
    return reports


def test_games_record_the_engines_versions(api, alice_bob, toy_game):
    game_id = api.start_game(alice_bob)
    game = Game.get_by_id(game_id)
    assert (game.rules_version, game.state_format) == (1, 1)
    assert Snapshot.get(Snapshot.game == game_id).state_format == 1
    play(api, game_id, alice_bob, 2)
    assert {m.state_format for m in Move.select()} == {1}


def test_a_rules_fix_reaches_new_games_only(api, alice_bob, upgrade):
    """TOY-3: a 5 counts double from rules version 2 on; a game created before plays on as it was."""
    old = api.start_game(alice_bob)
    play(api, old, alice_bob, 2)
    upgrade(RulesV2())
    assert_all_verified()  # replayed under rules version 1: every stored hash still matches
    before, after = total_after_a_five(api, old, alice_bob)
    assert after - before == 5
    assert Game.get_by_id(old).options == {"target": 21}  # no new option written into an old game

    new = api.start_game(alice_bob)
    row = Game.get_by_id(new)
    assert row.rules_version == 2 and row.options == {"target": 21, "double_fives": True}
    before, after = total_after_a_five(api, new, alice_bob)
    assert after - before == 10
    play(api, old, alice_bob, 40)
    play(api, new, alice_bob, 40)
    assert_all_verified()


def test_an_earlier_position_of_an_old_game_is_replayed_under_its_own_rules(api, alice_bob, upgrade):
    """TOY-3: undo and late mails replay to an earlier move (state_cache.state_at); a game created
    under rules version 1 must replay as it was played there, fives counting 5, not 10."""
    old = api.start_game(alice_bob)
    total_after_a_five(api, old, alice_bob)  # from here on, rules 1 and 2 give different totals
    engine = upgrade(RulesV2())
    game = Game.get_by_id(old)
    for version in range(1, game.version + 1):  # replays, then the snapshot
        stored = Move.get((Move.game == old) & (Move.seq == version - 1)).state_hash
        assert engine.state_hash(state_cache.state_at(game, engine, version)) == stored


def test_an_old_game_cannot_be_given_an_option_its_rules_version_lacks():
    with pytest.raises(IllegalMove, match="no option 'double_fives'"):
        RulesV2().setup(2, {"double_fives": True}, "seed", rules_version=1)


def test_a_new_state_format_lifts_stored_snapshots_and_keeps_verify_clean(api, alice_bob, upgrade):
    game_id = api.start_game(alice_bob)
    play(api, game_id, alice_bob, 3)
    upgrade(FormatV2())
    assert_all_verified(expect_notes=True)  # the snapshot, still in format 1, is compared lifted
    assert api.game(game_id, alice_bob[0])["view"]["total"] >= 0  # the format-1 snapshot is lifted
    detail = play(api, game_id, alice_bob, 2)
    snapshot = Snapshot.get(Snapshot.game == game_id)
    assert snapshot.state_format == 2 and "sum" in json.loads(snapshot.state)
    assert [m.state_format for m in Move.select().order_by(Move.seq)] == [1, 1, 1, 2, 2]
    report, = assert_all_verified(expect_notes=True)
    assert "3 move hash(es) (moves 0..2)" in report.notes[0] and "format 1" in report.notes[0]

    upgrade(FormatV2Downgradable())
    assert_all_verified(expect_notes=False)  # with the way back, the old hashes are checked too
    play(api, game_id, alice_bob, 60 - detail["version"])
    assert_all_verified(expect_notes=False)


def test_verify_still_catches_a_wrong_hash_in_an_old_format(api, alice_bob, upgrade):
    game_id = api.start_game(alice_bob)
    play(api, game_id, alice_bob, 2)
    upgrade(FormatV2Downgradable())
    from server.store.db import database
    database.execute_sql("DROP TRIGGER moves_no_update")  # as a hand edit would
    Move.update(state_hash="0" * 64).where(Move.seq == 1).execute()
    problems = verify_all()[0].problems
    assert any("move 1: the replayed state differs" in p for p in problems), problems


def test_a_state_format_newer_than_the_engine_is_a_clear_server_error(api, alice_bob, upgrade):
    game_id = api.start_game(alice_bob)
    upgrade(FormatV2())
    play(api, game_id, alice_bob, 1)  # the snapshot is now in format 2
    upgrade(RaceGame())  # back to format 1: the server was downgraded
    answer = api.call("GET", f"/games/{game_id}", alice_bob[0])
    assert answer.status_code == 500 and answer.json["error"]["code"] == "state-unreadable"
    put = api.call("PUT", f"/games/{game_id}/moves/1", alice_bob[1], json={"text": "pass"})  # never a bad move
    assert put.status_code == 500 and put.json["error"]["code"] == "state-unreadable", put.json
