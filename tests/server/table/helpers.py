"""Helpers shared by the table tests."""
from __future__ import annotations

import json

from core import games
from core.rng import Rng
from server.store.models import Snapshot


def play_until_deck_empty(api, game_id: int, players: list[dict]) -> None:
    """Toy race: play first legal cards until the draw deck is empty (moves are then deterministic)."""
    while True:
        view = api.game(game_id, players[0])["view"]
        if view["deck"] == 0:
            return
        assert api.play_first_legal(game_id, players).status_code == 201


def server_state(ruleset: str, game_id: int):
    """The game's latest state, read from its snapshot as an operator would."""
    engine = games[ruleset]
    return engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))


def prompted_seat(api, game_id: int, seated: list[dict]) -> int:
    """One prompted seat, as its own player sees it (window prompts are shown only to the seat asked)."""
    for seat, player in enumerate(seated):
        if any(p["seat"] == seat for p in api.game(game_id, player)["prompted"]):
            return seat
    from server.store.models import Game
    raise AssertionError(f"nobody is prompted in an active game: {Game.get_by_id(game_id).prompted}")


def play_random_moves(api, ruleset: str, game_id: int, seated: list[dict], count: int, seed: str = "t") -> None:
    """`count` random legal moves through the API (fewer if the game ends)."""
    engine, rng = games[ruleset], Rng(seed)
    for _ in range(count):
        detail = api.game(game_id, seated[0])
        if detail["status"] != "active":
            return
        seat = prompted_seat(api, game_id, seated)
        move = engine.random_move(server_state(ruleset, game_id), seat, rng)
        response = api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", seated[seat], json={"move": move})
        assert response.status_code == 201, response.json


def random_walk(ruleset: str, players: int, seed: str, moves: int):
    """(state before, seat, move, state after) along one random game of a real ruleset."""
    game = games[ruleset]
    state = game.setup(players, game.normalize_options({}), seed)
    rng = Rng("walk:" + seed)
    for _ in range(moves):
        if game.result(state) is not None:
            return
        seat = game.prompts(state)[0].seat
        move = game.random_move(state, seat, rng)
        after, _ = game.apply(state, seat, move)
        yield state, seat, move, after
        state = after
