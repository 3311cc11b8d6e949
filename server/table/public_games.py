"""Public games: anyone may take the first free seat without an invite (`POST /games/{id}/join`).

Private games stay invitation-only: they are not listed to strangers, and joining them by
number is refused.
"""
from __future__ import annotations

from server.table import lobby
from server.table.gameviews import load_game
from server.errors import ApiError, msg
from server.store.models import Seat


def join_public(caller, game_id: int, requested_seat: int | None = None) -> dict:
    """The caller's seat in a public game: the one they already hold (a retried join), else the
    first free one (the last seat filled starts the game, as with an invite). Naming a seat
    (`?seat=`) only confirms one the caller holds."""
    game = load_game(game_id)
    held = [s.seat for s in Seat.select(Seat.seat).where((Seat.game == game.id) & (Seat.player == caller.id))
            .order_by(Seat.seat)]
    if requested_seat is not None and requested_seat not in held:
        raise ApiError(403, "forbidden", msg("Seat %(seat)s in this game is not yours.", seat=requested_seat))
    if held:
        return {"game": game.id, "seat": requested_seat if requested_seat is not None else held[0]}
    if not game.public:
        raise ApiError(403, "forbidden", msg("That game is by invitation only; ask its creator for an invite."),
                       details={"reason": "not-public"})
    for _ in range(game.players):  # someone may take the seat we chose first: try the next
        free = (Seat.select(Seat.id, Seat.game).where((Seat.game == game.id) & Seat.player.is_null())
                .order_by(Seat.seat).first())
        if free is None:
            break
        try:
            return lobby.take_seat(caller, free)
        except ApiError as error:
            if error.code != "invite-used":
                raise
    raise ApiError(409, "game-not-open", msg("That game is no longer taking players."))
