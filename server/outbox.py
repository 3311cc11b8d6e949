"""Writing notification rows: called inside the transaction that changes the game.

Each row carries the context its mail needs, computed from the state at that moment and
from the addressed seat's own view only, so a mail never shows another seat's secrets.
"""
from __future__ import annotations

from core.protocol import Prompt
from server import statements
from server.mailparts import seat_view
from server.models import Notification, utcnow
from server.seats import SeatInfo, name_players


def changed_prompts(before: list[dict], after: list[Prompt], mover: int | None) -> list[Prompt]:
    """Seats that became prompted: not prompted before, or (for anyone but the mover, who
    has just acted and sees the answer) asked something new."""
    previous = {p["seat"]: (p["kind"], p["text"]) for p in before}
    fresh, seen = [], set()
    for prompt in after:
        if prompt.seat in seen:
            continue
        seen.add(prompt.seat)
        old = previous.get(prompt.seat)
        if old is None or (prompt.seat != mover and old != (prompt.kind, prompt.text)):
            fresh.append(prompt)
    return fresh


def prompted_rows(before: list[dict], after: list[Prompt], fresh: list[Prompt], mover: int | None, now) -> list[dict]:
    """The games.prompted column: since when each seat has waited (kept while unchanged)."""
    since = {p["seat"]: p.get("since") for p in before}
    fresh_seats = {p.seat for p in fresh}
    rows = []
    for prompt in after:
        keep = prompt.seat not in fresh_seats and prompt.seat != mover and since.get(prompt.seat)
        rows.append({**prompt.to_json(), "since": keep or now.isoformat(timespec="seconds")})
    return rows


def sample_move(engine, state, seat: int) -> str | None:
    """One legal move in notation, to show the exact command in the mail: a concrete one
    that can be pasted as it is, where the game lists any."""
    try:
        legal = engine.legal_moves(state, seat)
    except Exception:  # a mail must not fail a move
        return None
    concrete = [move for move in legal if "pattern" not in move]
    if concrete:
        return engine.format(concrete[0])
    return legal[0]["pattern"] if legal else None


def seat_summary(engine, state, seat: int, seats: tuple[SeatInfo, ...]) -> str:
    """The position as that seat sees it, names filled in."""
    try:
        return name_players(engine.summary(engine.view(state, seat), seat), seats)
    except Exception:  # a mail must not fail a move
        return ""


def base_context(game, engine) -> dict:
    return {"game": game.id, "ruleset": game.ruleset, "title": engine.title}


def queue_turns(game, engine, state, fresh: list[Prompt], seats: tuple[SeatInfo, ...], version: int,
                kind: str = "turn") -> list[dict]:
    """Outbox rows telling each freshly prompted seat what is asked of it."""
    by_seat = {s.seat: s for s in seats}
    rows = []
    for prompt in fresh:
        info = by_seat.get(prompt.seat)
        if info is None or info.player is None:
            continue
        held = sum(1 for s in seats if s.player == info.player)
        context = {**base_context(game, engine), "seat": prompt.seat, "player": info.name,
                   "seat_flag": f" --seat {prompt.seat}" if held > 1 else "",
                   "prompt_kind": prompt.kind, "prompt": name_players(prompt.text, seats),
                   "summary": seat_summary(engine, state, prompt.seat, seats),
                   "example": sample_move(engine, state, prompt.seat),
                   "view": seat_view(engine, state, prompt.seat)}  # drawn into the mail (server.mailparts)
        rows.append(_row(game, info, kind, version, context))
    return rows


def queue_game_over(game, engine, state, result, seats: tuple[SeatInfo, ...], version: int, seed: str) -> list[dict]:
    """One "game over" mail per player, with the seed now that it may be revealed."""
    winners = [name_players(f"{{P{w}}}", seats) for w in result.winners]
    rows, done = [], set()
    for info in seats:
        if info.player is None or info.player in done:
            continue
        done.add(info.player)
        context = {**base_context(game, engine), "seat": info.seat, "player": info.name,
                   "winners": winners, "reason": name_players(result.reason, seats),
                   "summary": seat_summary(engine, state, info.seat, seats), "seed": seed,
                   "seed_hash": game.seed_hash, "view": seat_view(engine, state, info.seat)}
        rows.append(_row(game, info, "over", version, context))
    return rows


def _row(game, info: SeatInfo, kind: str, version: int, context: dict) -> dict:
    return {"game": game.id, "seat": info.seat, "player": info.player, "email": info.email, "kind": kind,
            "version": version, "context": context, "status": "pending", "attempts": 0,
            "next_attempt": utcnow(), "created": utcnow()}


def write(rows: list[dict]) -> None:
    for row in rows:
        statements.insert(Notification, row)
