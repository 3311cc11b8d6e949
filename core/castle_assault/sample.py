"""What a seat knows (`known_state`) and worlds consistent with it (`sample_state`), for bots.

Hidden from a seat (view.py): the draw decks, other hands, every loot pile, other seats'
cards under a Night before the reveal, other seats' standing answers, and in fast window mode
who is being asked (and so whether the window is still open to joiners or already the
victim's). The known state blanks all of that; the sampler deals the unaccounted-for cards
back by deck (a Village card never lands in the Siege deck, loot piles hold Village cards).
"""
from __future__ import annotations

from core.bots.worlds import renumber, deal_tokens, fresh_seed, mask, strings_in, tokens_in, unmask
from core.rng import Rng

from .battle import joiner_order
from .data import CARDS
from .flow import prompted_seat
from .options import option
from .view import hidden_from

DECK_OF_ZONE = {"village": "V", "siege": "S", "academy": "A", "dungeon": "D"}


def known_state(s: dict, seat: int) -> dict:
    known = mask({k: v for k, v in s.items() if k not in ("seed", "rng")}, set(hidden_from(s, seat)))
    known["standing"] = [row if other == seat else [0, 0] for other, row in enumerate(known["standing"])]
    b = known["battle"]
    if b is not None:
        if not b["revealed"] and option(s, "night-count") == "hidden":
            pool_night_counts(b, seat)
        if s["phase"] in ("join", "react") and option(s, "windows") == "fast" \
                and prompted_seat(s) != seat:
            hide_who_is_asked(known, s, seat)
    return renumber(known)


def pool_night_counts(b: dict, seat: int) -> None:
    """With V-NIGHT-COUNT hidden, how the hidden cards split between contributors is secret:
    they all go to the first hidden contribution (the cards stay under the one Night)."""
    hidden = [entry for entry in b["contributions"] if entry[0] != seat]
    if hidden:
        pooled = [card for _, ids in hidden for card in ids]
        for entry in hidden:
            entry[1] = []
        hidden[0][1] = pooled


def hide_who_is_asked(known: dict, s: dict, seat: int) -> None:
    """Fast mode: a seat that is not asked cannot tell who is, nor whether the joiners are done.
    Its world: the seats after the last joiner are still to be asked, in turn order."""
    b = known["battle"]
    order = joiner_order(s, b["attacker"], b["victim"]) if not (b["night_card"] and option(s, "night-join") is False) else []
    if b["joined"]:
        order = order[order.index(b["joined"][-1]) + 1:]
    order = [other for other in order if other != seat]
    b["to_ask"] = order
    known["phase"] = "join" if order else "react"


def sample_state(known: dict, seat: int, rng: Rng) -> dict:
    """A full state the seat cannot tell from the real one: every token dealt a card that is
    not visible anywhere, each draw deck from its own deck's cards."""
    seen = strings_in(known)
    unaccounted = [c for c in CARDS.kind_of if c not in seen]
    groups = []
    for zone, letter in DECK_OF_ZONE.items():
        groups.append((tokens_in(known[zone]), [c for c in unaccounted if CARDS.deck[c] == letter]))
    groups.append((tokens_in(known["loot"]), [c for c in unaccounted if CARDS.deck[c] == "V"]))
    groups.append((tokens_in(known), unaccounted))
    s = unmask(known, deal_tokens(groups, rng))
    s["seed"], s["rng"] = fresh_seed(rng), 0
    return s
