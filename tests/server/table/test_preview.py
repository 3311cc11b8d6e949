"""Dry runs: `PUT /games/{id}/moves/{seq}?dry_run=1` and `herald play --dry-run`."""
from __future__ import annotations

import json
import re

import pytest

from client import exitcodes
from core import chance, games
from tests.core.playout import seats
from tests.server.table.helpers import play_until_deck_empty, random_walk


def test_a_move_that_draws_is_confirmed_legal_but_its_outcome_is_not_shown(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game([alice, bob], options={"target": 60})
    seat = api.game(game_id, alice)["prompted"][0]["seat"]
    mover = alice_bob[seat]
    card = api.legal(game_id, mover)["moves"][0]["text"]
    response = api.call("PUT", f"/games/{game_id}/moves/0?dry_run=1", mover, json={"text": card})
    assert response.status_code == 200, response.json
    body = response.json
    assert body["dry_run"] and body["legal"] and not body["shown"]
    assert "chance" in body["note"] and body["view"] is None and body["events"] is None
    russian = api.call("PUT", f"/games/{game_id}/moves/0?dry_run=1", mover, json={"text": card},
                       headers={"Accept-Language": "ru"})  # (the note, like every sentence, in the reader's words)
    assert russian.json["note"].startswith("Этот ход допустим"), russian.json["note"]
    # nothing was played: still move 0, nobody mailed beyond the start
    assert api.game(game_id, alice)["version"] == 0
    deck_cards = json.dumps(body)
    assert "You drew" not in deck_cards


def test_a_deterministic_move_shows_the_position_as_my_seat_would_see_it(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game([alice, bob], options={"target": 60})
    play_until_deck_empty(api, game_id, alice_bob)
    detail = api.game(game_id, alice)
    mover = alice_bob[detail["prompted"][0]["seat"]]
    legal = api.legal(game_id, mover)["moves"][0]
    response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}?dry_run=1", mover,
                        json={"text": legal["text"]})
    body = response.json
    assert response.status_code == 200 and body["shown"], body
    assert body["view"]["total"] > detail["view"]["total"]
    assert any("played" in e for e in body["events"])
    assert body["view"]["hand"] is not None and body["picture"].startswith("Total")
    assert api.game(game_id, alice)["version"] == detail["version"]  # not played


def test_an_illegal_move_is_refused_as_a_real_play_would_be(api, alice_bob):
    alice, bob = alice_bob
    game_id = api.start_game([alice, bob])
    mover = alice_bob[api.game(game_id, alice)["prompted"][0]["seat"]]
    other = alice_bob[1 - alice_bob.index(mover)]
    response = api.call("PUT", f"/games/{game_id}/moves/0?dry_run=1", other, json={"text": "pass"})
    assert response.status_code == 422 and response.json["error"]["rule"] == "TOY-1"
    stale = api.call("PUT", f"/games/{game_id}/moves/5?dry_run=1", mover, json={"text": "pass"})
    assert stale.status_code == 409 and stale.json["error"]["code"] == "seq-ahead"


def test_cli_play_dry_run_plays_nothing(herald, two_player_game):
    game_id, alice, bob = two_player_game
    state = herald.json("show", game_id, token=alice)
    token = alice if state["prompted"][0]["seat"] == 0 else bob
    line = herald.json("moves", game_id, token=token)[0]["text"]
    result = herald("play", game_id, line, "--dry-run", token=token)
    assert result.exit_code == 0, result.stderr
    assert "Dry run" in result.stdout and "nothing was played" in result.stdout
    assert "shown only when you play it" in result.stdout
    assert herald.json("show", game_id, token=alice)["version"] == 0
    refused = herald("play", game_id, "play t99", "--dry-run", token=token)
    assert refused.exit_code == exitcodes.REJECTED and "TOY-2" in refused.stderr


# A deal in which seat 0, first to play, holds an Explorer and the Dungeon's top card beats it:
# exploring turns that card up, shown by its kind only, and draws nothing.
EXPLORER_ON_MOVE_0 = "explorer-on-move-0-0"


def test_a_dry_run_of_explore_never_shows_the_dungeon_card_it_would_turn_up(herald, game_seeds):
    """Issue 24: `herald play GAME "explore V56" --dry-run` printed the Dungeon card, and the
    real play then turned up that same card."""
    game_seeds.pin(EXPLORER_ON_MOVE_0)
    ann, ben = herald.register("ann"), herald.register("ben")
    created = herald.json("new", "castle-assault", "--seats", 2, "--option", "first-player=0", token=ann)
    for token, invite in zip((ann, ben), created["invites"]):
        herald.json("join", invite["code"], token=token)
    game_id = created["id"]
    line = next(m["text"] for m in herald.json("moves", game_id, token=ann)
                if not m.get("pattern") and m["text"].startswith("explore "))
    dry = herald("play", game_id, line, "--dry-run", token=ann)
    assert dry.exit_code == 0, dry.stderr
    assert "nothing was played" in dry.stdout and "shown only when you play it" in dry.stdout
    events = herald.json("play", game_id, line, token=ann)["events"]
    card = re.search(r"turns up (.+?) \(danger", " ".join(events)).group(1)
    assert card not in dry.stdout and "turns up" not in dry.stdout


@pytest.mark.parametrize("ruleset", sorted(games))
def test_trial_never_changes_what_a_move_does_and_flags_draws(ruleset):
    """Over a random game: the trial's state is the played state, and a move that drew a card
    into the mover's hand or rolled a die is never judged deterministic."""
    game = games[ruleset]
    kinds, drew = set(), False
    for state, seat, move, played in random_walk(ruleset, seats(game), "preview-seed", 150):
        judged = chance.trial(game, state, seat, move, watch=[seat])
        assert game.state_hash(judged.state) == game.state_hash(played)
        if game.to_json(played).get("rng") != game.to_json(state).get("rng"):
            assert judged.draws > 0 and not judged.deterministic
            drew = True
        kinds.add(judged.deterministic)
    # both kinds occur in a real game that hides anything (it deals by chance); a game without
    # chance (Nim) has only deterministic moves
    assert kinds == ({True, False} if game.hidden_information or drew else {True})


@pytest.mark.rule("CA-MULTI-5")
def test_a_preview_never_shows_whether_an_opponent_holds_an_answer():
    """In fast windows only seats holding an attack card are asked to join: a preview of an
    attack must look the same whether or not the others hold one (it is judged as strict)."""
    game = games["castle-assault"]
    compared = 0
    for state, seat, move, _ in random_walk("castle-assault", 3, "fast-windows", 400):
        if move.get("type") != "attack":
            continue
        empty = {**state, "hands": [h if s == seat else [] for s, h in enumerate(state["hands"])]}
        asked = [[(p.seat, p.kind) for p in game.prompts(game.apply(game.preview_state(s), seat, move)[0])]
                 for s in (state, empty)]
        assert asked[0] == asked[1]
        compared += 1
    assert compared
