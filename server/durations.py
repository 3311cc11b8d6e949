"""Durations as operators type them: 30m, 12h, 2d, 1w, or combined like 1d12h."""
from __future__ import annotations

import re
from datetime import timedelta

_PART = re.compile(r"(\d+)([smhdw])")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_duration(text: str) -> timedelta:
    compact = str(text).strip().lower().replace(" ", "")
    parts = _PART.findall(compact)
    if not compact or "".join(n + u for n, u in parts) != compact:
        raise ValueError(f"{text!r} is not a duration like 30m, 12h, 2d or 1d12h")
    total = timedelta()
    for number, unit in parts:
        total += timedelta(**{_UNITS[unit]: int(number)})
    if total <= timedelta(0):
        raise ValueError("the duration must be longer than zero")
    return total
