"""Group commit: moves that arrive together are written in one transaction.

A transaction's commit costs the database more than the rows a move writes (on PostgreSQL a
move alone is about half commit: bench/bench_cluster.py `--ceilings`), and with N servers on
one database that cost is what caps them all. So a process gathers its moves. A move that
finds no transaction of moves running in its process leads one at once: on a quiet server it
is written exactly as without, and nothing waits. One that finds one running queues; when
that transaction ends, the first queued move's thread leads the next, taking along the moves
queued meanwhile (at most `most`, one per game), so that under load each commit carries
several. Only when a whole batch waits does another leader start beside the running one (at
most `leaders`). A batch never waits on a lock: it locks its games first, all in one statement,
in id order, skipping those another transaction holds (`ahead`), whose moves then go alone,
each waiting for its own game as without gathering. A move that leads alone may wait on its
game's lock, and the moves queued behind it go alone after QUEUE_WAIT: one stuck game holds
up no other game for longer than that.

Each move's work runs on the leader's thread, in the leader's transaction, inside the mover's
own context (its request, its language: `contextvars`), and answers its own request when the
transaction has committed. A batch's transaction runs in one of the process's `leaders` lanes
(`lane(number)`: on PostgreSQL a connection kept for that lane, server/store/lanes.py), not on
whichever connection its leader's request holds: the database then serves a few busy
connections instead of every request's in turn, which costs it a fifth less CPU per move
(docs/benchmarks.md). A refusal (the player's mistake: `refusals`) before the move writes
anything (`writing()` marks the moment) is that move's answer alone, and the others commit.
Anything else (a refusal after writing began, an engine's bug, any database error, a
transaction the database has marked failed, the commit refused or its connection lost) rolls
the whole transaction back, and each move of it is made again alone, by its own request:
nothing of the batch was stored, so this is the same as if they had arrived one by one (a move
that did commit after all, on a lost connection, is found again as its own resubmission: the
same answer, and its game announced again). A failure that is not a move's own is logged as
a warning with its cause.
"""
from __future__ import annotations

import _thread
import contextvars
import logging
import threading
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Callable, Generic, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
# The work of one move, inside a write transaction: its answer, and what to do once committed.
Work = Callable[[], tuple[T, Callable[[], None] | None]]

QUEUED, LEAD, TAKEN, DONE, ALONE = "queued", "lead", "taken", "done", "alone"
# How long a queued move waits to be taken along before it goes alone: a batch takes a few
# milliseconds, so only a leader stuck behind another transaction's lock makes one wait this long.
QUEUE_WAIT = 0.2


class _Signal:
    """threading.Event's set and wait, for one waiter, on a bare lock held until set: a move's
    wake-up is on the path of every gathered move, and Event's condition costs several times
    as much (bench/bench_cluster.py's gathered model: 7 % of the process's CPU per move)."""

    __slots__ = ("_lock",)

    def __init__(self) -> None:
        self._lock = _thread.allocate_lock()
        self._lock.acquire()

    def set(self) -> None:
        try:
            self._lock.release()
        except RuntimeError:
            pass  # (set already)

    def wait(self, timeout: float | None = None) -> bool:
        if not self._lock.acquire(True, -1 if timeout is None else timeout):
            return False
        self.set()  # (it stays set: a later wait returns at once)
        return True


class _Move(Generic[T]):
    """One move waiting to be written, and then its outcome; `woken` is set when it has one,
    or when its thread is to lead."""

    __slots__ = ("work", "key", "context", "state", "answer", "after", "refusal", "wrote", "woken", "lane")

    def __init__(self, work: Work, key: Any) -> None:
        self.work, self.key, self.context = work, key, contextvars.copy_context()
        self.state: str = QUEUED
        self.answer: Any = None
        self.after: Callable[[], None] | None = None
        self.refusal: Exception | None = None
        self.wrote = False
        self.woken = _Signal()
        self.lane = -1  # the lane it leads in, once it leads


_RUNNING: contextvars.ContextVar[_Move | None] = contextvars.ContextVar("group_commit_move", default=None)


def writing() -> None:
    """The move being worked on starts writing: from here, a failure rolls back its whole batch
    (what it wrote cannot be taken out of the transaction alone)."""
    move = _RUNNING.get()
    if move is not None:
        move.wrote = True


class _Rollback(Exception):
    """A move failed after it began writing: the batch's transaction is rolled back."""


class GroupCommit:
    """The moves of one process, gathered into transactions (see the module's docstring).
    `transaction` opens a write transaction; `refusals` are the exceptions that are a player's
    answer, not a failure; `nested` says whether this thread is in a transaction already (its
    moves go alone, in it); `healthy` whether the transaction may still commit (PostgreSQL
    marks one failed after an error); `ahead(keys)`, inside a batch's transaction, before its
    moves: what they all read first, read at once, their games locked in key order without
    waiting, as a context giving the keys it locked (None: all; the others go alone); `most`
    moves per transaction at most (1: each alone); `leaders` transactions of moves at once in
    this process; `lane(number)`: the context a batch's transaction runs in, for each leader
    at once its own number (0 up to `leaders`)."""

    def __init__(self, transaction: Callable[[], AbstractContextManager], refusals: tuple[type[Exception], ...],
                 nested: Callable[[], bool], healthy: Callable[[], bool],
                 ahead: Callable[[list], AbstractContextManager], most: int = 4, leaders: int = 2,
                 lane: Callable[[int], AbstractContextManager] = lambda number: nullcontext()) -> None:
        self.transaction, self.refusals, self.nested, self.healthy = transaction, refusals, nested, healthy
        self.ahead, self.most, self.leaders, self.lane = ahead, most, leaders, lane
        self._queue: list[_Move] = []
        self._lanes: set[int] = set()  # the lanes a leader holds now: one per transaction of moves
        self._lock = threading.Lock()
        self.batches: dict[int, int] = {}  # moves per committed transaction -> how many (bench, tests)

    def run(self, work: Work[T], key: Any) -> T:
        """`work`'s answer once it is committed (or its refusal raised); `key` (the game's id)
        keeps two moves of one game out of one transaction. Runs `work` alone, here, when this
        thread is already in a transaction or gathering is off."""
        if self.most <= 1 or self.nested():
            return self._alone(work)
        move: _Move[T] = _Move(work, key)
        with self._lock:
            # Lead at once on a quiet process; else queue, to be taken along by the running
            # leader's successor, unless a whole batch waits already and another may lead.
            leading = len(self._lanes)
            leads = leading == 0 or (len(self._queue) + 1 >= self.most and leading < self.leaders)
            if leads:
                move.lane = min(set(range(leading + 1)) - self._lanes)
                self._lanes.add(move.lane)
            else:
                self._queue.append(move)
        if not leads and not move.woken.wait(QUEUE_WAIT):
            with self._lock:  # no leader took it in time (one waits on a lock?): it goes alone
                if move.state == QUEUED:
                    self._queue.remove(move)
                    move.state = ALONE
            if move.state != ALONE:
                move.woken.wait()
        if leads or move.state == LEAD:
            try:
                batch = self._take(move)
                if len(batch) == 1:  # (still leading: at most `leaders` transactions of moves)
                    return self._alone(work)
                self._commit(batch, move.lane)
            finally:
                self._hand_over(move.lane)
        if move.state == ALONE:
            return self._alone(work)
        if move.refusal is not None:
            raise move.refusal
        if move.after is not None:
            move.after()
        return move.answer

    @property
    def _leading(self) -> int:
        """Transactions of moves running now (the tests wait on it)."""
        return len(self._lanes)

    def _take(self, move: _Move) -> list[_Move]:
        """The batch `move`'s thread leads: it, and the queued moves of other games (up to `most`)."""
        with self._lock:
            batch, keys, left = [move], {move.key}, []
            for other in self._queue:
                if len(batch) < self.most and other.key not in keys:
                    other.state = TAKEN
                    batch.append(other)
                    keys.add(other.key)
                else:
                    left.append(other)
            self._queue = left
        batch.sort(key=lambda m: m.key)
        return batch

    def _hand_over(self, lane: int) -> None:
        """A leader is done: the first queued move's thread leads next in its lane, else one
        leader fewer."""
        with self._lock:
            if self._queue:
                following = self._queue.pop(0)
                following.state, following.lane = LEAD, lane
                following.woken.set()
            else:
                self._lanes.discard(lane)

    def _commit(self, batch: list[_Move], lane: int) -> None:
        """Every move of `batch` in one transaction in `lane`; each then DONE, or ALONE to be made again."""
        outcome = ALONE  # unless it commits: rolled back, each move is made again by its own request
        written: list[_Move] = []
        try:
            with self.lane(lane), self.transaction(), self.ahead([move.key for move in batch]) as locked:
                # a game another transaction holds is left out, to go alone: a batch waits on no lock
                written = [move for move in batch if locked is None or move.key in locked]
                for move in written:
                    move.context.run(self._work, move)
                if not self.healthy():
                    raise _Rollback()
            outcome = DONE
        except _Rollback:
            pass  # (a move's own failure after it wrote: its request answers it, alone)
        except Exception:  # (the database's: each move is made again alone, and may meet it again)
            log.warning("a transaction of %d gathered moves failed; each is made again alone", len(batch),
                        exc_info=True)
        finally:  # (also on KeyboardInterrupt: no mover is left waiting)
            with self._lock:
                if outcome == DONE and written:
                    self.batches[len(written)] = self.batches.get(len(written), 0) + 1
            for move in batch:
                move.state = outcome if move in written else ALONE
                move.woken.set()

    def _work(self, move: _Move) -> None:
        _RUNNING.set(move)
        try:
            move.answer, move.after = move.work()
        except self.refusals as refusal:
            if move.wrote:
                raise _Rollback() from refusal
            move.refusal = refusal
        finally:
            _RUNNING.set(None)

    def _alone(self, work: Work[T]) -> T:
        with self.transaction():
            answer, after = work()
        if after is not None:
            after()
        return answer
