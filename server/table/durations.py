"""Durations as operators type them: 30m, 12h, 2d, 1w, or combined like 1d12h."""
from __future__ import annotations

import re
from datetime import timedelta

_PART = re.compile(r"(\d+)([smhdw])")
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
LONGEST = timedelta(days=3650)  # longer is a typo, and `now - after` must stay a valid date


def parse_duration(text: str) -> timedelta:
    compact = str(text).strip().lower().replace(" ", "")
    parts = _PART.findall(compact)
    if not compact or "".join(n + u for n, u in parts) != compact:
        raise ValueError(f"{text!r} is not a duration like 30m, 12h, 2d or 1d12h")
    seconds = sum(int(number) * _SECONDS[unit] for number, unit in parts)
    if seconds <= 0:
        raise ValueError("the duration must be longer than zero")
    if seconds > LONGEST.total_seconds():
        raise ValueError(f"{text!r} is longer than {LONGEST.days} days")
    return timedelta(seconds=seconds)


def describe(period: timedelta) -> str:
    """'2 days', '1 day 12 hours', '30 minutes': a duration as a mail says it."""
    seconds = int(period.total_seconds())
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, seconds = divmod(seconds, size)
        if amount:
            parts.append(f"{amount} {unit}" + ("" if amount == 1 else "s"))
    return " ".join(parts[:2]) or "0 seconds"
