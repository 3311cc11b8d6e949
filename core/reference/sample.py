"""What a seat knows (`known_state`) and worlds consistent with it (`sample_state`), for bots
(docs/bots.md). Hidden from a seat: the deck and the other hands (view.hidden_from). The known
state replaces each hidden card by a token ("?0", "?1", ...) and drops the seed; a sampled world
deals the cards seen nowhere to the tokens at random and takes a fresh seed.
"""
from __future__ import annotations

from core.bots.worlds import deal_tokens, fresh_seed, mask, strings_in, tokens_in, unmask
from core.rng import Rng

from .data import CARDS
from .state import State
from .view import hidden_from


def known_state(state: State, seat: int) -> dict:
    return mask({k: v for k, v in state.items() if k not in ("seed", "rng")}, set(hidden_from(state, seat)))


def sample_state(known: dict, seat: int, rng: Rng) -> dict:
    seen = strings_in(known)
    unaccounted = [card for card in CARDS if card not in seen]
    world = unmask(known, deal_tokens([(tokens_in(known), unaccounted)], rng))
    world["seed"], world["rng"] = fresh_seed(rng), 0
    return world
