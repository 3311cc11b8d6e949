"""Near misses, for every game: legal moves with a field dropped, retyped, swapped with another
legal move's or added, played by the seat asked or another. Each is played or refused with
IllegalMove naming one of the game's rules, and never changes the state it was played on: an
engine that raises anything else has a bug that a player's typo would turn into a 500."""
from __future__ import annotations

import copy
import re

import pytest

from core import games
from core.protocol import IllegalMove
from core.rng import Rng
from tests.support.rule_docs import areas, definitions

# Odd values of every JSON type, and a few that look like a game's pieces and places.
ODD = [None, True, False, 0, 1, -1, 2, 99, 10 ** 20, 1.5, "", "x", "0", "-1", " ", "\u00fc", "\x00", "A1", "V3",
       "1/W1", "D1C2", [], [1], ["a"], [None], {}, {"a": 1}, {"A1": 1}, {"D1C2": -1}, {"D1C2": "2"}, {"x": {}}]
EXTRA_FIELDS = ["extra", "men", "heroes", "to", "from", "card", "cards", "at", "hero", "n", "target", "pass"]


def pick(rng: Rng, items: list):
    return items[rng.below(len(items))]


def near_miss(move, pool: list, rng: Rng):
    """One mutation of `move`, a legal move, using the other legal moves of `pool`."""
    if not isinstance(move, dict):
        return pick(rng, ODD)
    m = copy.deepcopy(move)
    keys = list(m)
    how = rng.below(7)
    if how == 0 and keys:  # a field left out
        del m[pick(rng, keys)]
    elif how == 1 and keys:  # a field of an odd value or type
        m[pick(rng, keys)] = pick(rng, ODD)
    elif how == 2:  # a field of another legal move: legal parts put together wrongly
        other = pick(rng, pool)
        if other:
            field = pick(rng, list(other))
            m[field] = copy.deepcopy(other[field])
    elif how == 3:  # another legal move's fields under this move's type
        m = {**copy.deepcopy(pick(rng, pool)), "type": m.get("type")}
    elif how == 4:  # a field no move of this type has
        m[pick(rng, EXTRA_FIELDS)] = pick(rng, ODD)
    elif how == 5 and keys:  # inside a field: an entry changed, or repeated
        field = pick(rng, keys)
        value = m[field]
        if isinstance(value, dict) and value:
            value[pick(rng, list(value))] = pick(rng, ODD)
        elif isinstance(value, list) and value:
            value.append(copy.deepcopy(pick(rng, value)))
        elif type(value) is int:
            m[field] = value + pick(rng, [-1, 1, -100, 100, 10 ** 9])
        else:
            m[field] = pick(rng, ODD)
    else:  # another kind of move with this move's fields
        m["type"] = pick(rng, sorted({str(p.get("type")) for p in pool} | {"resign", "standing", "pass", "7"}))
    return m


def explained_rules(facts):
    """Whether a refusal's rule is one of the game's that docs/rules/ explains. A game not offered
    need not have its page yet (the reference game's TOY-n are listed nowhere): any ID of its
    prefix will do, TOY-2 or, in the documented form, NIM-TAKE-1 (docs/adding-a-game.md)."""
    if not facts.offered:
        return re.compile(rf"^{re.escape(facts.rules)}(?:-[A-Z0-9]+)+$").match
    known = set(definitions(facts.rules)) | areas(facts.rules)
    return lambda rule: rule in known


def check_near_misses(facts, players: int, seed: str, *, moves: int, tries: int) -> tuple[int, int]:
    """Plays one random game for `moves` moves; at each, `tries` near misses. Returns how many
    were tried and how many refused (each with a rule of this game's)."""
    game, explained = facts.game, explained_rules(facts)
    state = game.setup(players, game.normalize_options({}), seed)
    rng = Rng("near-miss:" + seed, scheme=2)
    tried = refused = 0
    for _ in range(moves):
        prompts = game.prompts(state)
        if not prompts or game.result(state) is not None:
            break
        seat = prompts[rng.below(len(prompts))].seat
        move = game.random_move(state, seat, rng)
        pool = [m for m in game.legal_moves(state, seat) if isinstance(m, dict) and "pattern" not in m][:40] + [move]
        before = game.state_hash(state)
        for _ in range(tries):
            wrong = near_miss(pick(rng, pool), pool, rng)
            who = seat if rng.below(6) else pick(rng, [*range(players), -1, players, True])
            tried += 1
            try:
                game.apply(state, who, wrong)
            except IllegalMove as err:
                refused += 1
                assert explained(err.rule), f"{wrong!r} by seat {who!r}: rule {err.rule!r}"
                assert err.code and str(err.message), f"{wrong!r} by seat {who!r}: no code or message"
        assert game.state_hash(state) == before, f"a near miss changed the state it was played on (seed {seed})"
        state, _ = game.apply(state, seat, move)
    return tried, refused


def every_game():
    return [pytest.param(facts, id=facts.name) for facts in games.every()]


@pytest.mark.rule("CA-TURN-5")
@pytest.mark.rule("MM-TURN-2")
@pytest.mark.rule("WQ-ROUND-1")
@pytest.mark.parametrize("facts", every_game())
def test_near_misses_are_refused_with_a_rule(facts):
    """Whole games at every player count, six near misses at every move."""
    for players in range(facts.game.min_players, facts.game.max_players + 1):
        tried, refused = check_near_misses(facts, players, f"near-miss-{facts.name}-{players}", moves=20_000, tries=6)
        assert refused > tried / 2  # most near misses are wrong: the mutations reach the engine's refusals
