"""What a seat knows (`known_state`) and worlds consistent with it (`sample_state`), for bots.

Hidden from a seat (WQ-TABLE-9, view.py): the deck and its order, the discard pile's cards (the
view shows its size only), other hands, other seats' standing orders, and with the blank
treasure variant the types of treasures the seat did not place and nobody has collected.
"""
from __future__ import annotations

from core.bots.worlds import deal_tokens, fresh_seed, mask, renumber, strings_in, tokens_in, unmask
from core.rng import Rng

from . import cards
from .options import option
from .state import TAKEN, State


def kind_visible(st: State, treasure: list, seat: int) -> bool:
    return not option(st, "blank-treasure") or treasure[2] == TAKEN or treasure[3] == seat


def known_state(st: State, seat: int, hidden: list[str]) -> dict:
    """`hidden`: the game's own list of what the seat may not see (`Game.hidden_from`)."""
    known = mask({k: v for k, v in st.items() if k not in ("seed", "rng")}, set(hidden))
    known["standing"] = [order if other == seat else "ask" for other, order in enumerate(known["standing"])]
    known["treasures"] = [t if kind_visible(st, t, seat) else [t[0], None, t[2], t[3]] for t in known["treasures"]]
    return renumber(known)


def sample_state(known: dict, seat: int, rng: Rng) -> dict:
    """Unseen cards dealt at random to the deck, the discard pile and other hands; each owner's
    secret treasure types dealt from the types of theirs nobody has seen."""
    seen = strings_in(known)
    unaccounted = [c for c in cards.ALL_CARDS if c not in seen]
    st = unmask(known, deal_tokens([(tokens_in(known), unaccounted)], rng))
    st["treasures"] = [list(t) for t in st["treasures"]]
    for owner in range(st["players"]):
        mine = [t for t in st["treasures"] if t[0] == owner]
        secret = [t for t in mine if t[1] is None]
        if secret:
            kinds = rng.shuffle([k for k in range(4) if k not in {t[1] for t in mine}])
            for treasure, kind in zip(secret, kinds, strict=False):
                treasure[1] = kind
    st["seed"], st["rng"] = fresh_seed(rng), 0
    return st


def cards_of(st: dict) -> list[str]:
    return list(st["deck"]) + list(st["discard"]) + [c for hand in st["hands"] for c in hand]
