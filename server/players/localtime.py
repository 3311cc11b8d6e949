"""A player's own time: their time zone, their quiet hours, and dates written as they read them.

Every timestamp Herald stores is naive UTC (`server.store.models.utcnow`), and the API's
JSON keeps it so (ISO 8601 with a `Z`: for machines). A date a *player* reads (a deadline
in a mail or on the game page, a vacation's end, a log's times) is written here: in the
player's zone (an IANA name, `players.timezone`, UTC by default) and in the format of their
language (`players.language`, English until it is set) as Babel's CLDR data has it.

The locale joins the language to the zone's country, so that English in Europe/London reads
"Tuesday 2 December, 18:00 GMT", English in America/New_York "Tuesday, December 2, 1:00 PM
EST", and Swedish in Europe/Stockholm "tisdag 2 december 19:00 CET". A zone of no country
(UTC, the default) takes the language alone, English there as written in Europe (a 24-hour
clock: "Tuesday 2 December, 18:00 UTC").

Quiet hours (`players.quiet_hours`, "22:00-08:00" by default, NULL when turned off) are a
span of the player's local day, which may cross midnight: reminders and digests written in
them wait for their end (`quiet_until`; server/table/outbox.py and server/notify/digest.py).
A digest player's digest time (`players.digest_at`, "08:00" by default) is a time of that day:
the digest is written once each time their clock passes it (`last_shown`).

Everything here but `reader` is a pure function of its arguments.
"""
from __future__ import annotations

import difflib
import re
from contextvars import ContextVar
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from types import SimpleNamespace
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from server.errors import msg

DEFAULT_ZONE = "UTC"
DEFAULT_QUIET = "22:00-08:00"
DEFAULT_LANGUAGE = "en"
DEFAULT_DIGEST_AT = "08:00"
QUIET_OFF = ("off", "none", "no", "")
QUIET_HELP = msg("quiet hours are a span of your day in your time zone, from-to, such as 22-8 or 22:30-07:00, "
                 "or 'off'")


# --- choosing: what players type, checked and written the one way Herald stores it -----

# Names in the tz database that are no place's time: the machine's own ("localtime", whatever
# the server's clock is set to), and "Factory" (no time zone at all).
NOT_A_PLACE = frozenset({"localtime", "Factory", "posixrules"})
# "UTC+1", "GMT-5", "gmt +5:45": an offset, which keeps no summer time (and whose IANA spelling,
# Etc/GMT-1 for UTC+1, has its sign reversed).
_OFFSET = re.compile(r"^(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _zones_by_lower_name() -> dict[str, str]:
    return {name.lower(): name for name in (available_timezones() - NOT_A_PLACE) | {DEFAULT_ZONE}}


@lru_cache(maxsize=1)
def _zones_by_city() -> dict[str, list[str]]:
    """The zones by their last part as a player writes a city: "new york" -> America/New_York."""
    cities: dict[str, list[str]] = {}
    for zone in sorted(available_timezones()):
        if "/" in zone and not zone.startswith("Etc/"):  # (Etc/GMT+1 is no city: it is UTC-1)
            cities.setdefault(zone.rpartition("/")[2].replace("_", " ").lower(), []).append(zone)
    return cities


def check_zone(name: str) -> str:
    """The IANA name as stored ("europe/stockholm" -> "Europe/Stockholm"; a city alone that one
    zone is named after, "Stockholm" or "new york", is that zone), or ValueError with a sentence
    for the player (and the nearest names, for a typo)."""
    text = (name or "").strip()
    if _OFFSET.match(text):
        raise ValueError(msg("%(text)s is an offset from UTC, not a time zone: an offset keeps no summer time. "
                             "Give the time zone of your place, such as Europe/Stockholm, America/Santiago or "
                             "Asia/Kathmandu.", text=repr(text[:64])))
    city = " ".join(text.replace("_", " ").lower().split())  # as _zones_by_city keys it
    known = _zones_by_lower_name().get(text.lower())
    if known is None:
        named = _zones_by_city().get(city, [])
        known = named[0] if len(named) == 1 else None
    if known is not None:
        try:
            ZoneInfo(known)
            return known
        except (ZoneInfoNotFoundError, ValueError):
            pass
    near = [_zones_by_lower_name()[n] for n in difflib.get_close_matches(text.lower(), list(_zones_by_lower_name()), n=3,
                                                                          cutoff=0.75)]
    near = near or [zone for found in difflib.get_close_matches(city, list(_zones_by_city()), n=3, cutoff=0.8)
                    for zone in _zones_by_city()[found]][:3]
    if near:
        raise ValueError(msg("%(text)s is not a time zone Herald knows: give an IANA time zone name such as "
                             "Europe/Stockholm, America/New_York or UTC. Did you mean %(names)s?", text=repr(text[:64]),
                             names=" / ".join(near)))
    raise ValueError(msg("%(text)s is not a time zone Herald knows: give an IANA time zone name such as "
                         "Europe/Stockholm, America/New_York or UTC.", text=repr(text[:64])))


_CLOCK = r"(\d{1,2})(?:[:.h]?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?"  # 22, 22:30, 9.30, 10pm, 10:30 p.m.
_QUIET = re.compile(rf"^{_CLOCK}\s*(?:-|to|–)\s*{_CLOCK}$")
_TIME = re.compile(rf"^(?:at\s+)?{_CLOCK}$")
DIGEST_AT_HELP = msg("a time of your day in your time zone, such as 8, 07:30 or 7pm")


def parse_digest_at(text: str | None) -> int:
    """The minutes after local midnight of a time of day a player typed ("8", "07:30", "7pm",
    "at 19.30"); ValueError with a sentence for anything else."""
    typed = (text or "").strip()
    found = _TIME.match(typed.lower())
    if not found:
        raise ValueError(msg("%(text)s is not a time of day: %(help)s.", text=repr(typed[:40]), help=DIGEST_AT_HELP))
    hour, minute, half = int(found[1]), int(found[2] or 0), found[3]
    if (half and not 1 <= hour <= 12) or (not half and hour > 23) or minute > 59:
        raise ValueError(msg("%(text)s is not a time of day (hours 0-23, or 1-12 before am or pm; minutes 0-59): "
                             "%(help)s.", text=repr(typed[:40]), help=DIGEST_AT_HELP))
    return _twenty_four(hour, half) * 60 + minute


def clock_text(minutes: int) -> str:
    """The stored form of a time of day, "07:30"."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def check_digest_at(text: str | None) -> str:
    """What a player typed, in the stored form ("07:30"); ValueError with a sentence."""
    return clock_text(parse_digest_at(text))


def parse_quiet(text: str | None) -> tuple[int, int] | None:
    """(start, end) in minutes after local midnight, or None for 'off'; ValueError with a
    sentence for anything else. "22-8", "22:00-08:00" and "10pm-8am" are the same; 24 means
    midnight."""
    if text is None or text.strip().lower() in QUIET_OFF:
        return None
    found = _QUIET.match(text.strip().lower())
    if not found:
        raise ValueError(msg("%(text)s is not a span of hours: %(help)s.", text=repr(text[:40]), help=QUIET_HELP))
    start_h, start_m, start_half, end_h, end_m, end_half = found.groups()
    start_h, start_m, end_h, end_m = (int(part or 0) for part in (start_h, start_m, end_h, end_m))
    if (start_half and not 1 <= start_h <= 12) or (end_half and not 1 <= end_h <= 12):
        raise ValueError(msg("%(text)s is not a span of hours (hours 1-12 before am or pm): %(help)s.",
                             text=repr(text[:40]), help=QUIET_HELP))
    start_h, end_h = _twenty_four(start_h, start_half), _twenty_four(end_h, end_half)
    if max(start_h, end_h) > 24 or max(start_m, end_m) > 59 or (start_h == 24 and start_m) or (end_h == 24 and end_m):
        raise ValueError(msg("%(text)s is not a span of hours (hours 0-24, minutes 0-59): %(help)s.",
                             text=repr(text[:40]), help=QUIET_HELP))
    start, end = (start_h * 60 + start_m) % 1440, (end_h * 60 + end_m) % 1440
    if start == end:
        raise ValueError(msg("%(text)s starts where it ends: %(help)s.", text=repr(text[:40]), help=QUIET_HELP))
    return start, end


def _twenty_four(hour: int, half: str | None) -> int:
    """An hour on the 24-hour clock: 10pm is 22, 12am midnight (0), 12pm noon."""
    if half is None:
        return hour
    return hour % 12 + (12 if half.startswith("p") else 0)


def quiet_text(span: tuple[int, int] | None) -> str | None:
    """The stored form, "22:00-08:00", or None (off)."""
    if span is None:
        return None
    return "-".join(clock_text(minutes) for minutes in span)


def check_quiet(text: str | None) -> str | None:
    """What a player typed, in the stored form (None: off); ValueError with a sentence."""
    return quiet_text(parse_quiet(text))


# --- reading a player's settings (tolerant: a row holds what was checked when it was set) ---

def zone_of(player) -> ZoneInfo:
    name = getattr(player, "timezone", None) or DEFAULT_ZONE
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def quiet_of(player) -> tuple[int, int] | None:
    text = getattr(player, "quiet_hours", DEFAULT_QUIET)
    try:
        return parse_quiet(text)
    except ValueError:
        return parse_quiet(DEFAULT_QUIET)


def digest_at_of(player) -> int:
    """The player's digest time, minutes after their midnight."""
    try:
        return parse_digest_at(getattr(player, "digest_at", None) or DEFAULT_DIGEST_AT)
    except ValueError:
        return parse_digest_at(DEFAULT_DIGEST_AT)


def language_of(player) -> str:
    return getattr(player, "language", None) or DEFAULT_LANGUAGE


# --- time -------------------------------------------------------------------------------

def aware(moment: datetime) -> datetime:
    """A stored (naive UTC) moment as an aware one; an aware one as it is."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


def local(moment_utc: datetime, player) -> datetime:
    """The moment on the player's clock (an aware datetime in their zone)."""
    return aware(moment_utc).astimezone(zone_of(player))


def quiet_until(now_utc: datetime, player) -> datetime | None:
    """When the player's quiet hours running at `now_utc` end (naive UTC, like the stored
    times), or None when they are not in quiet hours (or have none). The end is the next
    time the player's own clock shows the end of the span, so a change to or from summer
    time during the night is counted as their clock counts it."""
    span = quiet_of(player)
    if span is None:
        return None
    start, end = span
    here = local(now_utc, player)
    minute = here.hour * 60 + here.minute
    if start < end:
        quiet, end_day = start <= minute < end, here.date()
    else:  # across midnight: the evening's part ends tomorrow, the morning's today
        quiet = minute >= start or minute < end
        end_day = here.date() + timedelta(days=1) if minute >= start else here.date()
    if not quiet:
        return None
    ends = _wall_clock(end_day, end, here.tzinfo)
    ends_utc = ends.astimezone(timezone.utc).replace(tzinfo=None)
    now_naive = aware(now_utc).astimezone(timezone.utc).replace(tzinfo=None)
    return ends_utc if ends_utc > now_naive else None


def last_shown(now_utc: datetime, player, minutes: int) -> datetime:
    """The last moment at or before `now_utc` when the player's clock showed `minutes` after
    midnight (naive UTC, like the stored times): today's, or yesterday's when today's is still
    to come. On the night the clock skips that time, the moment it skips it (`_wall_clock`)."""
    here = local(now_utc, player)
    now_naive = aware(now_utc).astimezone(timezone.utc).replace(tzinfo=None)
    for day in (here.date(), here.date() - timedelta(days=1), here.date() - timedelta(days=2)):
        moment = _wall_clock(day, minutes, here.tzinfo).astimezone(timezone.utc).replace(tzinfo=None)
        if moment <= now_naive:
            return moment
    raise AssertionError("a clock shows every time of day within two days")  # a bug guard


def _wall_clock(day: date, minutes: int, zone) -> datetime:
    """That day's time on the zone's clock; for a time the clock skips (spring forward), the
    moment it skips it: the first at which the clock shows that time or later (02:30 on the
    night 02:00 becomes 03:00 is 03:00)."""
    wall = datetime.combine(day, time(minutes // 60, minutes % 60))
    earlier = wall.replace(tzinfo=zone, fold=1).astimezone(timezone.utc)  # (in a gap: the offset after)
    later = wall.replace(tzinfo=zone, fold=0).astimezone(timezone.utc)  # (in a gap: the offset before)
    if later.astimezone(zone).replace(tzinfo=None) == wall:
        return wall.replace(tzinfo=zone)  # the clock shows it (once, or twice: the first)
    while later - earlier > timedelta(seconds=1):  # the change lies between: find it
        middle = earlier + (later - earlier) / 2
        if middle.astimezone(zone).replace(tzinfo=None) >= wall:
            later = middle
        else:
            earlier = middle
    return later.replace(microsecond=0).astimezone(zone)


# --- writing dates as the player reads them ------------------------------------------------

@lru_cache(maxsize=256)
def _locale(language: str, zone_name: str):
    from babel import Locale, UnknownLocaleError, localedata
    from babel.core import get_global

    tag = language.replace("-", "_")
    try:
        chosen = Locale.parse(tag)
    except (UnknownLocaleError, ValueError):
        chosen = Locale.parse(DEFAULT_LANGUAGE)
    if chosen.territory:
        return chosen
    territory = get_global("zone_territories").get(zone_name)
    if territory and territory not in ("ZZ", "001") and localedata.exists(f"{chosen.language}_{territory}"):
        return Locale.parse(f"{chosen.language}_{territory}")
    if chosen.language == "en":
        return Locale.parse("en_150")  # English of no one country: the 24-hour clock UTC is read in
    return chosen


def locale_for(player):
    """The Babel locale a player's dates are written in: their language, in their zone's country."""
    return _locale(language_of(player), zone_of(player).key)


def _widened(pattern: str) -> str:
    """A date pattern with the weekday and month written out (E -> EEEE, MMM -> MMMM), quoted
    text left alone: CLDR's "MMMEd" where a locale has no longer skeleton."""
    out, quoted, i = [], False, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "'":
            quoted = not quoted
            out.append(char)
            i += 1
            continue
        run = len(pattern[i:]) - len(pattern[i:].lstrip(char)) if not quoted else 1
        if not quoted and char in "Ec" and run < 4:
            out.append(char * 4)
        elif not quoted and char in "ML" and run == 3:
            out.append(char * 4)
        else:
            out.append(pattern[i:i + run])
        i += run
    return "".join(out)


@lru_cache(maxsize=256)
def _pattern(locale, style: str) -> str:
    skeletons = locale.datetime_skeletons
    if style == "year":
        day = locale.date_formats["full"].pattern
    elif style in ("short", "stamp"):
        day = next(skeletons[key].pattern for key in ("MMMd", "Md") if key in skeletons)
    else:
        key = next(key for key in ("MMMMEEEEd", "MMMMEd", "MMMEd") if key in skeletons)
        day = _widened(skeletons[key].pattern)
    clock = locale.time_formats["short"].pattern + ("" if style == "short" else " z")
    return str(locale.datetime_formats["medium"]).replace("{1}", day).replace("{0}", clock)


def format_when(moment_utc: datetime, player, style: str = "long") -> str:
    """A moment as the player reads it, in their zone and their language's format:

    long   "Tuesday 2 December, 18:00 GMT" (a deadline: weekday, day, month, time, zone)
    year   the same with the year ("Tuesday, 2 December 2025, 18:00 GMT": a vacation's end)
    short  "2 Dec, 18:00" (a log's times; the zone is said once, elsewhere)
    stamp  "2 Dec, 18:00 GMT" (a line of table talk: short, with the zone)
    """
    from babel.dates import format_datetime

    locale = locale_for(player)
    there = local(moment_utc, player)
    return format_datetime(there, _pattern(locale, style), tzinfo=there.tzinfo, locale=locale)


def format_iso(stamp: str | None, player, style: str = "long") -> str | None:
    """`format_when` for a stored ISO stamp ("2025-12-02T18:00:00", with or without a Z)."""
    if not stamp:
        return None
    return format_when(datetime.fromisoformat(stamp.rstrip("Z")), player, style)


def zone_note(player) -> str:
    """"Europe/Stockholm": the zone a reader's times are in, for the line that says so once."""
    return zone_of(player).key


# --- the one reader of the database here ------------------------------------------------------

def reader(player_id: int | None):
    """The player whose dates are being written (their zone, quiet hours, language), or None
    (dates in UTC, English) for a reader who is nobody: a spectator without an account."""
    if player_id is None:
        return None
    from server.store.models import Player

    return Player.get_or_none(Player.id == player_id)


# The language the request under way asks for (its Accept-Language, negotiated when first asked),
# set by the app around each request (server/app.py); None outside one.
asked_language: ContextVar[Callable[[], str | None] | None] = ContextVar("asked_language", default=None)


def requester(player_id: int | None):
    """`reader` for an answer to the request under way (a game's clock, the games waiting, a
    vacation's end): a player who chose no language reads its dates in the language the request
    asks for, as the rest of the answer is said (server/api/speaking.py); a mail, written outside
    any request, in English still."""
    player = reader(player_id)
    asked = asked_language.get()
    if player is None or player.language or asked is None:
        return player
    return SimpleNamespace(timezone=player.timezone, quiet_hours=player.quiet_hours, language=asked())
