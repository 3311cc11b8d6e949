"""Vacations: `herald vacation --until DATE` stops a player's clocks in every game.

A vacation runs from when it is announced to `until`, or to the player's first move after
that if they come back early (so moving ends it: nothing is written on the move path, the
end is read from the log). Each player has a yearly allowance (HERALD_VACATION_DAYS, by
calendar year of the start); days not used because the player came back early are not
counted. The other players of the player's active games are told by mail; those who were told
are told again when the player ends it (`end`: a vacation that runs out was announced with its
end, and one ended by a move shows itself by the move).
"""
from __future__ import annotations

import re

import math
from datetime import datetime, timedelta, timezone

from server.players import localtime
from server.store.db import write_transaction
from server.errors import ApiError, msg, msg_n
from server.store.models import Game, Notification, Player, Seat, Vacation, utcnow
from server.store.statements import tuples
from server.table.clocks import away_now, effective_end, paused, seat_player

LONGEST = timedelta(days=366)


def parse_until(text: str, player=None) -> datetime:
    """`until` in UTC: a date alone is the start of that day in the player's time zone (the day
    they are back, as they count days); a date and time is UTC unless it carries an offset."""
    text = text.strip()
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ApiError(422, "bad-date", msg("%(text)s is not a date like 2026-12-26.", text=repr(text[:40]))) from None
    if not 2000 <= moment.year <= 9998:  # (before the zone: 0001-01-01+14:00 would leave the calendar)
        raise ApiError(422, "bad-date", msg("That date is out of range."))
    if not re.search(r"[Tt ]", text):  # a date alone, however ISO writes it: 2026-12-26, 20261226, 2026-W52-6
        moment = moment.replace(tzinfo=localtime.zone_of(player))
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    if not 2000 <= moment.year <= 9998:
        raise ApiError(422, "bad-date", msg("That date is out of range."))
    return moment


def waited(game, prompt: dict, now: datetime) -> timedelta | None:
    """How long a prompted seat has waited on its own clock: time on vacation does not count,
    and while its player is away (None) no deadline or reminder applies to it."""
    since = datetime.fromisoformat(prompt["since"])
    player = seat_player(game, prompt["seat"])
    if player is None:
        return now - since
    away, running = paused(player, since, now)
    return None if running is not None else now - since - away


def used_days(player_id: int, year: int) -> int:
    """The days of the year's allowance taken: the time away in all its vacations (a running one
    as planned), rounded up once, so that each short vacation does not cost a day of its own."""
    rows = Vacation.select().where((Vacation.player == player_id)
                                   & (Vacation.start >= datetime(year, 1, 1)) & (Vacation.start < datetime(year + 1, 1, 1)))
    away = sum(max(0.0, (effective_end(row) - row.start).total_seconds()) for row in rows)
    return math.ceil(away / 86400)


def _days(start: datetime, end: datetime) -> int:
    return max(0, math.ceil((end - start).total_seconds() / 86400))


def status(caller, allowance: int, now: datetime | None = None) -> dict:
    now = now or utcnow()
    _, running = paused(caller.id, now, now)
    used = used_days(caller.id, now.year)
    answer = {"on_vacation": running is not None, "until": _stamp(running), "allowance": allowance,
              "used": used, "left": max(0, allowance - used)}
    if running is not None:  # the end as the caller reads dates (their zone and language)
        answer["until_text"] = localtime.format_when(running, localtime.requester(caller.id), "year")
    return answer


def start(caller, until: datetime, allowance: int, now: datetime | None = None) -> dict:
    """Begin a vacation now, to `until` (naive UTC); tell the other players of my active games."""
    now = now or utcnow()
    if until <= now:
        raise ApiError(422, "bad-date", msg("The vacation must end in the future."))
    if until - now > LONGEST:
        raise ApiError(422, "bad-date", msg("A vacation lasts at most a year."))
    with write_transaction():
        if away_now(caller.id, now):
            raise ApiError(409, "on-vacation", msg("You are on vacation already; end it first (herald vacation --end, "
                                                     "or reply 'vacation off')."))
        wanted = _days(now, until)
        left = allowance - used_days(caller.id, now.year)
        if wanted > left:
            raise ApiError(422, "vacation-allowance",
                           msg_n("That is %(num)d day; you have %(left)s of %(allowance)s vacation days left this year.",
                                 "That is %(num)d days; you have %(left)s of %(allowance)s vacation days left this year.",
                                 wanted, left=max(left, 0), allowance=allowance),
                           details={"left": max(left, 0), "allowance": allowance})
        Vacation.create(player=caller.id, start=now, until=until)
        from server.table import outbox  # it builds on the clocks, which build on this module

        outbox.write(_tell_others(caller, until, now))
    return status(caller, allowance, now)


def end(caller, allowance: int, now: datetime | None = None) -> dict:
    """End a running vacation now (unused days go back to the allowance)."""
    now = now or utcnow()
    with write_transaction():
        running = Vacation.select().where((Vacation.player == caller.id) & (Vacation.start <= now)
                                          & (Vacation.until > now)).order_by(Vacation.start.desc()).first()
        if running is None or effective_end(running) <= now:
            raise ApiError(409, "not-on-vacation", msg("You are not on vacation."))
        Vacation.update(until=now).where(Vacation.id == running.id).execute()
        from server.table import outbox  # it builds on the clocks, which build on this module

        outbox.write(_tell_back(caller, running.start, now))
    return status(caller, allowance, now)


def _tell_others(caller, until: datetime, now: datetime) -> list[dict]:
    """A mail to every other player of my active games (one per player and game)."""
    mine = Seat.select(Seat.game).where(Seat.player == caller.id)
    rows = tuples(Seat.select(Seat.game, Seat.seat, Player.id, Player.name, Player.email, Game.title)
                  .join(Player, on=(Seat.player == Player.id)).switch(Seat).join(Game)
                  .where(Seat.game.in_(mine) & (Game.status == "active") & (Seat.player != caller.id)))
    out, seen = [], set()
    for game_id, seat, player_id, name, email, title in rows:
        if (game_id, player_id) in seen:
            continue
        seen.add((game_id, player_id))
        # `until_at`: written into the mail when it is sent, as its reader reads dates (server/notify/mailtimes.py)
        context = {"game": game_id, "title": title, "player": name, "seat": seat, "away": caller.name,
                   "away_id": caller.id, "until_at": until.isoformat(timespec="seconds")}
        out.append(Notification.pending_row(game_id, seat, player_id, email, "vacation", 0, context, now))
    return out


TOLD = ("sending", "sent", "uncertain")  # a vacation notice that went, or may have gone, out


def _tell_back(caller, since: datetime, now: datetime) -> list[dict]:
    """A mail to each player told of the vacation that began at `since` (its notice sent, or
    perhaps sent): the player is back and their clock runs again. A notice still waiting is
    dropped instead (server/notify/channels/mail.py): nobody hears of a vacation already over."""
    mine = Seat.select(Seat.game).where(Seat.player == caller.id)
    told = (Notification.select(Notification.game, Notification.seat, Notification.player, Notification.email,
                                Notification.context)
            .where(Notification.game.in_(mine) & (Notification.kind == "vacation") & (Notification.created >= since)
                   & (Notification.status.in_(TOLD))))
    return [Notification.pending_row(row.game_id, row.seat, row.player_id, row.email, "back", 0, row.context, now)
            for row in told if row.context.get("away_id") == caller.id]


def _stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None
