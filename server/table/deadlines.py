"""Deadlines: a seat prompted longer than the deadline gets the game's default answer
(`Game.default_move`), applied as that seat's move through the ordinary move path (same
validation, chain link, snapshot and mails). Where the game has no default (a turn action
in most games), the seat keeps waiting and only reminders apply."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from core import resign
from core.records import message_of
from server.table import movelog, outbox, vacation
from server.store import state_cache
from server.store.db import write_transaction
from server.store.models import Game, Notification, lock_game, utcnow
from server.table.durations import describe
from server.errors import msg
from server.rulesets import engine as find_engine
from server.players.seats import seats_of

log = logging.getLogger(__name__)

MAX_DEFAULTS_PER_GAME = 100  # a safety net: defaults that keep prompting must not loop forever


@dataclass
class DeadlineReport:
    applied: list[tuple[int, int, int, str]] = field(default_factory=list)  # game, seq, seat, text
    skipped: list[str] = field(default_factory=list)


def expired_seats(game, after: timedelta, now: datetime) -> list[int]:
    """Seats asked longer than `after` ago, not counting their players' vacations."""
    cutoff = now - after
    return [p["seat"] for p in game.prompted or [] if datetime.fromisoformat(p["since"]) <= cutoff
            and (vacation.waited(game, p, now) or timedelta(0)) >= after]


def apply_defaults(after: timedelta, now: datetime | None = None) -> DeadlineReport:
    """Apply default answers in every active game until no expired seat has one left."""
    now = now or utcnow()
    report = DeadlineReport()
    # Games with their own clock (server/table/timeouts.py) are left to it: --after is the fallback.
    # Only games waiting longer than `after` are read, through the games.waiting_since index.
    waiting = waiting_since(now - after).where(Game.days_per_move.is_null())
    return apply_due([g.id for g in waiting], lambda game, engine, state: _expired_default(game, engine, state, after,
                                                                                           now), now, report,
                     describe(after))


def waiting_since(cutoff: datetime):
    """Games asking some seat since `cutoff` or earlier, by the games.waiting_since index (it is
    null unless the game is active: server/table/due_times.py), whatever the number of active games."""
    return Game.select(Game.id).where(Game.waiting_since <= cutoff)


THE_CLOCK = msg("the game's time control")  # the deadline that passed, as the mail says it


def apply_due(game_ids, pick, now: datetime, report: DeadlineReport,
              deadline: str = THE_CLOCK) -> DeadlineReport:
    """In each game, apply the moves `pick(game, engine, state) -> (seat, move) | None` chooses,
    one transaction each, until it chooses none; each seat is mailed what was played for it
    (`deadline` says which deadline passed)."""
    for game_id in game_ids:
        played: dict[int, list[str]] = {}  # seat -> what this run played for it, in order
        try:
            for _ in range(MAX_DEFAULTS_PER_GAME):
                if not _apply_one(game_id, pick, now, report, deadline, played):
                    break
        except Exception as exc:  # one broken game must not stop the others
            log.exception("deadlines for game %s skipped", game_id)
            report.skipped.append(f"game {game_id}: {type(exc).__name__}: {exc}")
    return report


def how_played(game, engine, state, seat: int, move: dict, clock: bool) -> str:
    """What a deadline did for its seat, as the seat's mail says it: `resigned`, `bot` (the
    clock's house bot chose), `skip` (the clock ended the seat's turn) or `default` (the game's
    default answer, also where a clock set to resign or skip found one)."""
    if resign.is_resign(move):
        return "resigned"
    if clock and game.on_timeout == "bot":
        return "bot"
    if clock and game.on_timeout == "skip" and move != engine.default_move(state, seat):
        return "skip"
    return "default"


def _expired_default(game, engine, state, after: timedelta, now: datetime):
    for seat in expired_seats(game, after, now):
        move = engine.default_move(state, seat)
        if move is not None:
            return seat, move
    return None


def _tell_the_whole_turn(game_id: int, seat: int, moves: list[str]) -> None:
    """A seat the run plays several moves for (a bot's or a skip's whole turn) has one mail, its
    first move's: each further move adds itself to it, in that move's own transaction, so that
    the mail lists every move stored however the run ends (unless it has gone already)."""
    row = (Notification.select().where((Notification.game == game_id) & (Notification.seat == seat)
                                       & (Notification.kind == "defaulted") & (Notification.status == "pending"))
           .order_by(Notification.id.desc()).first())
    if row is not None:
        Notification.update(context={**row.context, "played": "\n    ".join(moves)}).where(
            Notification.id == row.id).execute()


def _apply_one(game_id: int, pick, now: datetime, report: DeadlineReport, deadline: str,
               played: dict[int, list[str]]) -> bool:
    """One chosen move in one game, in its own write transaction; False when none is due. The
    seat is mailed for the first move the run plays for it (`played`: the run's moves so far)."""
    with write_transaction():
        game = lock_game(game_id, move_reads=True)
        if game is None or game.status != "active":
            return False
        engine = find_engine(game.ruleset)
        state = state_cache.get(game, engine)
        chosen = pick(game, engine, state)
        if chosen is None:
            return False
        seat, move = chosen
        new_state, events = engine.apply(state, seat, move)
        seq = game.version
        asked = next((message_of(p) for p in game.prompted if p["seat"] == seat), "")
        # First what was played for the seat, then (from append) whatever it is asked next.
        text = engine.format(move)
        if seat not in played:
            outbox.write(outbox.queue_defaulted(game, engine, seat, asked, text, deadline, seats_of(game), seq + 1,
                                                how=how_played(game, engine, state, seat, move, deadline is THE_CLOCK)))
        played.setdefault(seat, []).append(text)
        if len(played[seat]) > 1:
            _tell_the_whole_turn(game.id, seat, played[seat])
        answer, at = movelog.append(game, engine, seat, seq, move, state, new_state, events, now,
                                    mover_saw_answer=False)
    state_cache.put(game.id, at, new_state)
    report.applied.append((game.id, seq, seat, answer["text"]))
    return True
