"""Dry runs (`PUT /games/{id}/moves/{seq}?dry_run=1`): what a move would do, unplayed.

The move is read and judged exactly as the move path judges it (same notation, same
refusals with rule and alternatives), but against the state as it is now and without the
write lock: nothing is written, nobody is mailed. Only the mover's own eyes are used: the
events that seat would see, its view and picture after the move, and the prompts it may
see. A move whose outcome the mover cannot know beforehand is confirmed as legal but its
outcome is not shown: a preview must never let a player peek at the deck or try the dice.
Three checks, each generic (no engine says which of its moves are safe):

- the chance watcher (core/chance.py): the move draws from the random stream (a die, a
  shuffle), or the mover's view afterwards holds a card id hidden from it before (a draw);
- other worlds: the same move in WORLDS states the mover cannot tell from the real one (the
  bots' `known_state`/`sample_state`: every card hidden from it dealt again) must show it
  exactly the same events, view, prompts and result. This catches what the watcher cannot
  see: a hidden card shown by its kind only (Castle Assault's explore turns up the Dungeon
  card), a card drawn by an opponent and played at once, another seat's standing answer.
  The worlds are drawn from an Rng seeded with what the mover knows and the move, so the
  same question gets the same answer (asking again tells nothing new), and their shuffles
  are one shuffle turned a place further in each world, so that every hidden place (a deck's
  top card) is dealt WORLDS different cards rather than WORLDS random ones that may all miss
  the one rare card the outcome turns on. WORLDS bounds the cost (each world is a sample
  and an apply: 16 cost about 20 ms, at most 35 in 9 previews of 10, on a loaded 2-core
  machine) and so the power: an outcome that turns on one particular card among n > 16
  that may lie at a hidden place still slips through with a chance of (n - 16)/n
  (docs/api.md says so). tests/e2e/test_secrecy.py (its `preview` surface) compares previews shown from
  random positions of every game in worlds of its own;
- games with "fast" out-of-turn windows are previewed as at a strict table
  (`Game.preview_state`): otherwise a preview would show, without any commitment, whether
  an opponent holds an answer.

A game without sampled worlds (no `known_state`) is judged by the chance watcher alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from core import canonical, chance
from core.protocol import Game, IllegalMove, visible
from core.records import message_of, without_message
from core.rng import Rng
from server.table import gameviews, movelog, prompts
from server.table.engine_errors import engine_call
from server.errors import ApiError, from_illegal, msg, status_word
from server.players.seats import name_players, named_texts, resolve_seat, seats_of

WORLDS = 16  # other worlds a shown preview is checked in; see the module's docstring

HIDDEN_OUTCOME = msg("This move is legal, but its outcome depends on chance or on cards you cannot see "
                     "(a draw, a die, a hidden card), so it is shown only when you play it.")


def dry_run(caller, game_id: int, seq: int, requested_seat: int | None, move: dict | None,
            text: str | None) -> dict:
    """The preview answer, or the same error a real PUT would give now."""
    game, engine, state = gameviews.current_state(game_id)
    seat = resolve_seat(game, caller, requested_seat)
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("The game is %(status)s; it takes no moves.",
                                                   status=status_word(game.status)),
                       details={"status": game.status})
    if seq != game.version:
        raise ApiError(409, "seq-taken" if seq < game.version else "seq-ahead",
                       msg("The game is at move %(version)s, not %(seq)s.", version=game.version, seq=seq),
                       details={"version": game.version})
    seats = seats_of(game)
    names = lambda words: name_players(words, seats)  # noqa: E731
    where = (game.id, seq)
    move = movelog.read_move(engine, state, seat, move, text, names, where)
    with engine_call(*where, "previewing a move"):
        seen = _guarded(engine, state, seat, move, prompts.seats_held_with(seat, seats), names, where)
    body = {"dry_run": True, "seq": seq, "seat": seat, "move": move, "text": engine.format(move),
            "legal": True, "shown": seen is not None, "note": None, "events": None, "view": None,
            "picture": None, "prompted": None, "result": None}
    if seen is None:
        body["note"] = HIDDEN_OUTCOME
        return body
    body.update(events=[names(e["text"]) for e in seen.events], view=named_texts(seen.view, seats),
                picture=names(engine.render(seen.view, seat)),
                prompted=[{**without_message(p), "text": names(message_of(p))} for p in seen.prompted],
                result=gameviews.named_result(seen.result, seats) if seen.result else None)
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
    be shown: the move draws from the random stream, reveals a card hidden from the seat, or
    looks different in another world the seat cannot tell from this one."""
    own_seats = own_seats or [seat]
    trial = chance.trial(engine, engine.preview_state(state), seat, move, watch=[seat])
    if not trial.deterministic:
        return None
    seen = seen_after(engine, trial, seat, own_seats)
    for world in other_worlds(engine, state, seat, move):
        try:
            elsewhere = chance.trial(engine, engine.preview_state(world), seat, move, watch=[])
        except IllegalMove:
            return None  # legal here only: its legality itself hangs on something hidden
        if seen_after(engine, elsewhere, seat, own_seats) != seen:
            return None
    return seen


def other_worlds(engine, state, seat: int, move: dict):
    """WORLDS states the seat cannot tell from `state` (the bots' `sample_state`), the same ones
    for the same knowledge and move: a preview answers alike when asked again. None at all for
    a game without sampled worlds (the chance watcher alone decides) or with nothing hidden."""
    if not engine.hidden_information or type(engine).known_state is Game.known_state:
        return
    known = engine.known_state(state, seat)
    seed = f"preview:{canonical.digest(known)}:{canonical.dumps(move)}"
    for turn in range(WORLDS):
        yield engine.sample_state(known, seat, Turned(seed, turn))


class Turned(Rng):
    """The sampler's Rng for the preview's worlds: every shuffle is the same random shuffle turned
    by `turn` places. Each world alone is a random deal, but across the worlds every hidden place
    (a deck's top card, ...) is dealt WORLDS different cards where there are that many, instead of
    WORLDS random ones that may all miss the one rare card an outcome turns on."""

    __slots__ = ("turn",)

    def __init__(self, seed: str, turn: int):
        super().__init__(seed)
        self.turn = turn

    def shuffle(self, items: list) -> list:
        super().shuffle(items)
        if items:
            k = self.turn % len(items)
            items[:] = items[k:] + items[:k]
        return items


def seen_after(engine, trial: chance.Trial, seat: int, own_seats) -> Seen:
    """Everything of a trial's outcome that `seat` sees, whether or not a preview may show it."""
    result = engine.result(trial.state)
    asked = [] if result else [p.to_json() for p in engine.prompts(trial.state)]
    return Seen(events=[e.to_json() for e in trial.events if visible(e.to, seat)],
                view=engine.view(trial.state, seat), prompted=prompts.visible(asked, own_seats, engine.name),
                result=result.to_json() if result else None)


def _guarded(engine, state, seat, move, own_seats, names, where) -> Seen | None:
    """`outcome`, with a refusal as a real play would give it."""
    try:
        return outcome(engine, state, seat, move, own_seats)
    except IllegalMove as exc:
        raise from_illegal(exc, code="illegal-move", legal=movelog.legal_texts(engine, state, seat, where),
                           names=names) from None
