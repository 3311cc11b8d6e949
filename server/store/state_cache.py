"""In-process cache of each game's latest state, keyed by its mark: the games row's version and
chain head (the hash of its whole move log so far, server/table/movelog.py).

A worker validates a move against its cached state only when the cached mark equals the one
it just read (write-locked) from the games row; otherwise it loads the snapshot. So another
worker's move is never missed, and a fresh cache costs no JSON parsing. The chain head makes
the mark name one committed history: a state cached inside a transaction that was then rolled
back (a move inside a keyed request or a mailed reply whose outer transaction failed, a game
whose id SQLite hands out again) has a mark no committed games row ever has, so it is never
taken for the state another process commits at the same version.
Past LIMIT games the least recently used one is dropped (the games being played stay).
"""
from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Sequence

from cachetools import LRUCache

from core.undo import Replayer
from server.errors import ApiError, msg
from server.store.models import Game, Move
from server.store.stateformat import UnreadableState, load
from server.store.statements import placeholders, select_rows, tuples

log = logging.getLogger(__name__)

LIMIT = 2000
_lock = threading.Lock()  # an LRU lookup reorders the cache: reads take the lock too
_states: LRUCache[int, tuple[tuple[int, str], object]] = LRUCache(maxsize=LIMIT)
Mark = tuple[int, str]  # (version, chain head): a games row's place in its one history


def mark(game) -> Mark:
    """A games row's mark, as its state is cached under."""
    return game.version, game.chain_head


def get(game, engine):
    """The state of the games row `game` at its mark (the caller holds the write lock or accepts
    staleness).
    A snapshot of an older state format is lifted; one the engine cannot read is a 500
    `state-unreadable` (an operator's problem: wrong code for this database), never a bad move;
    one whose text is not what its hash says (edited by hand) a 500 `state-mismatch`: the game
    is neither shown nor played on from a state nobody can vouch for."""
    at = mark(game)
    game_id, version = game.id, game.version
    with _lock:
        hit = _states.get(game_id)
    if hit is not None and hit[0] == at:
        return hit[1]
    # SQL built once (statements.select_rows): with several workers a game's next move often
    # lands in the other one, so this read is on the move path about every other move.
    rows = select_rows("SELECT version, state, state_format, state_hash FROM snapshots WHERE game_id = %s", (game_id,))
    if not rows or rows[0][0] != version:
        raise LookupError(f"snapshot of game {game_id} is not at version {version}")
    _version, text, state_format, state_hash = rows[0]
    if not _untouched(text, state_hash):  # (a row edited by hand, or torn)
        log.error("game %s version %s: the snapshot's state does not match its own hash", game_id, version)
        raise ApiError(500, "state-mismatch", msg("This game's stored position does not match its own hash; the "
                                                  "operator must check it (herald server verify)."))
    try:
        state = load(engine, text, state_format)
    except UnreadableState as exc:
        log.error("game %s version %s: %s", game_id, version, exc)
        raise ApiError(500, "state-unreadable", msg("This game's stored state was written by another version of "
                           "Herald that this server cannot read; the operator must upgrade the server.")) from None
    put(game_id, at, state)
    return state


def prefetch(games: Sequence[tuple[Game, object]]) -> None:
    """Cache the states of these (games row, engine) that this process lacks at their marks,
    read in one statement: a batch of gathered moves (server/store/groupcommit.py)
    then reads nothing between its moves' writes, which go merged (server/store/lanes.py),
    and takes one round trip for its misses instead of one each. A snapshot that `get` would
    refuse (another version, a hash that does not match, a format this server cannot read) is
    left out, for that move's own `get` to refuse as it always does."""
    with _lock:
        missing = {game.id: (mark(game), engine) for game, engine in games
                   if (_states.get(game.id) or (None,))[0] != mark(game)}
    if not missing:
        return
    rows = select_rows("SELECT game_id, version, state, state_format, state_hash FROM snapshots "
                       f"WHERE game_id IN ({placeholders(len(missing))})", tuple(missing))
    for game, version, text, state_format, state_hash in rows:
        wanted, engine = missing[game]
        if version != wanted[0] or not _untouched(text, state_hash):
            continue
        try:
            put(game, wanted, load(engine, text, state_format))
        except UnreadableState:
            continue


def _untouched(text: str, state_hash: str) -> bool:
    """Whether a snapshot's text is what its hash says."""
    return hashlib.sha256(text.encode()).hexdigest() == state_hash


def state_at(game, engine, version: int):
    """`game`'s state after `version` moves: its snapshot if it is at that version, else a replay
    from the seed under the game's own rules version, undo entries included (an older move's
    position, for an undo or a mail sent after later moves)."""
    if version == game.version:
        try:
            return get(game, engine)
        except LookupError:
            pass
    replayer = Replayer(engine, engine.setup(game.players, game.options, game.seed, rules_version=game.rules_version))
    for seat, payload in tuples(Move.select(Move.seat, Move.payload).where((Move.game == game.id) & (Move.seq < version))
                                .order_by(Move.seq)):
        replayer.advance(seat, payload)
    return replayer.state


def put(game, at: Mark, state) -> None:
    """Cache `state` as game id `game`'s at mark `at`."""
    with _lock:
        _states[game] = (at, state)


def clear() -> None:
    with _lock:
        _states.clear()
