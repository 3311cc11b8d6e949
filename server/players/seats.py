"""Who sits where, cached per process under the games row's `seating` tag; and the invite
codes that let a player take a seat (`invite_code`).

Every change of a seat's holder (a join, a handover by the player or the operator, a house
bot taking over) writes a new random `seating` tag on the games row, in the transaction that
changes the seat (`hand_to`, `reseated`; they hold the game's row lock). A cached seat list
is used only while its tag is the tag of the games row the caller has just read, so who holds
a seat is never stale, on any server: the move path reads the games row under its lock
(server/table/movelog.py), so a seat handed over anywhere is refused to its old holder by the next
move. The tag is random, not a counter, so that the tag of a rolled-back change, never
committed, can never be taken for a current one.

The names and addresses in a cached list may lag a rename or an address change made through
another process by up to NAMES_SECONDS (this process forgets at once). Past LIMIT games the
least recently used entry is dropped, not the whole cache.
"""
from __future__ import annotations

import base64
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Any, Callable

from cachetools import TTLCache
from peewee import JOIN

from core.records import message_of, without_message
from core.text import ENGLISH, Joined, Msg, holds_flow, render
from server.store import statements
from server.errors import ApiError, msg
from server.store.models import Game, Player, Seat, utcnow

LIMIT = 5000
NAMES_SECONDS = 30.0
_lock = threading.Lock()  # a TTLCache reorders and expires on reads too
_cache: TTLCache[int, tuple[int, tuple["SeatInfo", ...]]] = TTLCache(maxsize=LIMIT, ttl=NAMES_SECONDS)
_NAME_SLOT = re.compile(r"\{P(\d+)\}")


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player: int | None
    name: str | None
    email: str | None


class Seating(tuple):
    """A game's seats, which also know the game's ruleset: a text naming its players (`Named`)
    is said in another language with that game's words, wherever it goes ("Village" is "Dorp"
    in a Dutch Castle Assault, and stays "Village" in a Dutch Medieval Mastery)."""

    ruleset: str | None = None


def seats_of(game) -> tuple[SeatInfo, ...]:
    """The seats of a games row, in seat order, as they stood when that row was read (or later)."""
    tag = game.__data__.get("seating")  # None: a row read without it, never served from the cache
    if tag is not None:
        with _lock:
            hit = _cache.get(game.id)
        if hit is not None and hit[0] == tag:
            return hit[1]
    rows = statements.query_rows(("seats of",), lambda: Seat.select(Seat.seat, Player.id, Player.name, Player.email)
                                 .join(Player, on=(Seat.player == Player.id), join_type=JOIN.LEFT_OUTER)
                                 .where(Seat.game == 0).order_by(Seat.seat), (game.id,))
    info = Seating(SeatInfo(*row) for row in rows)
    info.ruleset = game.__data__.get("ruleset")
    if tag is not None:
        with _lock:
            _cache[game.id] = (tag, info)
    return info


def new_tag() -> int:
    """A fresh `seating` tag (never 0, the tag of games written before there were tags)."""
    return secrets.randbelow(2**31 - 2) + 1


def reseated(game) -> None:
    """A seat of `game` has changed holder, in the write transaction that locked its row: a new
    tag on the games row (and on `game`), so every process reads the seats again."""
    tag = new_tag()
    statements.update_by_key(Game, "id", game.id, {"seating": tag})
    game.seating = tag
    forget(game.id)


def hand_to(game, seat_id: int, player_id: int, **columns) -> None:
    """Give the seat row `seat_id` of `game` (row-locked by the caller) to another player. Its
    pending handover invitation and its game-page links stop working (server/web/playlinks.py),
    so that nothing the old holder kept reaches the seat."""
    Seat.update(player=player_id, joined=utcnow(), handover=False, link_generation=Seat.link_generation + 1,
                **columns).where(Seat.id == seat_id).execute()
    reseated(game)


def revoke_links(player_id: int) -> None:
    """Every game-page link of every seat the player holds stops working (their next mails carry
    new ones): a new token for a token that may have been stolen leaves the thief no link that
    the stolen token could fetch (`GET /games/{id}/link`)."""
    Seat.update(link_generation=Seat.link_generation + 1).where(Seat.player == player_id).execute()


def forget(game_id: int) -> None:
    with _lock:
        _cache.pop(game_id, None)


def clear() -> None:
    with _lock:
        _cache.clear()


def held(game, caller, wanted: int | None = None) -> list[int]:
    """The caller's seats. Read again from the database before saying "none" or "not that
    one": the cached seats may predate a hand-over made by another process."""
    mine = [s.seat for s in seats_of(game) if s.player == caller.id]
    if (not mine or (wanted is not None and wanted not in mine)) and game.status != "open":
        forget(game.id)
        mine = [s.seat for s in seats_of(game) if s.player == caller.id]
    return mine


def held_now(game_id: int, player_id: int) -> list[int]:
    """The seats the player holds in the game, read from the database (never the cache): for a
    join or a handover deciding, under the game's lock, whether they sit at the table already."""
    return [row.seat for row in Seat.select(Seat.seat).where((Seat.game == game_id) & (Seat.player == player_id))
            .order_by(Seat.seat)]


def resolve_seat(game, caller, requested: int | None) -> int:
    """The seat the caller acts for: `?seat=` if given, else their only seat, else their
    only prompted seat. 403 `forbidden` when the caller has no such seat."""
    mine = held(game, caller, requested)
    if not mine:
        raise ApiError(403, "forbidden", msg("You have no seat in this game."))
    if requested is not None:
        if requested not in mine:
            raise ApiError(403, "forbidden", msg("Seat %(seat)s in this game is not yours.", seat=requested))
        return requested
    if len(mine) == 1:
        return mine[0]
    prompted = [p["seat"] for p in game.prompted or [] if p["seat"] in mine]
    if len(set(prompted)) == 1:
        return prompted[0]
    raise ApiError(422, "seat-required", msg("You hold seats %(seats)s here; say which with ?seat=N.",
                                             seats=", ".join(map(str, mine))),
                   details={"seats": mine})


def viewing_seat(game, caller, requested: int | None) -> int | None:
    """The seat whose eyes the caller looks through: like resolve_seat, but a player holding
    several seats sees the prompted (else first) one by default, and the creator without a
    seat watches as a spectator (None: only what every seat may see)."""
    mine = my_seats(game, caller)
    if not mine and requested is None and (game.creator_id == caller.id or game.public):  # public: anyone watches
        return None
    if not mine:
        raise ApiError(403, "forbidden", msg("You have no seat in this game."))
    if requested is None and len(mine) > 1:
        prompted = [p["seat"] for p in game.prompted or [] if p["seat"] in mine]
        return prompted[0] if prompted else mine[0]
    return resolve_seat(game, caller, requested)


def my_seats(game, caller) -> list[int]:
    return held(game, caller)


class Named(str):
    """A game's text with the players' names in their slots, in English, that still knows the
    message it was said by (`message`, core/text.py) and the seats that named it: the edge
    says it again in its reader's language (server/web/i18n/gamewords.py `speak`)."""

    message: Any
    seats: tuple["SeatInfo", ...]


class Titled(str):
    """A game's title as stored (English), which the edge says in its reader's language, as
    that language's term list names the game (server/web/i18n/gamewords.py `speak`)."""

    ruleset: str | None = None


def titled(title: str, ruleset: str | None) -> Titled:
    found = Titled(title)
    found.ruleset = ruleset
    return found


def name_players(text: str, seats: tuple[SeatInfo, ...]) -> str:
    """Put player names in place of the games' {P0}..{P5} slots. A game's message comes back
    `Named`: the English text, still able to be said in another language. A board is laid out
    again with the names' widths (core/text.py `flow`): a long name takes more of a line."""
    named = _named(render(text, ENGLISH.measuring(name_widths(seats))) if holds_flow(text) else text, seats)
    if isinstance(text, (Msg, Joined)):
        found = Named(named)
        found.message, found.seats = text, seats
        return found
    return named


def named_texts(body: Any, seats: tuple[SeatInfo, ...]) -> Any:
    """`body` (a game's view) with player names in every game message inside it, each still
    able to be said in the reader's language, and in any stored text with a `{P0}` slot; the
    rest as it is."""
    if isinstance(body, (Msg, Joined)) or (isinstance(body, str) and "{P" in body):  # (a stored text too)
        return name_players(body, seats)
    if isinstance(body, dict):
        if "msg" in body and "text" in body:  # a record with its stored message (a prompt): the message, named
            return {**{key: named_texts(value, seats) for key, value in without_message(body).items()},
                    "text": name_players(message_of(body), seats)}
        return {key: named_texts(value, seats) for key, value in body.items()}
    if isinstance(body, list):
        return [named_texts(value, seats) for value in body]
    return body


def name_widths(seats: tuple[SeatInfo, ...]) -> Callable[[str], int]:
    """How many columns a game's text takes once the players' names fill its slots."""
    return lambda text: len(_named(text, seats))


def _named(text: str, seats: tuple[SeatInfo, ...]) -> str:
    if "{P" not in text:  # most texts name nobody: no regex, no table of names
        return str(text)
    names = {s.seat: s.name or f"seat {s.seat}" for s in seats}
    return _NAME_SLOT.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text)


def invite_code() -> str:
    """80 random bits in lower-case base32: safe to type, and never read as a CLI option
    (a urlsafe token may start with '-')."""
    return base64.b32encode(secrets.token_bytes(10)).decode().lower()
