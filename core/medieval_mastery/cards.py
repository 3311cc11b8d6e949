"""Cards as small ints: card c belongs to seat c // 18 and is DECK[c % 18].

Decks are lists with the top card last. Every draw, discard and reshuffle goes through
here so Authority (MM-RES-AUTHORITY) and empty decks (MM-EDGE-3) behave the same everywhere.
"""
from __future__ import annotations

from core.medieval_mastery.data import CARD_KINDS, CARD_TITLES, DECK, DECK_SIZE
from core.protocol import Event

KIND_OF = DECK
NAME_OF_KIND = {code: spec[0] for code, spec in CARD_KINDS.items()}
KIND_OF_NAME = {spec[0]: code for code, spec in CARD_KINDS.items()}
CONFLICT_KINDS = tuple(code for code, spec in CARD_KINDS.items() if spec[1] == "conflict")
SUPPORT_KINDS = tuple(code for code, spec in CARD_KINDS.items() if spec[1] == "support")
VALUE = {code: spec[2] for code, spec in CARD_KINDS.items()}


def kind(card: int) -> str:
    return KIND_OF[card % DECK_SIZE]


def owner(card: int) -> int:
    return card // DECK_SIZE


def card_id(card: int) -> str:
    """The public, unique id of a card (views and hidden_from speak in these)."""
    return f"K{card:03d}"


def title(card: int) -> str:
    return CARD_TITLES[kind(card)]


def deck_cards(seat: int) -> list[int]:
    return list(range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE))


def find(hand: list[int], code: str) -> int | None:
    """A card of kind `code` in `hand` (cards of one kind are interchangeable)."""
    for card in hand:
        if KIND_OF[card % DECK_SIZE] == code:
            return card
    return None


def has(hand: list[int], code: str) -> bool:
    return find(hand, code) is not None


def discard(st: dict, card: int) -> None:
    """Face up on its owner's discard pile, remembering the turn (Crown of Order)."""
    seat = card // DECK_SIZE
    st["disc"][seat].append(card)
    st["dturn"][seat].append(st["tno"])


def reshuffle(ctx, seat: int) -> bool:
    """MM-EDGE-3: the discard pile becomes the new deck. False when there is nothing."""
    st = ctx.st
    pile = st["disc"][seat]
    if not pile:
        return False
    deck = ctx.rng.shuffle(list(pile))
    st["deck"][seat] = deck + st["deck"][seat]
    st["disc"][seat] = []
    st["dturn"][seat] = []
    ctx.ev.append(Event(f"{{P{seat}}} shuffled their discard pile ({len(deck)} cards) into a new deck."))
    return True


def draw(ctx, seat: int, count: int) -> list[int]:
    """Draw up to `count` cards, reshuffling when the deck runs out (no Authority handling)."""
    st = ctx.st
    drawn = []
    for _ in range(count):
        if not st["deck"][seat] and not reshuffle(ctx, seat):
            break
        card = st["deck"][seat].pop()
        st["hand"][seat].append(card)
        drawn.append(card)
    return drawn


def draw_to(ctx, seat: int, target: int, why: str) -> None:
    """Draw until the hand holds `target` (MM-EDGE-1), then play a drawn Authority
    (MM-RES-AUTHORITY): 2 extra cards, and only then Authority goes to the discard pile."""
    st = ctx.st
    need = target - len(st["hand"][seat])
    if need <= 0:
        return
    drawn = draw(ctx, seat, need)
    _announce(ctx, seat, drawn, why)
    authority = next((c for c in drawn if kind(c) == "AU"), None)
    if authority is not None:
        st["hand"][seat].remove(authority)
        ctx.ev.append(Event(f"{{P{seat}}} drew Authority and plays it: 2 extra cards."))
        extra = draw(ctx, seat, 2)
        _announce(ctx, seat, extra, "Authority")
        discard(st, authority)


def _announce(ctx, seat: int, drawn: list[int], why: str) -> None:
    if not drawn:
        return
    names = ", ".join(title(c) for c in drawn)
    ctx.ev.append(Event(f"{{P{seat}}} drew {len(drawn)} card{'s' if len(drawn) != 1 else ''} ({why})."))
    ctx.ev.append(Event(f"You drew {names}.", (seat,), {"cards": [card_id(c) for c in drawn]}))
