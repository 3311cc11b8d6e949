"""A player hands over their own seat: to a new player invited by mail, or to a house bot.

Who may: the seat's holder; for a seat nobody holds any more (empty, or its holder's account
disabled by the operator: abandoned), the game's creator. Only while the game is being played.

* `invite`: the seat gets a fresh invite code, mailed to the address (the `invite` mail, which
  says the seat is handed over). The holder keeps playing until the invited player takes the
  seat with that code (`herald join CODE` or a `join` reply); from then on the seat is theirs,
  the old holder's token no longer reaches it and their game-page links stop working. A new
  invitation replaces an unanswered one (its code stops working).
* `bot`: a house bot (server/table/house_bots.py) holds the seat at once; `herald server bots`
  plays it from then on.

Either is written into the game's history as a table event (chat_messages.kind "table"), shown
between the moves by `herald log` and `herald chat` in each reader's language (its sentence stored
beside its English text: chat.note); the move log itself is untouched.
"""
from __future__ import annotations

from server.table import chat, house_bots, invitations
from server.players import seats as seat_table
from server.store import statements
from server.players.addresses import normalized_email
from server.store.db import write_transaction
from server.errors import ApiError, msg, no_such_game, status_word
from server.store.models import Game, Notification, Player, Seat, lock_game
from server.store import names


def check_reaches(caller, game_id: int, seat: int) -> None:
    """Before the body is read: 404 for no such game or seat, 403 unless `caller` may hand it over."""
    _may_hand_over(caller, statements.select_by_id(Game, game_id), game_id, seat)  # (as load_game reads it)


def _may_hand_over(caller, game: Game | None, game_id: int, seat: int) -> tuple[Game, Seat]:
    if game is None:
        raise no_such_game(game_id)
    row = Seat.get_or_none((Seat.game == game.id) & (Seat.seat == seat))
    if row is None:
        raise ApiError(404, "not-found", msg("Game %(game)s has no seat %(seat)s (seats 0-%(last)s).", game=game_id,
                                             seat=seat, last=game.players - 1))
    holder = Player.get_or_none(Player.id == row.player_id) if row.player_id else None
    abandoned = holder is None or holder.disabled
    if not (holder is not None and holder.id == caller.id) and not (abandoned and game.creator_id == caller.id):
        raise ApiError(403, "forbidden", msg("Only the seat's own player may hand it over (or the game's creator, "
                                             "once nobody holds it)."))
    return game, row


def _locked_seat(caller, game_id: int, seat: int) -> tuple[Game, Seat]:
    """The game (write-locked) and the seat row, once `caller` may hand the seat over."""
    game, row = _may_hand_over(caller, lock_game(game_id), game_id, seat)
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("Game %(game)s is %(status)s: only a seat in a game being "
                                                   "played is handed over.", game=game_id,
                                                   status=status_word(game.status)), details={"status": game.status})
    return game, row


def invite(caller, game_id: int, seat: int, email: str) -> dict:
    """Mail an invitation to take over the seat; the seat changes hands when it is accepted."""
    email = normalized_email(email)
    with write_transaction():
        game, row = _locked_seat(caller, game_id, seat)
        _refuse_own_address(caller, email)
        invitations.check_allowance(caller.id, email)
        code = seat_table.invite_code()
        Seat.update(invite=code, handover=True).where(Seat.id == row.id).execute()
        context = {"game": game.id, "title": game.title, "ruleset": game.ruleset, "players": game.players,
                   "seat": seat, "inviter": caller.name, "invite": code, "handover": True, "version": game.version}
        statements.insert(Notification, Notification.pending_row(game.id, seat, caller.id, email, "invite",
                                                                 game.version, context))
        chat.note(game, caller.id, msg("%(name)s invites a new player to take over seat %(seat)s.",
                                       name=caller.name, seat=seat))
    return {"game": game.id, "seat": seat, "invited": email}


def _refuse_own_address(caller, email: str) -> None:
    """409 `already-seated` for the caller's own address. Another player's is not looked up here:
    a refusal would tell the caller whether a guessed address is an opponent's (the table never
    shows addresses); a seat handed to someone at the table is refused when they take it (`accept`)."""
    if names.email_key(email) == names.email_key(caller.email):
        raise ApiError(409, "already-seated", msg("That is your own address: hand your seat to someone who is not "
                                                  "at the table."))


def to_bot(caller, game_id: int, seat: int, level: str) -> dict:
    """Give the seat to a house bot at once."""
    bot = house_bots.house_player(level)
    with write_transaction():
        game, row = _locked_seat(caller, game_id, seat)
        if not house_bots.supports_bots(game):
            raise ApiError(409, "no-bots", msg("%(title)s has no bots.", title=game.title))
        _change_holder(game, row, bot)
        chat.note(game, caller.id, msg("%(name)s hands seat %(seat)s over to the %(level)s house bot.",
                                       name=caller.name, seat=seat, level=level))
    return {"game": game.id, "seat": seat, "player": bot.name}


def accept(caller, game, row: Seat) -> None:
    """Inside join's write transaction: the invited player takes over a seat being handed over,
    unless they hold a seat of the game already (even one playing several seats: a seat handed
    over goes to someone not at the table, never to an opponent who would play two)."""
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("That game is over: its seats no longer change hands."))
    held = seat_table.held_now(game.id, caller.id)
    if held:
        raise ApiError(409, "already-seated", msg("You already hold seat %(held)s in game %(game)s: a seat handed over "
                                                  "goes to someone who is not at the table.", held=held[0], game=game.id),
                       details={"seats": held, "seat": row.seat, "handover": True})
    before = Player.get_or_none(Player.id == row.player_id)
    _change_holder(game, row, caller)
    if before is not None:
        said = msg("%(name)s takes over seat %(seat)s from %(before)s.", name=caller.name, seat=row.seat,
                   before=before.name)
    else:
        said = msg("%(name)s takes over seat %(seat)s.", name=caller.name, seat=row.seat)
    chat.note(game, caller.id, said)


def _change_holder(game, row: Seat, player) -> None:
    """The seat's new holder; its pending invitation and its old game-page links stop working."""
    seat_table.hand_to(game, row.id, player.id, invite=seat_table.invite_code())

