"""A resignation in Medieval Mastery.

The rules know no eliminated player: a player's knights and cards stay in play until
someone reaches the victory target (MM-WIN-2). So a resignation ends a two-player game at
once, and the other player wins (MM-WIN-2 read for a table with one player left). With more
players the rules give no way to take one player out without deciding for them who gets
their territories; Herald refuses it there (a seat can be handed to someone else instead).
"""
from __future__ import annotations

from core import resign
from core.protocol import Event, IllegalMove


def apply(state: dict, seat: int, move: dict):
    resign.check(move)
    if state["win"] is not None:
        raise IllegalMove("game-over", "The game is over.", "MM-WIN-2")
    if state["n"] != 2:
        raise IllegalMove("resign-not-possible", "Medieval Mastery has no eliminated players: with more than two "
                          "players you cannot resign; the game goes on until someone reaches the target.", "MM-WIN-2")
    from core.medieval_mastery.game import clone  # the game module imports this one

    st = clone(state)
    other = 1 - seat
    reason = f"{{P{seat}}} resigned: {{P{other}}} wins."
    st["win"] = {"seats": [other], "reason": reason}
    st["ph"] = "over"
    return st, [Event(f"{{P{seat}}} resigns."), Event("Game over: " + reason)]
