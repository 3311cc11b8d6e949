"""Invitations by mail to the free seats of an open game: the invited person joins by replying
`join` (server/mailin), and becomes a player if Herald does not know the address yet. Sent
by the game's creator through the API (POST /games/{id}/invitations) or by mail (`new`).

An invitation mails an address nobody has vouched for, so each player may have Herald send
INVITATIONS_PER_DAY of them in a day, at most SAME_ADDRESS_PER_DAY to one address, however they
are asked for (the API, a reply, a seat handed over): counted in the outbox, so every server
counts the same ones."""
from __future__ import annotations

from datetime import timedelta

from server.errors import ApiError, msg, msg_n
from server.players.addresses import mailbox, normalized_email
from server.store import statements
from server.store.models import Notification, Seat, utcnow

INVITATIONS_PER_DAY = 30  # invitation mails one player may have Herald send in 24 hours
SAME_ADDRESS_PER_DAY = 3  # of which to one address


def invite(game, inviter, email: str, wanted: int | None = None) -> tuple[Seat, str]:
    """Mail `email` an invitation to seat `wanted` of `game` (locked, open), or to the first free
    seat not invited yet; the seat and the address as stored (422 `bad-email` for one that
    cannot receive mail, as registration says). 409 `seat-taken` when there is none."""
    email = normalized_email(email)
    seat = free_seat(game, wanted)
    queue_invitation(game, seat, inviter, email)
    return seat, email


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


def check_allowance(inviter_id: int, email: str) -> None:
    """429 `too-many-invitations` when the inviter has had Herald send as many invitations in
    the last 24 hours as it sends for one player, in all or to `email`."""
    sent = [mailbox(address) for (address,) in statements.tuples(Notification.select(Notification.email).where(
        (Notification.player == inviter_id) & (Notification.kind == "invite")
        & (Notification.created > utcnow() - timedelta(days=1))))]
    if len(sent) >= INVITATIONS_PER_DAY:
        raise ApiError(429, "too-many-invitations",
                       msg_n("You have had Herald mail %(num)d invitation in the last 24 hours, as many as it sends "
                             "for one player; try again tomorrow.",
                             "You have had Herald mail %(num)d invitations in the last 24 hours, as many as it sends "
                             "for one player; try again tomorrow.", len(sent)),
                       details={"retry_after": 86400})
    if sent.count(mailbox(email)) >= SAME_ADDRESS_PER_DAY:  # (ana+1@ and ana+2@ are one mailbox)
        raise ApiError(429, "too-many-invitations",
                       msg_n("%(email)s has had %(num)d invitation from you in the last 24 hours, as many as Herald "
                             "mails one address; try again tomorrow.",
                             "%(email)s has had %(num)d invitations from you in the last 24 hours, as many as Herald "
                             "mails one address; try again tomorrow.", SAME_ADDRESS_PER_DAY, email=email),
                       details={"retry_after": 86400})


def queue_invitation(game, seat, caller, email: str) -> None:
    """An outbox row of kind `invite`: its player is the inviter (the invited may have no
    player yet), its email the invited address (once the inviter's allowance has room)."""
    check_allowance(caller.id, email)
    context = {"game": game.id, "title": game.title, "ruleset": game.ruleset, "players": game.players,
               "seat": seat.seat, "inviter": caller.name, "invite": seat.invite}
    statements.insert(Notification, Notification.pending_row(game.id, seat.seat, caller.id, email, "invite",
                                                             game.version, context))
