"""Helpers shared by the table tests."""
from __future__ import annotations


def play_until_deck_empty(api, game_id: int, players: list[dict]) -> None:
    """Toy race: play first legal cards until the draw deck is empty (moves are then deterministic)."""
    while True:
        view = api.game(game_id, players[0])["view"]
        if view["deck"] == 0:
            return
        assert api.play_first_legal(game_id, players).status_code == 201
