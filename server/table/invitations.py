"""Invitations by mail to the free seats of an open game: the invited person joins by replying
`join` (server/mailin), and becomes a player if Herald does not know the address yet. Sent
by the game's creator through the API (POST /games/{id}/invitations) or by mail (`new`)."""
from __future__ import annotations

from server.errors import ApiError, msg
from server.store import statements
from server.store.models import Notification, Seat


def invite(game, inviter, email: str, wanted: int | None = None) -> Seat:
    """Mail `email` an invitation to seat `wanted` of `game` (locked, open), or to the first free
    seat not invited yet; the seat. 409 `seat-taken` when there is none."""
    seat = free_seat(game, wanted)
    queue_invitation(game, seat, inviter, email)
    return seat


def free_seat(game, wanted: int | None) -> Seat:
    """Seat `wanted` if it is free, else the first free seat no invitation went to yet."""
    invited = {n.seat for n in Notification.select(Notification.seat)
               .where((Notification.game == game.id) & (Notification.kind == "invite"))}
    free = [s for s in Seat.select().where((Seat.game == game.id) & Seat.player.is_null()).order_by(Seat.seat)]
    if wanted is not None:
        chosen = next((s for s in free if s.seat == wanted), None)
        if chosen is None:
            raise ApiError(409, "seat-taken", msg("Seat %(seat)s is not free in game %(game)s.", seat=wanted, game=game.id))
        return chosen
    chosen = next((s for s in free if s.seat not in invited), None)
    if chosen is None:
        raise ApiError(409, "seat-taken", msg("Every free seat of game %(game)s has been invited already; "
                                              "name one with 'seat'.", game=game.id))
    return chosen


def queue_invitation(game, seat, caller, email: str) -> None:
    """An outbox row of kind `invite`: its player is the inviter (the invited may have no
    player yet), its email the invited address."""
    context = {"game": game.id, "title": game.title, "ruleset": game.ruleset, "players": game.players,
               "seat": seat.seat, "inviter": caller.name, "invite": seat.invite}
    statements.insert(Notification, Notification.pending_row(game.id, seat.seat, caller.id, email, "invite",
                                                             game.version, context))
