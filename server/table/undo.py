"""Undo by consent: the mover of the latest move proposes to take it back, every other seat
accepts or declines (or has the standing answer always-accept), and once all have accepted
the undo is written as a new log entry that returns to the state before that move
(core/undo.py). Only a move the engine calls undoable qualifies (nothing drawn, rolled or
revealed); a move made meanwhile makes the proposal stale.
"""
from __future__ import annotations

from core import undo as core_undo
from server.table import movelog, outbox
from server.table.gameviews import load_game
from server.store import state_cache
from server.store.db import write_transaction
from server.errors import N_, ApiError, msg, no_such_game, status_word
from server.store.models import Move, Seat, UndoRequest, lock_game, utcnow
from server.rulesets import engine as find_engine
from server.players.seats import name_players, resolve_seat, seats_of, viewing_seat

# A proposal's status as "That proposal is already %(status)s" says it.
PROPOSAL_STATUS = {"accepted": msg("accepted"), "declined": msg("declined"), "stale": msg("stale")}
TAKEN_BACK = N_("{player}'s move {seq} is taken back by consent.")


class SaidEvent:
    """The undo entry's event as the log stores it: the English text, and the message id and
    values it is said again from in each reader's language (server/web/i18n/gametext.py)."""

    def __init__(self, template: str, **args):
        self.text, self.template, self.args = template.format(**args), template, args

    def to_json(self) -> dict:
        return {"text": self.text, "to": None, "data": None, "msg": {"id": self.template, "args": self.args}}



class _UndoAware:
    """The game's engine, plus the notation of undo entries, for the shared append step."""

    def __init__(self, engine):
        self._engine = engine

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def format(self, move):
        return core_undo.notation(self._engine, move)

    def public_move(self, state, seat, move):
        return core_undo.public(self._engine, state, seat, move)


def propose(caller, game_id: int, requested_seat: int | None) -> tuple[int, dict]:
    with write_transaction():
        game = _active(game_id)
        seat = resolve_seat(game, caller, requested_seat)
        last = _last_move(game)
        if last is None or last.seat != seat:
            raise ApiError(409, "not-your-move", msg("Only the player who made the latest move may propose to take it back."))
        existing = UndoRequest.get_or_none((UndoRequest.game == game.id) & (UndoRequest.seq == last.seq))
        if existing is not None:
            return 200, describe(existing, game)
        engine = find_engine(game.ruleset)
        if core_undo.is_undo(last.payload) or not engine.undoable(state_cache.state_at(game, engine, last.seq), seat,
                                                                  last.payload, game.players):
            raise ApiError(422, "not-undoable", msg("That move cannot be taken back: it drew a card, rolled a die, "
                               "showed someone a hidden card, or was a resignation or an undo."))
        request = UndoRequest.create(game=game.id, seq=last.seq, seat=seat, answers={}, status="open", created=utcnow())
        _standing_answers(game, request)
        outbox.write(_ask_others(game, engine, request))
        return 201, _settle(game, request)


def answer(caller, game_id: int, seq: int, read_reply, requested_seat: int | None) -> dict:
    """Answer the proposal to take back move `seq`; `read_reply()` reads the answer once the
    caller's seat is known to be theirs."""
    with write_transaction():
        game = _active(game_id)
        seat = resolve_seat(game, caller, requested_seat)
        reply = read_reply()
        request = UndoRequest.get_or_none((UndoRequest.seq == seq) & (UndoRequest.game == game.id))
        if request is None:
            raise ApiError(404, "not-found", msg("Nobody proposed to take back move %(seq)s.", seq=seq))
        if request.status != "open":
            raise ApiError(409, "undo-closed", msg("That proposal is already %(status)s.",
                                                   status=PROPOSAL_STATUS.get(request.status, request.status)))
        if seat == request.seat:
            raise ApiError(409, "own-proposal", msg("You proposed it; the other players answer."))
        request.answers = {**request.answers, str(seat): reply}
        return _settle(game, request)


def standing(caller, game_id: int, read_choice, requested_seat: int | None) -> dict:
    game = load_game(game_id)
    seat = resolve_seat(game, caller, requested_seat)
    always_accept = read_choice()
    Seat.update(undo_always_accept=always_accept).where((Seat.game == game.id) & (Seat.seat == seat)).execute()
    return {"seat": seat, "always_accept": always_accept}


def latest(caller, game_id: int, requested_seat: int | None) -> dict:
    game = load_game(game_id)
    viewing_seat(game, caller, requested_seat)
    request = UndoRequest.select().where(UndoRequest.game == game.id).order_by(UndoRequest.id.desc()).first()
    if request is not None and request.status == "open" and request.seq != game.version - 1:
        request.status = "stale"
        request.save()
    return {"request": describe(request, game) if request else None}


def describe(request: UndoRequest, game) -> dict:
    waiting = [s for s in _others(game, request) if str(s) not in request.answers]
    return {"id": request.id, "seq": request.seq, "seat": request.seat, "status": request.status,
            "answers": {int(k): v for k, v in request.answers.items()}, "waiting_for": waiting}


# --- inside the write transaction ----------------------------------------------------

def _active(game_id: int):
    game = lock_game(game_id)
    if game is None:
        raise no_such_game(game_id)
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("The game is %(status)s; nothing can be taken back.",
                                                   status=status_word(game.status)))
    return game


def _last_move(game):
    if game.version == 0:
        return None
    return Move.select().where((Move.game == game.id) & (Move.seq == game.version - 1)).first()


def _others(game, request) -> list[int]:
    """The seats that must consent: every seat not held by the proposer's player."""
    seats = seats_of(game)
    proposer = next(s.player for s in seats if s.seat == request.seat)
    return [s.seat for s in seats if s.player != proposer]


def _standing_answers(game, request) -> None:
    standing_seats = {s.seat for s in Seat.select(Seat.seat).where((Seat.game == game.id) & Seat.undo_always_accept)}
    request.answers = {str(s): "accept" for s in _others(game, request) if s in standing_seats}
    request.save()


def _settle(game, request) -> dict:
    """Decide the proposal if every answer is in (or one declined), writing the undo entry."""
    if request.seq != game.version - 1:
        request.status = "stale"
    elif "decline" in request.answers.values():
        request.status = "declined"
    elif all(request.answers.get(str(s)) == "accept" for s in _others(game, request)):
        _write_undo(game, request)
        request.status = "accepted"
    request.save()
    return describe(request, game)


def _write_undo(game, request) -> None:
    engine = find_engine(game.ruleset)
    state = state_cache.get(game, engine)
    earlier = state_cache.state_at(game, engine, request.seq)
    move = core_undo.entry(request.seq)
    events = [SaidEvent(TAKEN_BACK, player=f"{{P{request.seat}}}", seq=request.seq)]
    _, at = movelog.append(game, _UndoAware(engine), request.seat, game.version, move, state, earlier, events,
                                mover_saw_answer=False)
    state_cache.put(game.id, at, earlier)


def _ask_others(game, engine, request) -> list[dict]:
    seats = seats_of(game)
    last = _last_move(game)
    asked = set(_others(game, request)) - {int(k) for k in request.answers}
    rows = []
    for info in seats:
        if info.seat in asked and info.player is not None:
            context = {**outbox.base_context(game, engine), "seat": info.seat, "player": info.name,
                       "proposer": name_players(f"{{P{request.seat}}}", seats), "seq": request.seq,
                       "move": name_players(last.text, seats), "request": request.id}
            rows.append(outbox.mail_row(game, info, "undo", game.version, context))
    return rows
