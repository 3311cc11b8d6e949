"""Dry runs (`PUT /games/{id}/moves/{seq}?dry_run=1`): what a move would do, unplayed.

The move is read and judged exactly as the move path judges it (same notation, same
refusals with rule and alternatives), but against the state as it is now and without the
write lock: nothing is written, nobody is mailed. Only the mover's own eyes are used: the
events that seat would see, its view and picture after the move, and the prompts it may
see. A move whose outcome the mover cannot know beforehand — one that draws from the
random stream (a die, a shuffle) or shows the mover something hidden before (a card
drawn from a deck) — is confirmed as legal but its outcome is not shown: a preview must
never let a player peek at the deck or try the dice. Games with "fast" out-of-turn windows
are previewed as at a strict table (`Game.preview_state`): otherwise a preview would show,
without any commitment, whether an opponent holds an answer.
"""
from __future__ import annotations

from dataclasses import dataclass

from core import chance
from core.protocol import IllegalMove, visible
from server import gameviews, movelog, prompts
from server.engine_errors import engine_call
from server.errors import ApiError, from_illegal
from server.seats import name_players, resolve_seat, seats_of

HIDDEN_OUTCOME = ("This move is legal, but its outcome depends on chance or on cards you cannot see "
                  "(a draw, a die, a hidden card), so it is shown only when you play it.")


def dry_run(caller, game_id: int, seq: int, requested_seat: int | None, move: dict | None,
            text: str | None) -> dict:
    """The preview answer, or the same error a real PUT would give now."""
    game, engine, state = gameviews.current_state(game_id)
    seat = resolve_seat(game, caller, requested_seat)
    if game.status != "active":
        raise ApiError(409, "game-not-active", f"The game is {game.status}; it takes no moves.",
                       details={"status": game.status})
    if seq != game.version:
        raise ApiError(409, "seq-taken" if seq < game.version else "seq-ahead",
                       f"The game is at move {game.version}, not {seq}.", details={"version": game.version})
    seats = seats_of(game)
    names = lambda words: name_players(words, seats)  # noqa: E731
    where = (game.id, seq)
    move = movelog._read_move(engine, state, seat, move, text, names, where)
    with engine_call(*where, "previewing a move"):
        seen = _guarded(engine, state, seat, move, prompts.seats_held_with(seat, seats), names, where)
    body = {"dry_run": True, "seq": seq, "seat": seat, "move": move, "text": engine.format(move),
            "legal": True, "shown": seen is not None, "note": None, "events": None, "view": None,
            "picture": None, "prompted": None, "result": None}
    if seen is None:
        body["note"] = HIDDEN_OUTCOME
        return body
    body.update(events=[names(e["text"]) for e in seen.events], view=seen.view,
                picture=names(engine.render(seen.view, seat)),
                prompted=[{**p, "text": names(p["text"])} for p in seen.prompted],
                result=gameviews._named_result(seen.result, seats) if seen.result else None)
    return body


@dataclass
class Seen:
    """What the mover would see after the move: its events (stored JSON), view, prompts, result."""

    events: list
    view: dict
    prompted: list
    result: dict | None


def outcome(engine, state, seat: int, move: dict, own_seats=None) -> Seen | None:
    """What `seat` would see after `move` (IllegalMove propagates), or None where that may not
    be shown: the move draws from the random stream or reveals a card hidden from the seat."""
    own_seats = own_seats or [seat]
    trial = chance.trial(engine, engine.preview_state(state), seat, move, watch=[seat])
    if not trial.deterministic:
        return None
    return seen_after(engine, trial, seat, own_seats)


def seen_after(engine, trial: chance.Trial, seat: int, own_seats) -> Seen:
    """Everything of a trial's outcome that `seat` sees, whether or not a preview may show it."""
    result = engine.result(trial.state)
    asked = [] if result else [p.to_json() for p in engine.prompts(trial.state)]
    return Seen(events=[e.to_json() for e in trial.events if visible(e.to, seat)],
                view=engine.view(trial.state, seat), prompted=prompts.visible(asked, own_seats),
                result=result.to_json() if result else None)


def _guarded(engine, state, seat, move, own_seats, names, where) -> Seen | None:
    """`outcome`, with a refusal as a real play would give it."""
    try:
        return outcome(engine, state, seat, move, own_seats)
    except IllegalMove as exc:
        raise from_illegal(exc, code="illegal-move", legal=movelog._legal_texts(engine, state, seat, where),
                           names=names) from None
