"""Replays every game from its seed and moves and reports where the stored log disagrees:
per-move state hashes, the hash chain, the snapshot and the games row.

A game replays under the rules version it was created with (`games.rules_version`). Each
move's hash is checked in the state format it was written in (`moves.state_format`): for an
older format only where the engine can still write it (`downgrade_state`); otherwise those
hashes are reported as not checkable (a note, not a problem) while the replay itself, the
chain and the snapshot (lifted with `upgrade_state`) are still checked."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from core import canonical
from core.protocol import IllegalMove
from core.undo import Replayer
from server import stateformat
from server.db import read_snapshot
from server.models import Game, Move, Snapshot
from server.movelog import chain_entry
from server.rulesets import engine as find_engine

MAX_PROBLEMS = 20


@dataclass
class GameReport:
    game: int
    moves: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what could not be checked, and why

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_game(game: Game) -> GameReport:
    """Replay one game. The games row, its moves and its snapshot are read again in one read
    snapshot: a move landing meanwhile (verify runs beside a live server) is no disagreement."""
    with read_snapshot():
        current = Game.get_or_none(Game.id == game.id)
        if current is None:
            return GameReport(game.id, problems=["the game row has disappeared"])
        return _verify(current)


def _verify(game: Game) -> GameReport:
    report = GameReport(game.id)
    if game.status == "open":
        return report
    try:
        engine = find_engine(game.ruleset)
    except Exception as exc:
        report.problems.append(f"ruleset {game.ruleset!r} cannot be loaded: {exc}")
        return report
    moves = list(Move.select().where(Move.game == game.id).order_by(Move.seq))
    report.moves = len(moves)
    problems = report.problems
    if [m.seq for m in moves] != list(range(len(moves))):
        problems.append("the move numbers are not 0, 1, 2, ... without gaps")
    if len(moves) != game.version:
        problems.append(f"the game says version {game.version} but holds {len(moves)} moves")
    try:
        state = engine.setup(game.players, game.options, game.seed, rules_version=game.rules_version)
    except Exception as exc:
        problems.append(f"the game cannot be set up again under rules version {game.rules_version}: {exc!r}")
        return report
    link = game.seed_hash
    unchecked = {}  # state format -> moves whose hash this engine cannot recompute
    replayer = Replayer(engine, state)  # undo entries return to the state before the entry they take back
    for move in moves:
        try:
            state, _events = replayer.step(move.seat, move.payload)
        except IllegalMove as exc:
            problems.append(f"move {move.seq} ({move.text!r}) is not legal on replay: {exc}")
            break
        except Exception as exc:
            problems.append(f"move {move.seq} ({move.text!r}): the engine failed on replay: {exc!r}")
            break
        replayed = stateformat.hash_in(engine, state, move.state_format)
        if replayed is None:
            unchecked.setdefault(move.state_format, []).append(move.seq)
        elif replayed != move.state_hash:
            problems.append(f"move {move.seq}: the replayed state differs from the stored state hash")
        link = canonical.chain(link, chain_entry(move.seq, move.seat, move.payload, move.state_hash, move.created))
        if link != move.chain:
            problems.append(f"move {move.seq}: the hash chain is broken")
        if len(problems) >= MAX_PROBLEMS:
            break
    else:
        if game.chain_head != link:
            problems.append("the game's chain head does not match the last move")
        _check_snapshot(game, engine, engine.state_hash(state), problems)
        finished = engine.result(state) is not None or bool((game.result or {}).get("cancelled"))
        if finished != (game.status == "finished"):
            problems.append(f"the game is {game.status} but the replay says it is "
                            f"{'finished' if finished else 'still running'}")
    for old_format, seqs in sorted(unchecked.items()):
        report.notes.append(f"{len(seqs)} move hash(es) (moves {seqs[0]}..{seqs[-1]}) were written in state "
                            f"format {old_format}, which {engine.name} (format {engine.state_format}) cannot "
                            f"write any more: not checkable; the replay, chain and snapshot were checked")
    return report


def _check_snapshot(game: Game, engine, replayed: str, problems: list[str]) -> None:
    """`replayed`: the replayed final state's hash in the engine's current format."""
    snapshot = Snapshot.get_or_none(Snapshot.game == game.id)
    if snapshot is None:
        problems.append("the game has no snapshot")
        return
    if snapshot.version != game.version:
        problems.append(f"the snapshot is at version {snapshot.version}, the game at {game.version}")
    if hashlib.sha256(snapshot.state.encode()).hexdigest() != snapshot.state_hash:
        problems.append("the snapshot's state does not match its own hash")
    try:
        lifted = stateformat.lifted_hash(engine, snapshot.state, snapshot.state_format)
    except Exception as exc:
        problems.append(f"the snapshot (state format {snapshot.state_format}) cannot be read: {exc!r}")
        return
    if lifted != replayed:
        problems.append("the snapshot differs from the replayed state")


def verify_all() -> list[GameReport]:
    return [verify_game(game) for game in list(Game.select(Game.id).order_by(Game.id))]
