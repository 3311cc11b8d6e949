"""Per-game clocks as players see them: each prompted seat's deadline (server/table/timeouts.py acts on them).

A prompted seat must answer within `days_per_move` days of being asked (the `since` of
games.prompted), plus the time its player spent on vacation meanwhile (server/table/vacation.py):
a running vacation stops the clock until it ends.

A clock with a reserve (`--clock 3d+7d`, games.reserve_days) also gives each seat a reserve
of days that does not refill: time a seat takes beyond `days_per_move` on one of its moves is
taken from its reserve (seats.reserve_left, charged when the seat moves), so its deadline is
`since + days_per_move + the reserve it has left`. Once the reserve is spent, every move has
`days_per_move` only. The reserve serves the prompts the whole table sees (`uses_reserve`): an
answer asked in a secret window (only a holder of some card is asked there: server/table/prompts.py)
has `days_per_move` alone and draws nothing from it, since a reserve that shrank would tell
everyone that seat was asked.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from peewee import fn

from server.players import localtime
from server.table import prompts
from server.store.models import Move, Seat, Vacation, utcnow
from server.store.statements import tuples
from server.players.seats import seats_of


# --- time away: a vacation stops the player's clocks (server/table/vacation.py takes them) ---

def effective_end(vacation: Vacation) -> datetime:
    """`until`, or the player's first move after the start if that came earlier."""
    first = (Move.select(fn.MIN(Move.created))
             .join(Seat, on=((Seat.game == Move.game) & (Seat.seat == Move.seat)))
             .where((Seat.player == vacation.player_id) & (Move.created > vacation.start)
                    & (Move.created < vacation.until)).scalar())
    if isinstance(first, str):
        first = datetime.fromisoformat(first)
    return min(vacation.until, first) if first else vacation.until


def periods(player_id: int, since: datetime) -> list[tuple[datetime, datetime]]:
    """The player's vacations that may overlap [since, ...), as (start, effective end)."""
    rows = Vacation.select().where((Vacation.player == player_id) & (Vacation.until > since))
    return [(row.start, effective_end(row)) for row in rows]


def paused(player_id: int, since: datetime, now: datetime) -> tuple[timedelta, datetime | None]:
    """(time between `since` and `now` spent on vacation, end of the vacation running now or None)."""
    total, running = timedelta(0), None
    for start, end in periods(player_id, since):
        overlap = min(end, now) - max(start, since)
        if overlap > timedelta(0):
            total += overlap
        if start <= now < end:
            running = end
    return total, running


def away_now(player_id: int, now: datetime) -> bool:
    """Is the player on vacation at `now` (their clocks stopped)?"""
    return paused(player_id, now, now)[1] is not None


# --- the clock ---------------------------------------------------------------------------

def reserves(game) -> dict[int, int]:
    """Seconds of reserve each seat has left ({} for a clock without a reserve)."""
    if not getattr(game, "reserve_days", None):
        return {}
    rows = tuples(Seat.select(Seat.seat, Seat.reserve_left).where(Seat.game == game.id))
    full = game.reserve_days * 86400
    return {seat: full if left is None else left for seat, left in rows}


def uses_reserve(game, prompt: dict) -> bool:
    """Whether the reserve serves this prompt: one every seat is shown (see above)."""
    return prompts.visible([prompt], (), game.ruleset) != []


def allowed(game, prompt: dict, left: dict[int, int]) -> timedelta:
    """How long the prompted seat may take over its current move before vacations: per move,
    plus its reserve where that serves the prompt."""
    reserve = left.get(prompt["seat"], 0) if left and uses_reserve(game, prompt) else 0
    return timedelta(days=game.days_per_move, seconds=reserve)


def seat_player(game, seat: int) -> int | None:
    """The id of the player holding `seat`, or None (a free seat)."""
    return next((s.player for s in seats_of(game) if s.seat == seat), None)


def _away(game, prompt: dict, now: datetime) -> tuple[timedelta, datetime | None]:
    since = datetime.fromisoformat(prompt["since"])
    player = seat_player(game, prompt["seat"])
    return paused(player, since, now) if player is not None else (timedelta(0), None)


def deadline(game, prompt: dict, now: datetime, left: dict[int, int] | None = None) -> tuple[datetime | None, bool]:
    """(when the prompted seat's time runs out, whether its clock is stopped by a vacation now).
    Each vacation begun while the clock ran adds its length (a running one all of it: the clock
    restarts when it ends); one begun after the time had run out adds nothing, even before the
    timer has acted on it."""
    if not game.days_per_move:
        return None, False
    left = reserves(game) if left is None else left
    since = datetime.fromisoformat(prompt["since"])
    due, running = since + allowed(game, prompt, left), False
    player = seat_player(game, prompt["seat"])
    for start, end in sorted(periods(player, since)) if player is not None else ():
        begin = max(start, since)
        if begin > now or begin >= due or end <= begin:  # planned, too late, or ended at once
            continue
        due += end - begin
        running = running or start <= now < end
    return due, running


def charge_reserve(game, seat: int, now: datetime) -> None:
    """When `seat` moves: the time it took beyond days_per_move (vacations not counted) comes
    off its reserve. Called inside the move's write transaction, before `prompted` changes."""
    if not game.days_per_move or not getattr(game, "reserve_days", None):
        return
    prompt = next((p for p in game.prompted or [] if p["seat"] == seat), None)
    if prompt is None:
        return  # a move it was not asked for (a resignation, a standing answer): no clock ran
    if not uses_reserve(game, prompt):
        return  # an answer in a secret window: its overrun is nobody's to see
    away, _ = _away(game, prompt, now)
    over = (now - datetime.fromisoformat(prompt["since"]) - away - timedelta(days=game.days_per_move)).total_seconds()
    if over > 0:
        left = reserves(game)[seat]
        Seat.update(reserve_left=max(0, left - int(over))).where(
            (Seat.game == game.id) & (Seat.seat == seat)).execute()


def clock(game, own_seats, now: datetime | None = None, reader=None) -> dict | None:
    """For GET /games/{id}: the game's clock and the deadline of each prompt the caller may see,
    as a stamp (UTC, for machines) and as the caller reads it (`deadline_text`: their zone and
    language, server/players/localtime.py; `reader` is their players row, None for UTC)."""
    if not game.days_per_move:
        return None
    now = now or utcnow()
    left = reserves(game)
    shown = []
    for prompt in prompts.visible(game.prompted or [], own_seats, game.ruleset):
        due, stopped = deadline(game, prompt, now, left)
        overdue = due is not None and due <= now  # (passed, with nothing the clock could play for it)
        entry = {"seat": prompt["seat"], "deadline": stamp(due),
                 "deadline_text": localtime.format_when(due, reader, "year" if overdue else "long")
                 if due is not None else None,
                 "paused": stopped, "overdue": overdue}
        if left and uses_reserve(game, prompt):
            entry["reserve_left"] = left.get(prompt["seat"], 0)
        shown.append(entry)
    return {"days_per_move": game.days_per_move, "reserve_days": getattr(game, "reserve_days", None),
            "on_timeout": game.on_timeout, "deadlines": shown}


def answer_by(game, seat: int, kind: str, now: datetime) -> tuple[datetime, int | None] | None:
    """For a turn mail of a prompt of `kind`: (the deadline, the seconds of reserve the seat has
    left, where the reserve serves it), or None without a clock. The mail writes the moment, and
    what the reserve adds, when it is sent, as its reader reads dates (server/notify/mailtimes.py)."""
    left = reserves(game)
    prompt = {"seat": seat, "kind": kind, "since": now.isoformat(timespec="seconds")}
    due, _ = deadline(game, prompt, now, left)
    if due is None:
        return None
    return due, left.get(seat) if uses_reserve(game, prompt) else None


def stamp(moment) -> str | None:
    return moment.isoformat(timespec="seconds") + "Z" if moment else None
