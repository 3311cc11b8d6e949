"""`herald export GAME > game.json` and `herald replay game.json [--at N]`: a record that
replays locally with the core engine, checking the seed commitment and every hash."""
from __future__ import annotations

import json

import pytest

from core import games
from core.gamerecord import RecordError, replay_record
from tests.server.table.helpers import play_random_moves


def finish_by_resignation(api, ruleset, seated, moves=30):
    game_id = api.start_game(seated, ruleset=ruleset)
    play_random_moves(api, ruleset, game_id, seated, moves, seed=ruleset)
    for extra in range(40):  # in a two-player battle both seats are fighting: play on until it is over
        version = api.game(game_id, seated[0])["version"]
        if any(api.call("PUT", f"/games/{game_id}/moves/{version}", seated[seat], json={"text": "resign"}).status_code == 201
               for seat in (0, 1)):
            break
        play_random_moves(api, ruleset, game_id, seated, 1, seed=f"{ruleset}:{extra}")
    assert api.game(game_id, seated[0])["status"] == "finished"
    return game_id


@pytest.mark.parametrize("ruleset", sorted(games))
def test_a_finished_real_game_exports_and_replays_to_every_hash(api, alice_bob, ruleset):
    game_id = finish_by_resignation(api, ruleset, alice_bob)
    record = api.call("GET", f"/games/{game_id}/export", alice_bob[1]).json
    played = api.game(game_id, alice_bob[0])["version"]  # how long the secret deal let it run
    assert record["seed"] and record["ruleset"] == ruleset and len(record["moves"]) == played >= 2
    assert [s["name"] for s in record["seats"]] == ["alice", "bob"]
    replayed = replay_record(games, record)
    assert replayed.moves == len(record["moves"])
    middle = replay_record(games, record, at=played // 2)
    assert games[ruleset].render(games[ruleset].view(middle.state, None), None)
    tampered = json.loads(json.dumps(record))
    tampered["moves"][played // 2]["state_hash"] = "0" * 64
    with pytest.raises(RecordError, match=f"Move {played // 2}"):
        replay_record(games, tampered)
    tampered = json.loads(json.dumps(record))
    tampered["seed"] = "f" * 32
    with pytest.raises(RecordError, match="seed"):
        replay_record(games, tampered)


def test_during_play_the_export_is_the_callers_and_holds_no_seed(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game(alice_bob)
    assert api.play_first_legal(game_id, alice_bob).status_code == 201
    mover = api.call("GET", f"/games/{game_id}/moves", alice).json["moves"][0]["seat"]
    mine = api.call("GET", f"/games/{game_id}/export", alice_bob[mover]).json
    theirs = api.call("GET", f"/games/{game_id}/export", alice_bob[1 - mover]).json
    assert mine["seed"] is None and theirs["seed"] is None and mine["for_seat"] == mover
    assert any("You drew" in e for e in mine["moves"][0]["events"])
    assert not any("You drew" in e for e in theirs["moves"][0]["events"])
    with pytest.raises(RecordError, match="finished"):
        replay_record(games, theirs)
    assert api.call("GET", f"/games/{game_id}/export", api.register("eve")).status_code == 403


def test_cli_export_then_replay(herald, two_player_game, tmp_path, monkeypatch):
    game_id, alice, bob = two_player_game
    for _ in range(3):
        state = herald.json("show", game_id, token=alice)
        token = alice if state["prompted"][0]["seat"] == 0 else bob
        herald.json("play", game_id, herald.json("moves", game_id, token=token)[0]["text"], token=token)
    herald("resign", game_id, "--yes", token=bob)
    exported = herald("export", game_id, token=alice)
    assert exported.exit_code == 0
    path = tmp_path / "game.json"
    path.write_text(exported.stdout)
    checked = herald("replay", path, "--at", 2)
    assert checked.exit_code == 0, checked.stderr
    assert "Checked: the seed matches" in checked.stdout and "moves replayed: 4; every state hash" in checked.stdout
    assert "Position after 2 of 4 moves" in checked.stdout and "Total" in checked.stdout
    record = json.loads(exported.stdout)
    record["moves"][1]["move"] = record["moves"][0]["move"]
    path.write_text(json.dumps(record))
    broken = herald("replay", path)
    assert broken.exit_code == 1 and "Move 1" in broken.stderr
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")  # the checks and refusals in the shell's language
    swedish = herald("replay", path)
    assert swedish.exit_code == 1 and "Drag 1" in swedish.stderr and "Move" not in swedish.stderr, swedish.stderr
    path.write_text(exported.stdout)
    assert "Kontrollerat: fröet stämmer" in herald("replay", path).stdout
    monkeypatch.delenv("LANG")
    path.write_text("not json")
    assert herald("replay", path).exit_code == 1


@pytest.mark.parametrize("ruleset, language, locale", [("castle-assault", "es", "es_ES.UTF-8"),
                                                       ("medieval-mastery", "nl", "nl_NL.UTF-8"),
                                                       ("wizards-quest", "hu", "hu_HU.UTF-8")])
def test_replay_draws_the_board_in_the_shells_language_as_the_server_does(api, alice_bob, offline_herald, tmp_path,
                                                                          ruleset, language, locale, monkeypatch):
    """`herald replay --at N` says the game's own words (the board) in the shell's language,
    with the same words the server's board has in that language."""
    game_id = finish_by_resignation(api, ruleset, alice_bob)
    record = api.call("GET", f"/games/{game_id}/export", alice_bob[0]).json
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    served = api.call("GET", f"/games/{game_id}/render?seat=0", alice_bob[0],
                      headers={"Accept-Language": language}).json["text"]
    monkeypatch.setenv("LANG", locale)
    replayed = offline_herald("replay", path, "--at", len(record["moves"]), "--seat", 0)
    assert replayed.exit_code == 0, replayed.stderr
    board = replayed.stdout.split("\n\n", 1)[1].split("\n", 1)[1].rstrip("\n")  # after "Position after ..."
    english = api.call("GET", f"/games/{game_id}/render?seat=0", alice_bob[0]).json["text"]
    assert board == served.rstrip("\n") and board != english.rstrip("\n")
