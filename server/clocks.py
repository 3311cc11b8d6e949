"""Per-game clocks as players see them: each prompted seat's deadline (server/timecontrol.py acts on them).

A prompted seat must answer within `days_per_move` days of being asked (the `since` of
games.prompted), plus the time its player spent on vacation meanwhile (server/vacation.py):
a running vacation stops the clock until it ends.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from server import prompts
from server.models import utcnow
from server.seats import seats_of
from server.vacation import paused


def deadline(game, prompt: dict, now: datetime) -> tuple[datetime | None, bool]:
    """(when the prompted seat's time runs out, whether its clock is stopped by a vacation now)."""
    if not game.days_per_move:
        return None, False
    since = datetime.fromisoformat(prompt["since"])
    player = next((s.player for s in seats_of(game) if s.seat == prompt["seat"]), None)
    away, running = paused(player, since, now) if player is not None else (timedelta(0), None)
    due = since + timedelta(days=game.days_per_move) + away
    if running is not None:
        due += running - now  # the rest of the vacation is added too: the clock restarts when it ends
    return due, running is not None


def clock(game, own_seats, now: datetime | None = None) -> dict | None:
    """For GET /games/{id}: the game's clock and the deadline of each prompt the caller may see."""
    if not game.days_per_move:
        return None
    now = now or utcnow()
    shown = []
    for prompt in prompts.visible(game.prompted or [], own_seats):
        due, stopped = deadline(game, prompt, now)
        shown.append({"seat": prompt["seat"], "deadline": stamp(due), "paused": stopped})
    return {"days_per_move": game.days_per_move, "on_timeout": game.on_timeout, "deadlines": shown}


def answer_by(game, seat: int, now: datetime) -> str | None:
    """'Thursday 26 November 18:00 UTC' for a turn mail, or None without a clock."""
    due, _ = deadline(game, {"seat": seat, "since": now.isoformat(timespec="seconds")}, now)
    return due.strftime("%A %d %B %H:%M UTC") if due else None


def stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None
