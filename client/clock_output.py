"""A game's clock as text (`herald show`, `herald new`, `herald vacation`): formatters return
strings and never print, like client.output."""
from __future__ import annotations


def clock_lines(game: dict) -> list[str]:
    """'Answer by ...' for each deadline shown, under `herald show`."""
    clock = game["clock"]
    lines = [clock_line(clock)]
    for entry in clock.get("deadlines") or []:
        who = "you" if entry["seat"] == game.get("my_seat") else f"seat {entry['seat']}"
        when = entry.get("deadline_text") or readable_time(entry["deadline"])  # the server writes it in my zone
        reserve = f" (reserve left: {days_hours(entry['reserve_left'])})" if "reserve_left" in entry else ""
        paused = " (clock paused: on vacation)" if entry.get("paused") else ""
        lines.append(f"  {who}: answer by {when}{reserve}{paused}")
    return lines


def clock_line(clock: dict) -> str:
    """'Clock: 3 day(s) per move + 7 day(s) of reserve; at a passed deadline: bot.'"""
    reserve = f" + {clock['reserve_days']} day(s) of reserve" if clock.get("reserve_days") else ""
    return f"Clock: {clock['days_per_move']} day(s) per move{reserve}; at a passed deadline: {clock['on_timeout']}."


def days_hours(seconds: int) -> str:
    days, rest = divmod(int(seconds), 86400)
    return f"{days}d {rest // 3600}h"


def readable_time(stamp: str | None) -> str:
    """'Thursday 26 November 18:00 UTC' from an ISO stamp (where the server did not write the
    date in my time zone and language itself: servers before time zones)."""
    from datetime import datetime

    if not stamp:
        return "-"
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).strftime("%A %d %B %H:%M UTC")
