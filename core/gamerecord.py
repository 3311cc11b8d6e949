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


class RecordError(Exception):
    """The record is not a complete game record, or it disagrees with the replay."""


@dataclass
class Replayed:
    state: object
    moves: int
    checked: list[str] = field(default_factory=list)


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
        raise RecordError(f"The game has {len(moves)} moves; --at must be between 0 and {len(moves)}.")
    link = record["seed_hash"]
    position = state if last == 0 else None
    replayer = Replayer(engine, state)
    for entry in moves:
        state, link = _checked_step(engine, replayer, entry, link)
        if entry["seq"] + 1 == last:
            position = state
    result = engine.result(state)
    if record.get("result") is not None and (result is None or list(result.winners) != record["result"]["winners"]):
        raise RecordError("The replayed result differs from the recorded one.")
    checked = [f"the seed matches its published hash {record['seed_hash'][:12]}...",
               f"{len(moves)} moves: every state hash and chain link agrees"]
    return Replayed(position, last, checked)


def _checked_seed(record: dict) -> str:
    """The record's seed, once it is a Herald record of a finished game whose seed matches the
    hash published at its creation."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"This is not a Herald game record ({FORMAT}).")
    seed = record.get("seed")
    if not seed:
        raise RecordError("The record holds no seed: it is revealed when the game ends, so only a finished "
                          "game can be replayed.")
    if seed_hash(seed) != record["seed_hash"]:
        raise RecordError("The seed does not match the seed hash published when the game was created.")
    return seed


def _checked_step(engine, replayer: Replayer, entry: dict, link: str):
    """One recorded move replayed: (the state after it, the chain link), each checked against the record."""
    if "move" not in entry:
        raise RecordError(f"Move {entry.get('seq')} is hidden in this record; export the finished game.")
    try:
        state = replayer.advance(entry["seat"], entry["move"])
    except IllegalMove as exc:
        raise RecordError(f"Move {entry['seq']} is not legal here: {exc.message}") from None
    state_hash = engine.hash_in(state, entry.get("state_format", 1))  # records before formats: 1
    if state_hash is None:
        raise RecordError(f"Move {entry['seq']}: its hash is in state format {entry.get('state_format', 1)}, "
                          f"which this version of {engine.title} can no longer write.")
    if state_hash != entry["state_hash"]:
        raise RecordError(f"Move {entry['seq']}: the replayed state differs from the one the server stored.")
    link = canonical.chain(link, chain_entry(entry["seq"], entry["seat"], entry["move"], entry["state_hash"],
                                             entry["created"]))
    if link != entry["chain"]:
        raise RecordError(f"Move {entry['seq']}: the hash chain is broken (the log was changed).")
    return state, link
