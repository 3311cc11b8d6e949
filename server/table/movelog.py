"""The move path: validate against the cached latest state, append, snapshot, notify.

Everything a move writes (the move with its chain link and state hash, the snapshot, the
games row, the outbox rows) goes in one write transaction. The cost is independent of the
log length: one games row, the cached state, one insert, two updates, the outbox rows. Moves
that arrive together share their transaction (server/store/groupcommit.py): on a busy
database its commit is the larger part of a move's cost.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from functools import partial
from dataclasses import dataclass

from peewee import IntegrityError

from core import canonical, gamerecord
from core.protocol import IllegalMove, Result, visible
from core.records import message_of, without_message
from server.table import clocks, due_times, outbox, prompts
from server.store import announcements, lanes, state_cache, statements
from server.store.db import database, transaction_healthy, write_transaction
from server.store.groupcommit import GroupCommit, writing
from server.table.engine_errors import engine_call
from server.table.gameviews import load_game
from server.errors import ApiError, from_illegal, inconsistent_game, msg, no_such_game, status_word
from server.table.jsonvalues import has_float
from server.store.models import Game, Move, Snapshot, ahead_games, lock_game, locked_ahead, utcnow
from server.rulesets import engine as find_engine
from server.players.seats import my_seats, name_players, resolve_seat, seats_of, viewing_seat
from server.store.statements import select_rows, utc_stamp

MAX_MOVE_CHARS = 4000
LOG_PAGE = 1000


@contextmanager
def _ahead_with_states(game_ids: list[int]):
    """A batch's games locked ahead (models.locked_ahead), and the states its moves will read
    that this process has not cached, read at once (state_cache.prefetch). A game its move
    will refuse (not active, a ruleset not here) is left to that move."""
    with locked_ahead(game_ids) as locked:
        if locked:  # (None on SQLite, whose reads cost no round trip)
            wanted = []
            for game in ahead_games():
                if game.status != "active":
                    continue  # (its move is refused as not active)
                try:
                    wanted.append((game, find_engine(game.ruleset)))
                except ApiError:
                    pass  # (its move is refused with this error)
            state_cache.prefetch(wanted)
        yield locked


# The process's moves, gathered into shared transactions; `most` is HERALD_GROUP_COMMIT (server/app.py).
MOVES = GroupCommit(write_transaction, (ApiError,), nested=lambda: database.in_transaction(),
                    healthy=transaction_healthy, ahead=_ahead_with_states, lane=lanes.lane)


def submit(caller, game_id: int, seq: int, requested_seat: int | None, move: dict | None,
           text: str | None) -> tuple[int, dict]:
    """(HTTP status, body) for PUT /games/{id}/moves/{seq}."""
    try:
        return MOVES.run(lambda: _submit_locked(caller, game_id, seq, requested_seat, move, text), game_id)
    except IntegrityError:
        # Only possible if the lock was bypassed: the unique (game, seq) index still holds.
        raise ApiError(409, "seq-taken", msg("Move %(seq)s has just been made by someone else.", seq=seq)) from None


def _submit_locked(caller, game_id, seq, requested_seat, move, text):
    """The move inside its write transaction: ((status, body), what to do once it commits)."""
    game = lock_game(game_id, move_reads=True)
    if game is None:
        raise no_such_game(game_id)
    if seq < game.version:
        # The game's last move again: its first answer may have been lost, with its announcement
        # (a connection gone as its commit was answered, a batch made again alone): announce it
        # again, a hint that harms nobody twice, so that other servers' waiters wake now.
        again = partial(announcements.announce, game.id) if seq == game.version - 1 else None
        return _resubmitted(game, caller, requested_seat, seq, move, text), again
    seat = resolve_seat(game, caller, requested_seat)
    if seq > game.version:
        raise ApiError(409, "seq-ahead", msg("Move %(seq)s cannot be sent yet: the game is at move %(version)s.",
                                             seq=seq, version=game.version),
                       details={"version": game.version})
    if game.status != "active":
        raise ApiError(409, "game-not-active", msg("The game is %(status)s; it takes no moves.",
                                                   status=status_word(game.status)),
                       details={"status": game.status})
    engine = find_engine(game.ruleset)
    state = _latest_state(game, engine)
    names = lambda text: name_players(text, seats_of(game))  # noqa: E731 - only on a refusal
    move = read_move(engine, state, seat, move, text, names, (game.id, seq))
    new_state, events = _apply(engine, state, seat, move, names, (game.id, seq))
    body, at = append(game, engine, seat, seq, move, state, new_state, events)

    watched = game.move_reads is None or game.move_reads.watched  # (read with the lock: longpoll.mark_watched)

    def committed() -> None:
        state_cache.put(game.id, at, new_state)
        if watched:  # wake its waiters in every process now; else nobody waits (the poll covers a race)
            announcements.announce(game.id)

    return (201, body), committed


def _latest_state(game, engine):
    try:
        return state_cache.get(game, engine)
    except LookupError:
        # Under the write lock the snapshot always matches the games row, unless someone
        # edited the database by hand: say so instead of guessing.
        raise inconsistent_game(game.id) from None


def read_move(engine, state, seat: int, move: dict | None, text: str | None, names, where: tuple[int, int]) -> dict:
    """The move as JSON: given directly, or parsed from notation (422 `bad-notation` where the
    engine raises IllegalMove; any other exception is the engine's bug: see engine_errors)."""
    if text is not None:
        try:
            with engine_call(*where, "reading notation"):
                move = engine.parse(state, seat, " ".join(text.split()))
        except IllegalMove as exc:
            raise from_illegal(exc, code="bad-notation", legal=legal_texts(engine, state, seat, where),
                               names=names) from None
        if not isinstance(move, dict):
            raise ApiError(422, "bad-notation", msg("That notation does not describe a move."))
    if move is None:  # (the request's schema asks for one of the two)
        raise ApiError(422, "bad-move", msg("Send either 'move' (JSON) or 'text' (notation), not both or neither."))
    if len(canonical.dumps(move)) > MAX_MOVE_CHARS:
        raise ApiError(422, "bad-move", msg("That move is too large to be a move of this game."))
    if has_float(move):
        raise ApiError(422, "bad-move", msg("Moves hold whole numbers only, not fractions."))
    return move


def _apply(engine, state, seat: int, move: dict, names, where: tuple[int, int]):
    try:
        with engine_call(*where, "applying a move"):
            return engine.apply(state, seat, move)
    except IllegalMove as exc:
        raise from_illegal(exc, code="illegal-move", legal=legal_texts(engine, state, seat, where),
                           names=names) from None


@dataclass
class Outcome:
    """What the engine says about an accepted move, computed before anything is written."""

    text: str
    public: bool
    state_text: str
    state_hash: str
    result: Result | None
    prompts: list


def _outcome(engine, seat, move, state, new_state) -> Outcome:
    """(An engine failing here accepted a move it cannot describe: the caller makes that a
    loud 500 and nothing is stored.)"""
    state_text = canonical.dumps(engine.to_json(new_state))
    result = engine.result(new_state)
    return Outcome(text=engine.format(move), public=bool(engine.public_move(state, seat, move)),
                   state_text=state_text,
                   state_hash=hashlib.sha256(state_text.encode()).hexdigest(),  # = canonical.digest
                   result=result, prompts=[] if result is not None else list(engine.prompts(new_state)))


def append(game, engine, seat, seq, move, state, new_state, events, now=None,
           mover_saw_answer: bool = True) -> tuple[dict, state_cache.Mark]:
    """Write the move, snapshot, games row and outbox rows; return (the mover's answer,
    the games row's new mark: its version and chain head, state_cache's key). The caller holds the write transaction and has applied the move.
    The writes go `later` (PostgreSQL: with the transaction's next statement or its commit,
    server/store/roundtrips.py): a unique (game, seq) refusing the move is raised there.
    `mover_saw_answer` is False for a default answer made for the seat (deadlines): that
    seat saw no answer, so a question put to it next is mailed like any new one."""
    writing()  # (a move gathered with others: from here, a failure rolls back them all)
    now = now or utcnow()
    version = seq + 1
    with engine_call(game.id, seq, "describing an accepted move"):
        out = _outcome(engine, seat, move, state, new_state)
    chain = canonical.chain(game.chain_head, chain_entry(seq, seat, move, out.state_hash, now))
    fresh = outbox.changed_prompts(game.prompted or [], out.prompts, seat)
    if not mover_saw_answer:
        fresh += [p for p in out.prompts if p.seat == seat and p not in fresh][:1]
    prompted = outbox.prompted_rows(game.prompted or [], out.prompts, fresh, seat, now)
    clocks.charge_reserve(game, seat, now)
    public_prompts = [p.to_json() for p in out.prompts]
    event_json = [e.to_json() for e in events]
    statements.insert(Move, {"game": game.id, "seq": seq, "seat": seat, "payload": move, "text": out.text,
                             "events": event_json, "prompted": public_prompts, "public": out.public,
                             "created": now, "chain": chain, "state_hash": out.state_hash,
                             "state_format": engine.state_format}, later=True)
    statements.update_by_key(Snapshot, "game", game.id, {"version": version, "state": out.state_text,
                                                         "state_hash": out.state_hash,
                                                         "state_format": engine.state_format}, later=True)
    changes = {"version": version, "chain_head": chain, "prompted": prompted}
    if out.result is not None:
        changes.update({"status": "finished", "result": out.result.to_json(), "finished": now})
        prompted = []
    changes.update(due_times.columns(game, prompted))
    statements.update_by_key(Game, "id", game.id, changes, later=True)
    seats = seats_of(game)
    with engine_call(game.id, seq, "writing the mails for a move"):
        rows = outbox.queue_turns(game, engine, fresh, seats, version)
        if out.result is not None:
            rows += outbox.queue_game_over(game, engine, out.result, seats, version, game.seed)
    outbox.write(rows, later=True)
    return mover_answer(game.ruleset, seq, seat, move, out.text, event_json, public_prompts, seats), (version, chain)


def chain_entry(seq: int, seat: int, move: dict, state_hash: str, created) -> dict:
    """What each chain link commits to (verify and `herald replay` recompute it)."""
    return gamerecord.chain_entry(seq, seat, move, state_hash, created.isoformat(timespec="microseconds"))


def mover_answer(ruleset, seq, seat, move, text, event_json, prompted, seats) -> dict:
    """What the mover is told; another seat's secret prompt stays out (see server.table.prompts)."""
    shown = prompts.visible(prompted, prompts.seats_held_with(seat, seats), ruleset)
    return {"seq": seq, "seat": seat, "move": move, "text": text,
            "events": visible_events(event_json, seat, seats), "version": seq + 1,
            "prompted": [{**without_message(p), "text": name_players(message_of(p), seats)} for p in shown]}


def _resubmitted(game, caller, requested_seat, seq, move, text) -> tuple[int, dict]:
    """A PUT at a taken seq: the same move by the same seat answers as before (200), else 409.
    Without ?seat=, a player holding several seats means the one that made that move: a
    retry comes when another of their seats may be prompted."""
    mine = my_seats(game, caller)
    if not mine:
        raise ApiError(403, "forbidden", msg("You have no seat in this game."))
    if requested_seat is not None and requested_seat not in mine:
        raise ApiError(403, "forbidden", msg("Seat %(seat)s in this game is not yours.", seat=requested_seat))
    row = (Move.select(Move.seq, Move.seat, Move.payload, Move.text, Move.events, Move.prompted)
           .where((Move.game == game.id) & (Move.seq == seq)).first())
    seat = requested_seat if requested_seat is not None else (row.seat if row is not None else None)
    if row is None or row.seat != seat or seat not in mine or not _same_move(game, seat, row, move, text):
        raise ApiError(409, "seq-taken", msg("Move %(seq)s has already been made; the game is at move %(version)s.",
                                             seq=seq, version=game.version),
                       details={"version": game.version})
    return 200, mover_answer(game.ruleset, row.seq, row.seat, row.payload, row.text, row.events, row.prompted, seats_of(game))


def _same_move(game, seat, row, move, text) -> bool:
    """JSON compares canonically; text as the game writes it, or else parsed against the
    current state (the state before that move is gone) and compared as JSON."""
    if move is not None:
        return canonical.dumps(move) == canonical.dumps(row.payload)
    if " ".join(text.split()) == row.text:
        return True
    engine = find_engine(game.ruleset)
    state = state_cache.get(game, engine)
    try:
        with engine_call(game.id, row.seq, "reading a repeated move"):
            parsed = engine.parse(state, seat, " ".join(text.split()))
    except IllegalMove:  # not a move here and now: certainly not the same one
        return False
    return canonical.dumps(parsed) == canonical.dumps(row.payload)


def stored_text(event: dict) -> str:
    """An event's text as stored: English, still able to be said in another language where
    its message was stored (core/text.py; the edge says it for its reader)."""
    return message_of(event)


def visible_events(event_json: list[dict], seat: int | None, seats, text_of=stored_text) -> list[str]:
    """The texts of the events `seat` may see, read from the stored JSON without building an
    Event per entry (the log page reads a thousand at a time). `text_of` says a stored event
    in the reader's language (server/web/i18n/gametext.py, passed in by the layers above);
    by default its stored English text."""
    return [name_players(text_of(e), seats) for e in event_json if visible(e.get("to"), seat)]


def legal_texts(engine, state, seat: int, where: tuple[int, int]) -> list[str]:
    """The seat's legal moves as an illegal-move error lists them (a dry run's too)."""
    with engine_call(*where, "listing legal moves"):
        return [m["pattern"] if "pattern" in m else engine.format(m) for m in engine.legal_moves(state, seat)]


LOG_ROWS = ("SELECT seq, seat, payload, text, events, public, created FROM moves "
            "WHERE game_id = %s AND seq >= %s ORDER BY seq LIMIT %s")


def read_log(caller, game_id: int, start: int, requested_seat: int | None, text_of=stored_text) -> dict:
    """The log from `start` on, redacted for the caller's seat while the game runs. Once it
    is finished every move is shown (who made it, and what), so that anyone can replay the
    game from the revealed seed; events keep their own visibility (and are said by `text_of`,
    see visible_events). The rows are read as the driver gives them: a move hidden from the
    caller is never even parsed."""
    game = load_game(game_id)
    seat = viewing_seat(game, caller, requested_seat)
    seats = seats_of(game)
    finished = game.status == "finished"
    entries = []
    for seq, mover, payload, text, events, public, created in select_rows(LOG_ROWS, (game.id, start, LOG_PAGE)):
        entry = {"seq": seq}
        if public or mover == seat or finished:
            entry.update(seat=mover, move=json.loads(payload), text=name_players(text, seats))
        entry["events"] = visible_events(json.loads(events), seat, seats, text_of)
        entry["created"] = utc_stamp(created)
        entries.append(entry)
    return {"version": game.version, "moves": entries}
