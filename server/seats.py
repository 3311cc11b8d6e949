"""Who sits where: cached once a game has started, since seats rarely change after that.

A cached entry lives SEATS_SECONDS: players' names and addresses can change (and a seat can
be handed over, by its player or by the operator's `herald server seat` in a process of its
own); the process that changed it forgets at once, others within that time. Before refusing
a caller ("no seat", "not yours") the seats are read again from the database, so a seat's
new holder is let in at once everywhere; its old holder may still be let in by another
process until the entry expires. Past LIMIT games the least recently used one is dropped.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from cachetools import TTLCache
from peewee import JOIN

from server.errors import ApiError
from server.models import Player, Seat

LIMIT = 5000
SEATS_SECONDS = 30.0
_lock = threading.Lock()  # a TTLCache reorders and expires on reads too
_started: TTLCache[int, tuple["SeatInfo", ...]] = TTLCache(maxsize=LIMIT, ttl=SEATS_SECONDS)
_NAME_SLOT = re.compile(r"\{P(\d+)\}")


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player: int | None
    name: str | None
    email: str | None


def seats_of(game) -> tuple[SeatInfo, ...]:
    """The seats of a games row, in seat order."""
    with _lock:
        hit = _started.get(game.id)
    if hit is not None:
        return hit
    rows = (Seat.select(Seat.seat, Player.id, Player.name, Player.email)
            .join(Player, on=(Seat.player == Player.id), join_type=JOIN.LEFT_OUTER)
            .where(Seat.game == game.id).order_by(Seat.seat).tuples())
    info = tuple(SeatInfo(*row) for row in rows)
    if game.status != "open":
        with _lock:
            _started[game.id] = info
    return info


def forget(game_id: int) -> None:
    with _lock:
        _started.pop(game_id, None)


def clear() -> None:
    with _lock:
        _started.clear()


def held(game, caller, wanted: int | None = None) -> list[int]:
    """The caller's seats. Read again from the database before saying "none" or "not that
    one": the cached seats may predate a hand-over made by another process."""
    mine = [s.seat for s in seats_of(game) if s.player == caller.id]
    if (not mine or (wanted is not None and wanted not in mine)) and game.status != "open":
        forget(game.id)
        mine = [s.seat for s in seats_of(game) if s.player == caller.id]
    return mine


def resolve_seat(game, caller, requested: int | None) -> int:
    """The seat the caller acts for: `?seat=` if given, else their only seat, else their
    only prompted seat. 403 `forbidden` when the caller has no such seat."""
    mine = held(game, caller, requested)
    if not mine:
        raise ApiError(403, "forbidden", "You have no seat in this game.")
    if requested is not None:
        if requested not in mine:
            raise ApiError(403, "forbidden", f"Seat {requested} in this game is not yours.")
        return requested
    if len(mine) == 1:
        return mine[0]
    prompted = [p["seat"] for p in game.prompted or [] if p["seat"] in mine]
    if len(set(prompted)) == 1:
        return prompted[0]
    raise ApiError(422, "seat-required", f"You hold seats {mine} here; say which with ?seat=N.",
                   details={"seats": mine})


def viewing_seat(game, caller, requested: int | None) -> int | None:
    """The seat whose eyes the caller looks through: like resolve_seat, but a player holding
    several seats sees the prompted (else first) one by default, and the creator without a
    seat watches as a spectator (None: only what every seat may see)."""
    mine = my_seats(game, caller)
    if not mine and requested is None and (game.creator_id == caller.id or game.public):  # public: anyone watches
        return None
    if not mine:
        raise ApiError(403, "forbidden", "You have no seat in this game.")
    if requested is None and len(mine) > 1:
        prompted = [p["seat"] for p in game.prompted or [] if p["seat"] in mine]
        return prompted[0] if prompted else mine[0]
    return resolve_seat(game, caller, requested)


def my_seats(game, caller) -> list[int]:
    return held(game, caller)


def name_players(text: str, seats: tuple[SeatInfo, ...]) -> str:
    """Put player names in place of the games' {P0}..{P5} slots."""
    if "{P" not in text:  # most texts name nobody: no regex, no table of names
        return text
    names = {s.seat: s.name or f"seat {s.seat}" for s in seats}
    return _NAME_SLOT.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text)
