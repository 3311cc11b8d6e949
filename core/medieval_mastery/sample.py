"""What a seat knows (`known_state`) and worlds consistent with it (`sample_state`), for bots.

Hidden from a seat (view.py): every deck, other hands, the other side's face-down conflict card
(even whether it is a card or 'none': the view counts a committed card in the hand), a choice's
cards and text when it is another seat's, other seats' standing answers, and in fast window
mode who is asked in a Fracture window or for support (asking would tell who holds the card).
Cards are ints in the state; the known state writes them as their public ids (K012) so that the
views' leak check applies to it unchanged.
"""
from __future__ import annotations

from core.bots.worlds import renumber, deal_tokens, fresh_seed, is_token, mask, strings_in, tokens_in, unmask
from core.rng import Rng

from . import rules as cards  # card identities (card_id, kind) live in rules.py
from .data import CONFLICT_KINDS, DECK_SIZE
from .options import option
from .view import hidden_from

COMMITTED = "committed"   # the other side's face-down choice: a card or 'none', nobody knows


def card_zones(st: dict, convert) -> dict:
    """A copy of the state with every card (int) passed through `convert`."""
    out = dict(st)
    for key in ("deck", "hand", "discard"):
        out[key] = [[convert(c) for c in pile] for pile in st[key]]
    out["ta_card"] = convert(st["ta_card"]) if not is_none(st["ta_card"]) else st["ta_card"]
    b = st["battle"]
    if b is not None:
        b = out["battle"] = dict(b)
        b["commit"] = [c if is_none(c) or c == COMMITTED else convert(c) for c in b["commit"]]
        b["shown"] = [x if x is None or is_none(x[0]) else [convert(x[0]), x[1]] for x in b["shown"]]
        b["table"] = [convert(c) for c in b["table"]]
    ch = st["choice"]
    if ch is not None and "cards" in ch:
        out["choice"] = dict(ch, cards=[convert(c) for c in ch["cards"]])
    return out


def is_none(card) -> bool:
    return card is None or (isinstance(card, int) and card < 0)


def to_int(card):
    return card if is_token(card) else int(card[1:])


def cards_of(st: dict) -> list[int]:
    """Every card somewhere in the state (a card dealt twice would appear twice)."""
    found: list[int] = []
    card_zones(st, found.append)
    return found


def known_state(st: dict, seat: int) -> dict:
    known = mask(card_zones({k: v for k, v in st.items() if k not in ("seed", "rng")}, cards.card_id),
                 set(hidden_from(st, seat)))
    known["standing"] = [answer if other == seat else "off" for other, answer in enumerate(known["standing"])]
    b = known["battle"]
    if b is not None:
        for side, who in ((0, b["attacker"]), (1, b["defender"])):
            if who != seat and b["commit"][side] is not None and known["phase"] == "commit":
                if b["commit"][side] != -1:
                    known["hand"][who].append(b["commit"][side])   # counted in the hand, as the view does
                b["commit"][side] = COMMITTED
        if b["support"] is not None and known["phase"] == "support" and option(known, "windows") == "fast":
            hide_support_turn(b, seat)
    ch = known["choice"]
    if ch is not None and ch["seat"] != seat:
        known["choice"] = {k: v for k, v in ch.items() if k != "text"} | {"text": ""}
    w = known["window"]
    if w is not None and option(known, "windows") == "fast" and w["asked"] != seat:
        hide_window_turn(w, seat)
    return renumber(known)


def hide_support_turn(b: dict, seat: int) -> None:
    """Fast support: how far the opportunities went round is secret (silent skips)."""
    sup = b["support"] = dict(b["support"])
    order = sup["order"]
    if order[sup["given"] % len(order)] == seat:
        sup["given"] = order.index(seat)
    else:
        sup["given"] = next(i for i, other in enumerate(order) if other != seat)
    sup["quiet"] = 0


def hide_window_turn(w: dict, seat: int) -> None:
    """Fast Fracture window, not asked: the world asks the first other seat in the order."""
    w["position"] = next(i for i, other in enumerate(w["order"]) if other != seat)
    w["asked"] = w["order"][w["position"]]


def sample_state(known: dict, seat: int, rng: Rng) -> dict:
    """Each seat's tokens are dealt from that seat's own cards (18 each) that are visible nowhere;
    an unknown face-down conflict choice becomes a random conflict card of the hand, or 'none'."""
    seen = strings_in(known)
    groups = []
    for owner in range(known["players"]):
        mine = [t for t in tokens_in(known["deck"][owner]) + tokens_in(known["hand"][owner])]
        free = [cards.card_id(c) for c in range(owner * DECK_SIZE, (owner + 1) * DECK_SIZE)
                if cards.card_id(c) not in seen]
        groups.append((mine, free))
    world = unmask(known, deal_tokens(groups, rng))
    st = card_zones(world, to_int)
    b = st["battle"]
    if b is not None and COMMITTED in b["commit"]:
        for side, who in ((0, b["attacker"]), (1, b["defender"])):
            if b["commit"][side] == COMMITTED:
                b["commit"][side] = face_down_choice(st["hand"][who], rng)
    st["seed"], st["rng"] = fresh_seed(rng), 0
    return st


def face_down_choice(hand: list[int], rng: Rng) -> int:
    """A committed conflict card taken from the sampled hand, or -1 ('none') if it has none
    (and one time in five anyway: committing 'none' is legal and sometimes played)."""
    conflict = [c for c in hand if cards.kind(c) in CONFLICT_KINDS]
    if not conflict or rng.below(5) == 0:
        return -1
    card = conflict[rng.below(len(conflict))]
    hand.remove(card)
    return card
