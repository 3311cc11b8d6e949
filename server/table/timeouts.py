"""Per-game clocks: what happens when a deadline passes (server/table/clocks.py computes them).

`herald server clocks`, run from cron like `remind`, mails a reminder one day before each
deadline and, once it has passed, makes the game's choice for the seat (`on_timeout`), as
that seat's ordinary logged move:

* `default`: the game's default answer (pass a reaction window, ...). Where the game has
  none (most turn actions) the seat keeps waiting, and is reminded every day.
* `resign`: the default answer where there is one, else the seat resigns for good (each
  game's resignation rule, docs/table.md): the seat is removed from the game.
* `bot`: a house bot (server/table/house_bots.py, level BOT_LEVEL) chooses the seat's move from
  what that seat may know, as `herald server bots` would; games without bots refuse it.
* `skip`: the default answer where there is one, else the seat ends its turn doing nothing
  more, where the game's rules allow it (core/skip.py); other games refuse it.

Only games whose earliest deadline (games.due_at, server/table/due_times.py) has passed, or comes
within a day for reminders, are read: the scans select them by index. Games without their
own clock are left to the server-wide `herald server deadlines --after`.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from core import resign, skip
from core.protocol import Prompt
from core.records import message_of
from core.rng import Rng
from server.table import outbox
from server.store import state_cache
from server.table.clocks import deadline, reserves
from server.store.db import write_transaction
from server.table.deadlines import DeadlineReport, apply_due
from server.table.house_bots import choose_for_seat, has_bots
from server.errors import ApiError, msg
from server.store.models import Game, Notification, lock_game, utcnow
from server.rulesets import engine as find_engine
from server.players.seats import seats_of

ACTIONS = ("default", "resign", "bot", "skip")
BOT_LEVEL = "greedy"
REMIND_BEFORE = timedelta(days=1)
# A reminder "a day" after the last one is due a few minutes early, so that a timer running at
# the same minute each day (cron's 0 * * * *, a second later or sooner) does not skip to its next
# run and drift later day by day.
REMIND_SLACK = timedelta(minutes=5)


def check_action(ruleset: str, action: str) -> None:
    """At creation: refuse an `on_timeout` the game's rules (or Herald's bots) cannot carry out."""
    engine = find_engine(ruleset)
    if action == "skip" and not skip.allows_skip(engine):
        rule = engine.no_skip_rule
        if rule:
            refusal = msg("%(title)s has no way to skip a turn (its rules: the action is compulsory, %(rule)s): "
                          "choose default, resign or bot for a passed deadline.", title=engine.title, rule=rule)
        else:
            refusal = msg("%(title)s has no way to skip a turn: choose default, resign or bot for a passed deadline.",
                          title=engine.title)
        raise ApiError(422, "no-skip", refusal)
    if action == "bot" and not has_bots(engine):
        raise ApiError(422, "no-bots", msg("%(title)s has no bots: choose default, resign or skip.", title=engine.title))


def _move_for(game, engine, state, seat: int) -> dict | None:
    """What `on_timeout` plays for an overdue seat, or None (it keeps waiting)."""
    if game.on_timeout == "bot":
        return choose_for_seat(game, engine, state, seat, BOT_LEVEL, Rng(f"clock:{game.id}:{game.version}:{seat}"))
    if game.on_timeout == "skip":
        return skip.skip_move(engine, state, seat)
    move = engine.default_move(state, seat)
    if move is None and game.on_timeout == "resign":
        move = dict(resign.MOVE)
    return move


def _overdue_action(game, engine, state, now, acting: set):
    """The move a passed deadline makes for its seat, if any is due. A bot or a skip finishes
    the turn it took over (`acting`: the seats it played for in this run, still asked)."""
    left = reserves(game)
    for prompt in game.prompted or []:
        due, _ = deadline(game, prompt, now, left)
        if (due is None or due > now) and (game.id, prompt["seat"]) not in acting:
            continue
        move = _move_for(game, engine, state, prompt["seat"])
        if move is not None:
            if game.on_timeout in ("bot", "skip"):
                acting.add((game.id, prompt["seat"]))
            return prompt["seat"], move
    return None


def due_by(moment: datetime):
    """Clocked games with a deadline at `moment` or earlier, by the games.due_at index (null
    unless the game is active and clocked: server/table/due_times.py)."""
    return Game.select(Game.id).where(Game.due_at <= moment)


def apply_overdue(now: datetime | None = None) -> DeadlineReport:
    now = now or utcnow()
    due = due_by(now)
    acting: set = set()
    return apply_due([g.id for g in due], lambda game, engine, state: _overdue_action(game, engine, state, now, acting),
                     now, DeadlineReport())


def queue_reminders(now: datetime | None = None) -> int:
    """A reminder for each prompted seat whose deadline is less than a day away and that has
    waited half its time at least (a day per move: reminded 12 hours before, not with the turn
    mail), or whose deadline passed with nothing to answer for it; at most one a day per seat
    and wait."""
    now = now or utcnow()
    queued = 0
    soon = due_by(now + REMIND_BEFORE)
    for game_id in [g.id for g in soon]:
        with write_transaction():
            game = lock_game(game_id)
            if game is None:  # deleted since the scan (an open game the operator removed)
                continue
            left = reserves(game)
            due = [(p, d) for p in game.prompted or [] for d, stopped in [deadline(game, p, now, left)]
                   if d is not None and not stopped and _reminder_due(p, d, now) and not _reminded(game, p, now)]
            if not due:
                continue
            engine = find_engine(game.ruleset)
            state_cache.get(game, engine)  # a game whose snapshot disagrees is skipped
            rows = outbox.queue_turns(game, engine, [Prompt(p["seat"], p["kind"], message_of(p)) for p, _ in due],
                                      seats_of(game), game.version, kind="reminder")
            by_seat = {p["seat"]: (p, d) for p, d in due}
            for row in rows:
                prompt, when = by_seat[row["seat"]]
                # stamps: the mail writes them in its reader's zone and language when sent (notify/mailtimes.py)
                row["context"].update(since_at=prompt["since"], deadline_at=when.isoformat(timespec="seconds"))
                row["created"] = now
            queued += outbox.write(rows) or 0  # (none for a player on digest or with mail off)
    return queued


def _reminder_due(prompt: dict, deadline_at: datetime, now: datetime) -> bool:
    since = datetime.fromisoformat(prompt["since"])
    return now >= deadline_at - REMIND_BEFORE and now >= since + (deadline_at - since) / 2


def _reminded(game, prompt: dict, now: datetime) -> bool:
    """Was this seat reminded during this wait within the last day, or does a reminder still
    wait to be sent (held for its player's quiet hours)?"""
    since = datetime.fromisoformat(prompt["since"])
    return Notification.select().where((Notification.game == game.id) & (Notification.seat == prompt["seat"])
                                       & (Notification.kind == "reminder")
                                       & (Notification.created >= max(since, now - REMIND_BEFORE + REMIND_SLACK))).exists() \
        or outbox.reminder_waiting(game.id, prompt["seat"], since)
