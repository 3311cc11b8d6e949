"""A game's clock as text (`herald show`, `herald new`, `herald vacation`): formatters return
strings and never print, like client.output."""
from __future__ import annotations

from client.i18n import N_, _, ngettext, pgettext

WEEKDAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"), N_("Sunday"))
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"), N_("August"),
          N_("September"), N_("October"), N_("November"), N_("December"))
"""Month names as a date shows them (in Russian, the genitive: '26 ноября')."""


def clock_lines(game: dict) -> list[str]:
    """'Answer by ...' for each deadline shown, under `herald show`."""
    clock = game["clock"]
    lines = [clock_line(clock)]
    for entry in clock.get("deadlines") or []:
        who = _("you") if entry["seat"] == game.get("my_seat") else _("seat {seat}").format(seat=entry["seat"])
        when = entry.get("deadline_text") or readable_time(entry["deadline"])  # the server writes it in my zone
        reserve = (" " + _("(reserve left: {time})").format(time=days_hours(entry["reserve_left"]))
                   if "reserve_left" in entry else "")
        paused = " " + _("(clock paused: on vacation)") if entry.get("paused") else ""
        if entry.get("overdue"):
            lines.append("  " + _("{who}: the deadline passed on {time}; the game still waits").format(
                who=who, time=when) + paused)
            continue
        lines.append("  " + _("{who}: answer by {time}").format(who=who, time=when) + reserve + paused)
    return lines


def clock_line(clock: dict) -> str:
    """'Clock: 3 days per move + 7 days of reserve; at a passed deadline: bot.'"""
    days = clock["days_per_move"]
    per_move = ngettext("{days} day per move", "{days} days per move", days).format(days=days)
    if clock.get("reserve_days"):
        reserve = ngettext("{days} day of reserve", "{days} days of reserve", clock["reserve_days"]).format(
            days=clock["reserve_days"])
        return _("Clock: {per_move} + {reserve}; at a passed deadline: {action}.").format(
            per_move=per_move, reserve=reserve, action=on_timeout_word(clock["on_timeout"]))
    return _("Clock: {per_move}; at a passed deadline: {action}.").format(
        per_move=per_move, action=on_timeout_word(clock["on_timeout"]))


def on_timeout_word(action: str) -> str:
    """What a passed deadline does, in the command's language (the option's own word in English)."""
    words = {"default": pgettext("on timeout", "default"), "resign": pgettext("on timeout", "resign"),
             "bot": pgettext("on timeout", "bot"), "skip": pgettext("on timeout", "skip")}
    return words.get(action, action)


def days_hours(seconds: int) -> str:
    days, rest = divmod(int(seconds), 86400)
    return _("{days}d {hours}h").format(days=days, hours=rest // 3600)


def readable_time(stamp: str | None) -> str:
    """'Thursday 26 November 18:00 UTC' from an ISO stamp, in the client's language (where the
    server did not write the date in my time zone and language itself: servers before time zones)."""
    from datetime import datetime

    if not stamp:
        return "-"
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return _("{weekday} {day:02d} {month} {time} UTC").format(weekday=_(WEEKDAYS[moment.weekday()]), day=moment.day,
                                                              month=_(MONTHS[moment.month - 1]), time=moment.strftime("%H:%M"))
