"""Durations as operators type them: 30m, 12h, 2d, 1w, or combined like 1d12h."""
from __future__ import annotations

import re
from datetime import timedelta

from server.errors import msg, msg_n

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
    """'2 days', '1 day 12 hours', '30 minutes': a duration as a mail says it (a sentence each
    reader's language says: server.errors.msg)."""
    seconds = int(period.total_seconds())
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, seconds = divmod(seconds, size)
        if amount:
            parts.append(_amount(unit, amount))
    if len(parts) >= 2:
        return msg("%(larger)s %(smaller)s", larger=parts[0], smaller=parts[1])
    return parts[0] if parts else _amount("second", 0)


def _amount(unit: str, amount: int) -> str:
    if unit == "day":
        return msg_n("%(num)d day", "%(num)d days", amount)
    if unit == "hour":
        return msg_n("%(num)d hour", "%(num)d hours", amount)
    if unit == "minute":
        return msg_n("%(num)d minute", "%(num)d minutes", amount)
    return msg_n("%(num)d second", "%(num)d seconds", amount)
