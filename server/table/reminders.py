"""Reminders for seats that have been prompted too long: at most one per period per seat."""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from peewee import fn

from core.protocol import Prompt
from core.records import message_of
from server.table import deadlines, outbox, vacation
from server.table.timeouts import REMIND_SLACK
from server.store import state_cache
from server.store.db import write_transaction
from server.store.models import Notification, lock_game, utcnow
from server.rulesets import engine as find_engine
from server.players.seats import seats_of

log = logging.getLogger(__name__)


def due_seats(game, after: timedelta, now: datetime) -> list[dict]:
    """Prompted entries of `game` waiting longer than `after` and not reminded this period. A
    game with a clock has its own reminders, a day before each deadline (`herald server clocks`,
    timeouts.py), as it has its own deadlines."""
    if game.days_per_move is not None:
        return []
    cutoff = now - after
    due = []
    for prompt in game.prompted or []:
        since = datetime.fromisoformat(prompt["since"])
        if since > cutoff or vacation.waited(game, prompt, now) is None:  # not while its player is away
            continue
        last = (Notification.select(fn.MAX(Notification.created))
                .where((Notification.game == game.id) & (Notification.seat == prompt["seat"])
                       & (Notification.kind == "reminder")).scalar())
        if isinstance(last, str):
            last = datetime.fromisoformat(last)
        if last is not None and last >= max(since, cutoff + REMIND_SLACK):
            continue
        if outbox.reminder_waiting(game.id, prompt["seat"], since):  # held for quiet hours: it is this period's
            continue
        due.append(prompt)
    return due


def queue_reminders(after: timedelta, now: datetime | None = None) -> int:
    """Write reminder rows for every overdue seat of every active game; returns how many.
    A game that cannot be loaded is logged and skipped, so it does not stop the others."""
    now = now or utcnow()
    queued = 0
    for game_id in [g.id for g in deadlines.waiting_since(now - after)]:  # by index: only those waiting
        try:
            queued += _queue_for_game(game_id, after, now)
        except Exception:
            log.exception("reminders for game %s skipped", game_id)
    return queued


def _queue_for_game(game_id: int, after: timedelta, now: datetime) -> int:
    with write_transaction():
        game = lock_game(game_id)
        if game is None:  # deleted since the scan (an open game the operator removed)
            return 0
        due = due_seats(game, after, now)
        if not due:
            return 0
        engine = find_engine(game.ruleset)
        state_cache.get(game, engine)  # a game whose snapshot disagrees is skipped (verify)
        prompts = [Prompt(p["seat"], p["kind"], message_of(p)) for p in due]
        rows = outbox.queue_turns(game, engine, prompts, seats_of(game), game.version, kind="reminder")
        by_seat = {p["seat"]: p for p in due}
        for row in rows:
            # stamps: the mail writes them in its reader's zone and language when sent (notify/mailtimes.py)
            prompt = by_seat[row["seat"]]
            row["context"]["since_at"] = prompt["since"]
            row["created"] = now
        return outbox.write(rows) or 0  # (none for a house bot's seat, a player on digest or with mail off)
