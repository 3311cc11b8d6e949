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

from core import chance
from core.protocol import IllegalMove
from server.table import gameviews, movelog, prompts
from server.table.engine_errors import engine_call
from server.errors import ApiError, from_illegal
from server.players.seats import name_players, resolve_seat, seats_of

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
    outcome = _judge(engine, state, seat, move, names, where)
    body = {"dry_run": True, "seq": seq, "seat": seat, "move": move, "text": engine.format(move),
            "legal": True, "shown": outcome.deterministic, "note": None, "events": None, "view": None,
            "picture": None, "prompted": None, "result": None}
    if not outcome.deterministic:
        body["note"] = HIDDEN_OUTCOME
        return body
    new_state = outcome.state
    view = engine.view(new_state, seat)
    result = engine.result(new_state)
    shown = prompts.visible([p.to_json() for p in ([] if result else engine.prompts(new_state))],
                            prompts.seats_held_with(seat, seats))
    body.update(events=movelog.visible_events([e.to_json() for e in outcome.events], seat, seats),
                view=view, picture=names(engine.render(view, seat)),
                prompted=[{**p, "text": names(p["text"])} for p in shown],
                result=gameviews._named_result(result.to_json(), seats) if result else None)
    return body


def _judge(engine, state, seat, move, names, where) -> chance.Trial:
    """The trial of the move; a refusal as a real play would give it, an engine's crash loud."""
    try:
        with engine_call(*where, "previewing a move"):
            return chance.trial(engine, engine.preview_state(state), seat, move, watch=[seat])
    except IllegalMove as exc:
        raise from_illegal(exc, code="illegal-move", legal=movelog._legal_texts(engine, state, seat, where),
                           names=names) from None
