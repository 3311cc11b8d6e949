"""What an operator does by hand: list and disable players, cancel a game, hand a seat over.

Each is one write transaction and leaves the move log untouched: a cancelled game ends
(status finished, no winner, the reason saying so, the players told by mail); a handed-over
seat keeps its moves, and its new holder is mailed what is asked of it if anything is.

These run in the operator's own process, not in the server's: a changed seat renews the games
row's `seating` tag, which every server's seat cache is keyed on (server/players/seats.py), so running
servers act on it from their next request.
"""
from __future__ import annotations

from dataclasses import dataclass

from peewee import JOIN, fn

from core.protocol import Prompt, Result
from core.records import message_of
from server.table import chat, lobby, outbox
from server.errors import msg
from server.players import seats
from server.store import names
from server.store.db import write_transaction
from server.store.statements import tuples
from server.store.models import Game, InboundMail, Notification, Player, Seat, lock_game, utcnow
from server.rulesets import engine as find_engine

CANCELLED = "Cancelled by the server's operator."


class AdminError(Exception):
    """What the operator asked cannot be done (said in one sentence)."""


@dataclass(frozen=True)
class PlayerRow:
    id: int
    name: str
    email: str
    disabled: bool
    games: int
    created: str


def players(search: str | None = None) -> list[PlayerRow]:
    seated = fn.COUNT(fn.DISTINCT(Seat.game))
    query = (Player.select(Player.id, Player.name, Player.email, Player.disabled, Player.created, seated.alias("n"))
             .join(Seat, JOIN.LEFT_OUTER, on=(Seat.player == Player.id)).group_by(Player.id).order_by(Player.id))
    if search:
        needle = search.lower()
        query = query.where(fn.LOWER(Player.name).contains(needle) | fn.LOWER(Player.email).contains(needle))
    return [PlayerRow(player_id, name, email, bool(disabled), n, created.isoformat(timespec="seconds"))
            for player_id, name, email, disabled, created, n in tuples(query)]


def find_player(name_or_id: str) -> Player:
    player = (Player.get_or_none(Player.id == int(name_or_id)) if name_or_id.isdigit()
              else Player.get_or_none(Player.name_key == names.key(name_or_id)))
    if player is None:
        raise AdminError(f"There is no player {name_or_id!r}.")
    return player


def set_disabled(name_or_id: str, disabled: bool) -> Player:
    """A disabled player's token is refused (403 player-disabled) by every server from their
    next request on; their seats stay theirs."""
    with write_transaction():
        player = find_player(name_or_id)
        Player.update(disabled=disabled).where(Player.id == player.id).execute()
    return player


def _unfinished_game(game_id: int, over: str):
    """The games row, write-locked (inside write_transaction); `over` says why a finished one won't do."""
    game = lock_game(game_id)
    if game is None:
        raise AdminError(f"There is no game {game_id}.")
    if game.status == "finished":
        raise AdminError(f"Game {game_id} {over}.")
    return game


def cancel_game(game_id: int) -> str:
    """End a game for good. An open game (no move yet) is withdrawn: its invites stop working."""
    with write_transaction():
        game = _unfinished_game(game_id, "is already over")
        if game.status == "open":
            # Handled mail keeps its Message-ID (a redelivered join plays nothing), without the game.
            InboundMail.update(game=None).where(InboundMail.game == game.id).execute()
            Notification.delete().where(Notification.game == game.id).execute()
            Seat.delete().where(Seat.game == game.id).execute()
            Game.delete().where(Game.id == game.id).execute()
            seats.forget(game.id)
            return f"game {game_id} withdrawn (it had not started)"
        engine = find_engine(game.ruleset)
        result = Result((), CANCELLED)
        # Ended by hand, not by the rules: `verify` knows it from "cancelled".
        Game.update(status="finished", result={**result.to_json(), "cancelled": True}, finished=utcnow(),
                    prompted=[], waiting_since=None, due_at=None).where(
            Game.id == game.id).execute()
        outbox.write(outbox.queue_game_over(game, engine, result, seats.seats_of(game), game.version,
                                            game.seed))
    return f"game {game_id} cancelled at move {game.version}; its players are mailed"


def hand_over(game_id: int, seat: int, name_or_id: str) -> str:
    """Give a seat to another player (a replacement for one who left). Past moves stay; the old
    holder's game-page links and any pending hand-over invitation of the seat stop working."""
    with write_transaction():
        game = _unfinished_game(game_id, "is over; its seats cannot change")
        player = find_player(name_or_id)
        row = Seat.get_or_none((Seat.game == game.id) & (Seat.seat == seat))
        if row is None:
            raise AdminError(f"Game {game_id} has no seat {seat} (seats 0-{game.players - 1}).")
        before = Player.get_or_none(Player.id == row.player_id)
        seats.hand_to(game, row.id, player.id, invite=lobby.invite_code())  # every server sees it at the next request
        if before is not None:
            said = msg("The server's operator handed seat %(seat)s to %(name)s (it was %(before)s's).",
                       seat=seat, name=player.name, before=before.name)
        else:
            said = msg("The server's operator handed seat %(seat)s to %(name)s.", seat=seat, name=player.name)
        chat.note(game, player.id, said)
        asked = [Prompt(p["seat"], p["kind"], message_of(p)) for p in game.prompted or [] if p["seat"] == seat]
        if asked and game.status == "active":
            engine = find_engine(game.ruleset)
            outbox.write(outbox.queue_turns(game, engine, asked[:1], seats.seats_of(game), game.version))
    return (f"seat {seat} of game {game_id} now belongs to {player.name}"
            + ("; they are mailed what is asked of them" if asked and game.status == "active" else "")
            + f". It takes effect at once on every running server: {player.name} can play it, and the old "
              f"holder's token and game-page links can no longer act for the seat.")
