"""Per-game clocks: what happens when a deadline passes (server/clocks.py computes them).

`herald server clocks`, run from cron like `remind`, mails a reminder one day before each
deadline and, once it has passed, makes the game's choice for the seat (`on_timeout`), as
that seat's ordinary logged move:

* `default`: the game's default answer (pass a reaction window, ...). Where the game has
  none (most turn actions) the seat keeps waiting, and is reminded every day.
* `resign`: the default answer where there is one, else the seat resigns for good (each
  game's resignation rule, docs/table.md): the seat is removed from the game.

Games without their own clock are left to the server-wide `herald server deadlines --after`.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from core import resign
from core.protocol import Prompt
from server import outbox, state_cache
from server.clocks import deadline
from server.db import write_transaction
from server.deadlines import DeadlineReport, apply_due
from server.models import Game, Notification, lock_game, utcnow
from server.rulesets import engine as find_engine
from server.seats import seats_of

ACTIONS = ("default", "resign")
REMIND_BEFORE = timedelta(days=1)



def _overdue_action(game, engine, state, now):
    """The move a passed deadline makes for its seat, if any is due."""
    for prompt in game.prompted or []:
        due, _ = deadline(game, prompt, now)
        if due is None or due > now:
            continue
        move = engine.default_move(state, prompt["seat"])
        if move is None and game.on_timeout == "resign":
            move = dict(resign.MOVE)
        if move is not None:
            return prompt["seat"], move
    return None


def apply_overdue(now: datetime | None = None) -> DeadlineReport:
    now = now or utcnow()
    clocked = Game.select(Game.id).where((Game.status == "active") & Game.days_per_move.is_null(False))
    return apply_due([g.id for g in clocked], lambda game, engine, state: _overdue_action(game, engine, state, now),
                     now, DeadlineReport())


def queue_reminders(now: datetime | None = None) -> int:
    """A reminder for each prompted seat whose deadline is less than a day away (or passed with
    nothing to answer for it), at most one a day per seat and wait."""
    now = now or utcnow()
    queued = 0
    for game_id in [g.id for g in Game.select(Game.id).where((Game.status == "active")
                                                             & Game.days_per_move.is_null(False))]:
        with write_transaction():
            game = lock_game(game_id)
            due = [(p, d) for p in game.prompted or [] for d, stopped in [deadline(game, p, now)]
                   if not stopped and d - REMIND_BEFORE <= now and not _reminded(game, p, now)]
            if not due:
                continue
            engine = find_engine(game.ruleset)
            state_cache.get(game.id, game.version, engine)  # a game whose snapshot disagrees is skipped
            rows = outbox.queue_turns(game, engine, [Prompt(p["seat"], p["kind"], p["text"]) for p, _ in due],
                                      seats_of(game), game.version, kind="reminder")
            by_seat = {p["seat"]: (p, d) for p, d in due}
            for row in rows:
                prompt, when = by_seat[row["seat"]]
                row["context"].update(since=prompt["since"].replace("T", " "),
                                      deadline=when.strftime("%A %d %B %H:%M UTC"))
                row["created"] = now
            outbox.write(rows)
            queued += len(rows)
    return queued


def _reminded(game, prompt: dict, now: datetime) -> bool:
    """Was this seat reminded during this wait within the last day?"""
    since = datetime.fromisoformat(prompt["since"])
    return Notification.select().where((Notification.game == game.id) & (Notification.seat == prompt["seat"])
                                       & (Notification.kind == "reminder")
                                       & (Notification.created >= max(since, now - REMIND_BEFORE))).exists()
