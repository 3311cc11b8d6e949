"""A game's self-contained record (`herald export`) and its local check (`herald replay`).

The record holds the ruleset, rules version, options, seats, every move with its state hash
(and the state format it is written in; records from before formats are format 1) and
hash-chain link, and — once the game is over — the seed. Replaying it with the core
engine checks that the seed matches the hash published when the game was created, that
every move gives the state hash the server stored, and that the chain of links is unbroken:
a player needs nothing but this file and Herald's engines to know the game was fair.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from core import canonical
from core.protocol import IllegalMove
from core.rng import seed_hash
from core.undo import Replayer

FORMAT = "herald-game/1"


def chain_entry(seq: int, seat: int, move: dict, state_hash: str, created: str) -> dict:
    """What each chain link commits to: the move, who made it, when (ISO, microseconds), and
    the state it led to. The server writes links from it; replay recomputes them."""
    return {"seq": seq, "seat": seat, "move": move, "state": state_hash, "created": created}


@dataclass(frozen=True)
class Told:
    """A sentence of the check: its English template (`str.format` slots) and values. `str()`
    is the English; `herald replay` says it in the player's language (its catalogs hold these
    templates: tests/support/climessages.py reads this module's `told` calls)."""

    template: str
    values: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.values)


def told(template: str, **values) -> Told:
    return Told(template, values)


class RecordError(Exception):
    """The record is not a complete game record, or it disagrees with the replay: `said`."""

    def __init__(self, said: Told):
        super().__init__(str(said))
        self.said = said


@dataclass
class Replayed:
    state: object
    moves: int
    checked: list[Told] = field(default_factory=list)


def replay_record(games, record: dict, at: int | None = None) -> Replayed:
    """Replay `record` (up to move `at`, all of it by default) with the engines in `games`,
    checking seed commitment, every state hash and every chain link; RecordError on the
    first disagreement."""
    seed = _checked_seed(record)
    engine = games[record["ruleset"]]
    kwargs = {"rules_version": record["rules_version"]} if record.get("rules_version") else {}
    state = engine.setup(record["players"], record["options"], seed, **kwargs)
    moves = record["moves"]
    last = len(moves) if at is None else at
    if not 0 <= last <= len(moves):
        raise RecordError(told("The game has {moves} moves; --at must be between 0 and {moves}.", moves=len(moves)))
    link = record["seed_hash"]
    position = state if last == 0 else None
    replayer = Replayer(engine, state)
    for entry in moves:
        state, link = _checked_step(engine, replayer, entry, link)
        if entry["seq"] + 1 == last:
            position = state
    result = engine.result(state)
    if record.get("result") is not None and (result is None or list(result.winners) != record["result"]["winners"]):
        raise RecordError(told("The replayed result differs from the recorded one."))
    checked = [told("the seed matches its published hash {hash}...", hash=record["seed_hash"][:12]),
               told("moves replayed: {moves}; every state hash and chain link agrees", moves=len(moves))]
    return Replayed(position, last, checked)


def _checked_seed(record: dict) -> str:
    """The record's seed, once it is a Herald record of a finished game whose seed matches the
    hash published at its creation."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(told("This is not a Herald game record ({format}).", format=FORMAT))
    seed = record.get("seed")
    if not seed:
        raise RecordError(told("The record holds no seed: it is revealed when the game ends, so only a finished "
                               "game can be replayed."))
    if seed_hash(seed) != record["seed_hash"]:
        raise RecordError(told("The seed does not match the seed hash published when the game was created."))
    return seed


def _checked_step(engine, replayer: Replayer, entry: dict, link: str):
    """One recorded move replayed: (the state after it, the chain link), each checked against the record."""
    if "move" not in entry:
        raise RecordError(told("Move {seq} is hidden in this record; export the finished game.", seq=entry.get("seq")))
    try:
        state = replayer.advance(entry["seat"], entry["move"])
    except IllegalMove as exc:
        raise RecordError(told("Move {seq} is not legal here: {refusal}", seq=entry["seq"], refusal=str(exc.message))) from None
    state_hash = engine.hash_in(state, entry.get("state_format", 1))  # records before formats: 1
    if state_hash is None:
        raise RecordError(told("Move {seq}: its hash is in state format {format}, which this version of {game} can "
                               "no longer write.", seq=entry["seq"], format=entry.get("state_format", 1),
                               game=engine.title))
    if state_hash != entry["state_hash"]:
        raise RecordError(told("Move {seq}: the replayed state differs from the one the server stored.", seq=entry["seq"]))
    link = canonical.chain(link, chain_entry(entry["seq"], entry["seat"], entry["move"], entry["state_hash"],
                                             entry["created"]))
    if link != entry["chain"]:
        raise RecordError(told("Move {seq}: the hash chain is broken (the log was changed).", seq=entry["seq"]))
    return state, link
