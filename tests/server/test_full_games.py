"""Whole games of every real ruleset through the API with random legal moves, then verified."""
import json

import pytest

from core import games
from core.rng import Rng, seed_hash
from server.store import state_cache
from server.store.models import Snapshot
from server.store.verify import verify_all


def prompted_seats(api, game_id, seated):
    """Every prompted seat, each as its own player sees it (a window's prompt is shown only
    to the seat asked)."""
    return sorted({p["seat"] for seat, player in enumerate(seated)
                   for p in api.game(game_id, player)["prompted"] if p["seat"] == seat})


def engine_of(ruleset):
    return games[ruleset]  # every registered ruleset is part of the product: missing is a failure


@pytest.mark.parametrize("ruleset,players", [("castle-assault", 2), ("castle-assault", 3),
                                             ("medieval-mastery", 3), ("wizards-quest", 3)])
def test_full_game_with_random_legal_moves(api, ruleset, players):
    engine = engine_of(ruleset)
    seated = [api.register(f"p{i}") for i in range(players)]
    game_id = api.start_game(seated, ruleset=ruleset)
    rng = Rng(f"e2e:{ruleset}:{players}")
    detail = api.game(game_id, seated[0])
    moves = 0
    while detail["status"] == "active" and moves < 3000:
        asked = prompted_seats(api, game_id, seated)
        seat = asked[rng.below(len(asked))]
        player = seated[seat]
        legal = api.call("GET", f"/games/{game_id}/legal", player).json
        assert legal["prompted"] and legal["moves"], legal
        for entry in legal["moves"]:
            if entry.get("pattern"):  # an unbounded choice: described, not listed
                assert entry["text"] and "help" in entry and "move" not in entry
            else:
                assert entry["text"] and isinstance(entry["move"], dict)
        if moves % 10 == 0:
            assert api.call("GET", f"/games/{game_id}/render", player).json["text"].strip()
        # As an operator would: the server's own state picks a random legal move for that seat.
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        body = {"text": engine.format(move)} if moves % 2 else {"move": move}
        if moves % 3 == 0:  # as after an eviction or another worker's move: the state comes from the snapshot
            state_cache.clear()
        response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", player, json=body)
        assert response.status_code == 201, (body, response.json)
        assert response.json["version"] == detail["version"] + 1
        moves += 1
        detail = api.game(game_id, seated[0])
    assert detail["status"] == "finished", f"no result after {moves} moves"
    assert detail["result"]["reason"] and "{P" not in detail["result"]["reason"]
    assert seed_hash(detail["seed"]) == detail["seed_hash"]
    for player in seated:
        log = api.call("GET", f"/games/{game_id}/moves", player).json
        assert log["version"] == moves and [e["seq"] for e in log["moves"]] == list(range(moves))
    reports = verify_all()
    assert [r.problems for r in reports] == [[]] and reports[0].moves == moves
