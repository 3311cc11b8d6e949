"""Replays every game from its seed and moves and reports where the stored log disagrees:
per-move state hashes, the hash chain, the snapshot and the games row.

A game replays under the rules version it was created with (`games.rules_version`). Each
move's hash is checked in the state format it was written in (`moves.state_format`): for an
older format only where the engine can still write it (`downgrade_state`); otherwise those
hashes are reported as not checkable (a note, not a problem) while the replay itself, the
chain and the snapshot (lifted with `upgrade_state`) are still checked."""
from __future__ import annotations

import hashlib
import json
import multiprocessing
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from peewee import fn

from core import canonical, gamerecord, undo
from core.protocol import IllegalMove
from core.undo import Replayer
from server.store import stateformat
from server.store.db import database, is_sqlite, read_snapshot
from server.store.models import Game, Move, Snapshot
from server.store.statements import tuples
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


BATCH = 25  # games read together, in one read snapshot


class StoredMove(NamedTuple):
    """A move row as verify reads it: plain values, no model object (a tuple: cheap to make)."""

    seq: int
    seat: int
    payload: dict
    payload_text: str  # as stored: the canonical JSON the chain link was made from, unless edited
    text: str
    created: str  # ISO, microseconds: as the chain entry holds it
    chain: str
    state_hash: str
    state_format: int
    public: bool  # who may see who made it: the engine's public_move, as the move path stored it
    readable: bool  # its events and prompts are JSON a reader's log can be made of


def verify_game(game: Game) -> GameReport:
    """Replay one game. The games row, its moves and its snapshot are read again in one read
    snapshot: a move landing meanwhile (verify runs beside a live server) is no disagreement."""
    return verify_games([game.id])[0]


def verify_games(ids: list[int]) -> list[GameReport]:
    """Replay these games, BATCH at a time: each batch's games rows, moves and snapshots are
    read in three queries inside one read snapshot."""
    reports = []
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        with read_snapshot():
            games = {game.id: game for game in Game.select().where(Game.id.in_(batch))}
            moves = _moves_of(batch)
            snapshots = {row[0]: StoredSnapshot(*row[1:]) for row in database.execute(
                Snapshot.select(Snapshot.game, Snapshot.version, Snapshot.state, Snapshot.state_hash,
                                Snapshot.state_format).where(Snapshot.game.in_(batch))).fetchall()}
        for game_id in batch:
            game = games.get(game_id)
            reports.append(GameReport(game_id, problems=["the game row has disappeared"]) if game is None
                           else _verify(game, moves.get(game_id, []), snapshots.get(game_id)))
    return reports


class StoredSnapshot(NamedTuple):
    version: int
    state: str
    state_hash: str
    state_format: int


def _moves_of(ids: list[int]) -> dict[int, list[StoredMove]]:
    """Every move of these games, in order (one query, its rows read raw: peewee's per-field
    conversions cost more than the rest of the server's share of verify)."""
    query = (Move.select(Move.game, Move.seq, Move.seat, Move.payload, Move.text, Move.created, Move.chain,
                         Move.state_hash, Move.state_format, Move.public, *_readable_columns())
             .where(Move.game.in_(ids)).order_by(Move.game, Move.seq))
    moves: dict[int, list[StoredMove]] = {}
    sqlite = is_sqlite()
    for game_id, seq, seat, payload, text, created, chain, state_hash, state_format, public, *readable in (
            database.execute(query).fetchall()):
        moves.setdefault(game_id, []).append(StoredMove(seq, seat, _parsed(payload), payload, text, _iso(created),
                                                        chain, state_hash, state_format, bool(public),
                                                        bool(readable[0]) if sqlite else all(map(_records, readable))))
    return moves


def _readable_columns() -> list:
    """How verify learns that a move's events and prompts can be read: SQLite answers it itself
    (JSON arrays, checked by its JSON functions: no text crosses into Python), elsewhere the
    texts are read and scanned (`_records`)."""
    if not is_sqlite():
        return [Move.events, Move.prompted]
    arrays = [fn.json_valid(column) & (fn.substr(column, 1, 1) == "[") for column in (Move.events, Move.prompted)]
    return [arrays[0] & arrays[1]]


def _records(text) -> bool:
    """A stored list of records (events, prompts): JSON, a list of objects, each with its text
    (read with the C scanner, as the payloads are: verify reads every move's)."""
    try:
        value, end = _scan(text, 0)
        if end != len(text):
            value = json.loads(text)
    except (ValueError, StopIteration, TypeError):
        return False
    return type(value) is list and all(type(item) is dict and "text" in item for item in value)


# The C scanner itself: json.loads wraps it in three Python calls. (typeshed leaves out the
# attribute, which JSONDecoder.__init__ sets.)
_scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _parsed(text: str):
    """A stored payload, parsed; left as its text where it is not JSON (the replay then
    reports the move as one the engine refuses)."""
    try:
        value, end = _scan(text, 0)
        if end == len(text):  # stored canonical: no whitespace around it
            return value
        return json.loads(text)
    except (ValueError, StopIteration, TypeError):
        return text


def _iso(created) -> str:
    """A stored timestamp (SQLite: text; PostgreSQL: a datetime) as the chain entry holds it."""
    if isinstance(created, str) and len(created) == 26 and created[10] == " ":
        return f"{created[:10]}T{created[11:]}"  # SQLite's str(datetime), microseconds and all
    when = created if isinstance(created, datetime) else datetime.fromisoformat(created)
    return when.isoformat(timespec="microseconds")


def _verify(game: Game, moves: list[StoredMove], snapshot: StoredSnapshot | None) -> GameReport:
    report = GameReport(game.id)
    if game.status == "open":
        return report
    try:
        engine = find_engine(game.ruleset)
    except Exception as exc:
        report.problems.append(f"ruleset {game.ruleset!r} cannot be loaded: {exc}")
        return report
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
    replayed = _replay(engine, game, state, moves, report)
    if replayed is not None:
        state, link, final_hash = replayed
        if game.chain_head != link:
            problems.append("the game's chain head does not match the last move")
        _check_snapshot(game, snapshot, engine, final_hash or engine.state_hash(state), problems)
        finished = engine.result(state) is not None or bool((game.result or {}).get("cancelled"))
        if finished != (game.status == "finished"):
            problems.append(f"the game is {game.status} but the replay says it is "
                            f"{'finished' if finished else 'still running'}")
    return report


def _replay(engine, game: Game, state, moves: list[StoredMove], report: GameReport):
    """Step through the log checking each state hash and chain link: (final state, chain head,
    the final state's hash in the engine's format where the last step computed it, else None),
    or None where the replay stopped (an illegal move, an engine failure, too many problems)."""
    problems, link = report.problems, game.seed_hash
    unchecked: dict[int, list[int]] = {}  # state format -> moves whose hash this engine cannot recompute
    replayer = Replayer(engine, state)  # undo entries return to the state before the entry they take back
    try:
        return _steps(engine, replayer, link, moves, problems, unchecked)
    finally:
        for old_format, seqs in sorted(unchecked.items()):
            report.notes.append(f"{len(seqs)} move hash(es) (moves {seqs[0]}..{seqs[-1]}) were written in state "
                                f"format {old_format}, which {engine.name} (format {engine.state_format}) cannot "
                                f"write any more: not checkable; the replay, chain and snapshot were checked")


def _steps(engine, replayer: Replayer, link: str, moves: list[StoredMove], problems: list[str],
           unchecked: dict[int, list[int]]):
    """The loop of `_replay`: each move applied, its state hash and chain link compared. It is
    verify's inner loop, so it does little per move beyond the engine's step (without events)
    and hash: one SHA-256 for the chain link, the move's notation and public flag, and a few
    string comparisons."""
    state, advance, hash_in = replayer.state, replayer.advance, engine.hash_in
    notation, public = undo.notation, undo.public
    replayed: str | None = None
    for move in moves:
        # What readers see beside the chain, as the move path wrote it (core/undo: undo entries too).
        try:
            shown = (notation(engine, move.payload), public(engine, state, move.seat, move.payload)) \
                if isinstance(move.payload, dict) else None
        except Exception:  # a payload the replay refuses: reported there
            shown = None
        if shown is not None and (shown != (move.text, move.public) or not move.readable):
            _misshown(move, shown, problems)
            if len(problems) >= MAX_PROBLEMS:
                return None
        try:
            state = advance(move.seat, move.payload)
        except IllegalMove as exc:
            problems.append(f"move {move.seq} ({move.text!r}) is not legal on replay: {exc}")
            return None
        except Exception as exc:
            problems.append(f"move {move.seq} ({move.text!r}): the engine failed on replay: {exc!r}")
            return None
        replayed = hash_in(state, move.state_format)
        if replayed is None:  # an older format this engine can no longer write
            unchecked.setdefault(move.state_format, []).append(move.seq)
        elif replayed != move.state_hash:
            problems.append(f"move {move.seq}: the replayed state differs from the stored state hash")
        link = _link(link, move)
        if link != move.chain:
            problems.append(f"move {move.seq}: the hash chain is broken")
        if len(problems) >= MAX_PROBLEMS:
            return None
    final_hash = replayed if moves and moves[-1].state_format == engine.state_format else None
    return state, link, final_hash


def _misshown(move: StoredMove, shown: tuple[str, bool], problems: list[str]) -> None:
    """What differs between the columns a reader's log is made of, which the chain does not
    cover, and what the move path writes for the move (`shown`: its notation and public flag):
    an edit to the public flag shows a face-down card."""
    if shown[0] != move.text:
        problems.append(f"move {move.seq}: its shown text {move.text!r} is not its move's notation {shown[0]!r}")
    if shown[1] != move.public:
        problems.append(f"move {move.seq}: it is stored as {'public' if move.public else 'private'}, "
                        f"but the rules make it {'public' if shown[1] else 'private'}")
    if not move.readable:
        problems.append(f"move {move.seq}: its events or prompts cannot be read")


def _link(previous: str, move: StoredMove) -> str:
    """The move's chain link, recomputed. Its canonical entry is spelled out here with the
    payload as stored (JSONField writes canonical JSON), which saves encoding it again; where
    that disagrees, the link is computed from the parsed payload as `herald replay` does, so
    an oddly spelled but equal payload is never reported."""
    entry = (f'{{"created":"{move.created}","move":{move.payload_text},"seat":{move.seat},"seq":{move.seq},'
             f'"state":"{move.state_hash}"}}')
    link = hashlib.sha256((previous + entry).encode()).hexdigest()
    if link == move.chain:
        return link
    return canonical.chain(previous, gamerecord.chain_entry(move.seq, move.seat, move.payload, move.state_hash,
                                                            move.created))


def _check_snapshot(game: Game, snapshot: StoredSnapshot | None, engine, replayed: str,
                    problems: list[str]) -> None:
    """`replayed`: the replayed final state's hash in the engine's current format."""
    if snapshot is None:
        problems.append("the game has no snapshot")
        return
    if snapshot.version != game.version:
        problems.append(f"the snapshot is at version {snapshot.version}, the game at {game.version}")
    own_hash = hashlib.sha256(snapshot.state.encode()).hexdigest()
    if own_hash != snapshot.state_hash:
        problems.append("the snapshot's state does not match its own hash")
    if snapshot.state_format == engine.state_format and own_hash == replayed:
        return  # the stored text is the replayed state's canonical JSON, byte for byte
    try:
        lifted = stateformat.lifted_hash(engine, snapshot.state, snapshot.state_format)
    except Exception as exc:
        problems.append(f"the snapshot (state format {snapshot.state_format}) cannot be read: {exc!r}")
        return
    if lifted != replayed:
        problems.append("the snapshot differs from the replayed state")


def verify_all(jobs: int = 1, database_url: str | None = None) -> list[GameReport]:
    """Every game, in id order. With jobs > 1 the batches are replayed by that many worker
    processes, each opening `database_url` itself; the reports are the same, in the same order."""
    ids = [game_id for (game_id,) in tuples(Game.select(Game.id).order_by(Game.id))]
    lost_games, lost_players = _orphans()
    ids = sorted(set(ids) | lost_games)  # (each reported as a game row that has disappeared)
    return _with_lost_players(_verify_all(ids, jobs, database_url), lost_players)


def _verify_all(ids: list[int], jobs: int, database_url: str | None) -> list[GameReport]:
    if jobs <= 1 or len(ids) <= 1:
        return verify_games(ids)
    if database_url is None:
        raise ValueError("verify_all with jobs > 1 needs the database URL for its worker processes")
    size = min(BATCH, -(-len(ids) // jobs))  # few games: still one batch per process
    batches = [ids[start:start + size] for start in range(0, len(ids), size)]
    # spawn, not fork: a SQLite connection must not be carried into a child process
    context = multiprocessing.get_context("spawn")
    prepare = getattr(database.obj, "prepare", True)  # HERALD_PREPARED_STATEMENTS, as this process opened it
    with context.Pool(min(jobs, len(batches)), initializer=_open_in_worker, initargs=(database_url, prepare)) as pool:
        return [report for part in pool.imap(verify_games, batches) for report in part]


ORPHAN_GAMES = ("SELECT game_id FROM moves WHERE NOT EXISTS (SELECT 1 FROM games WHERE games.id = moves.game_id) "
                "UNION SELECT game_id FROM notifications WHERE game_id IS NOT NULL "  # (UNION: each id once)
                "AND NOT EXISTS (SELECT 1 FROM games WHERE games.id = notifications.game_id)")
ORPHAN_PLAYERS = ("SELECT DISTINCT game_id, player_id FROM notifications "
                  "WHERE NOT EXISTS (SELECT 1 FROM players WHERE players.id = notifications.player_id)")


def _orphans() -> tuple[set[int], list[tuple[int | None, int]]]:
    """The games that rows of moves or mails belong to but that are gone, and the (game, player)
    of mails to players who are gone: PostgreSQL does not check those foreign keys
    (models.UNCHECKED_ON_POSTGRES), so a hand edit could leave them."""
    with read_snapshot():
        games = {game_id for (game_id,) in database.execute_sql(ORPHAN_GAMES).fetchall()}
        players = [(game_id, player_id) for game_id, player_id in database.execute_sql(ORPHAN_PLAYERS).fetchall()]
    return games, players


def _with_lost_players(reports: list[GameReport], lost: list[tuple[int | None, int]]) -> list[GameReport]:
    """Each mail to a player who is gone, a problem of its game's report (of "game 0" for a mail
    about an account)."""
    by_game = {report.game: report for report in reports}
    for game_id, player_id in lost:
        report = by_game.get(game_id or 0)
        if report is None:
            report = by_game[game_id or 0] = GameReport(game_id or 0)
            reports.append(report)
        report.problems.append(f"a mail to player {player_id}, who does not exist")
    return reports


def _open_in_worker(database_url: str, prepare: bool = True) -> None:
    from server.store.db import database, open_database

    open_database(database_url, prepare=prepare)
    database.connect(reuse_if_open=True)
