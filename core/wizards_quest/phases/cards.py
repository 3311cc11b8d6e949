"""The active player's card window (step 5a), and the ring's card (WQ-CARDS-1 to -9, WQ-TREASURE-4)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.memo import Memo
from core.text import Joined, P, pattern, say
from core.wizards_quest import board, cards
from core.wizards_quest import state as S
from core.wizards_quest.board import IDS, name
from core.wizards_quest.effects import collect_here, give_extra, give_men, draw_card, send_creature
from core.wizards_quest.notation import WORDS, bad, duchy, terr, treasure_index
from core.wizards_quest.options import option
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State


def movable_treasures(st: State, seat: int) -> list[int]:
    """Opponents' treasures still on the map (WQ-CARD-TREASURE)."""
    return [i for i, tr in enumerate(st["treasures"]) if tr[0] != seat and tr[2] >= 0]


PLAY_PATTERNS = Memo(16)  # card -> the treasure card's play pattern, made once


def play_pattern(card: str) -> Joined:
    return PLAY_PATTERNS.get(card) or PLAY_PATTERNS.keep(card, pattern(f"play {card} <treasure> <territory>", WORDS))


def play_options(st: State, seat: int, card: str) -> list[dict]:
    kind = cards.kind(card)
    if kind in ("DRAGON", "PEACE"):
        return [{"type": "play", "card": card, "duchy": d} for d in range(1, 7)]
    movable = movable_treasures(st, seat) if kind == "TREASURE" else []
    if movable:
        taken, own = {tr[2] for tr in st["treasures"]}, st["owner"]
        free = [t for t in range(board.TERRITORIES) if t not in taken]
        examples: list[dict] = []
        for i in movable[:4]:  # to the first free territory of its owner, else the first free one
            owner = st["treasures"][i][0]
            t = next((t for t in free if own[t] == owner), free[0] if free else -1)
            if t >= 0:
                examples.append({"type": "play", "card": card, "treasure": S.treasure_id(i), "to": IDS[t]})
        return [{"pattern": play_pattern(card),
                 "help": say("Move an opponent's treasure to a territory holding no treasure.")}] + examples
    return [{"type": "play", "card": card}]


def playable(st: State, f: Frame, hand: list[str]) -> list[str]:
    """The cards this window lets the player play: his hand at the start of his turn; after the
    ring only the card drawn for it (WQ-CARDS-4, WQ-TREASURE-4), under the original's reading."""
    if f["mode"] != "ring":
        return hand
    ring_full = len(hand) > 2 and f["new"] in hand
    if ring_full or option(st, "ring-window") == "drawn-card":
        return [f["new"]] if f["new"] in hand else []
    return hand


def may_draw(st: State, f: Frame) -> bool:
    """The one card of the turn is still to draw, and there is one (WQ-CARDS-1, WQ-CARDS-5)."""
    return f["mode"] == "turn" and not f["drew"] and bool(st["deck"] or st["discard"])


def cards_legal(st: State, f: Frame) -> list[dict]:
    seat, hand = f["seat"], st["hands"][f["seat"]]
    out: list[dict] = []
    if may_draw(st, f):
        out.append({"type": "draw"})
    ring_full = f["mode"] == "ring" and len(hand) > 2 and f["new"] in hand
    for card in playable(st, f, hand):
        out.extend(play_options(st, seat, card))
    if ring_full:
        out.append({"type": "discard", "card": f["new"]})
    if len(hand) <= 2:
        out.append({"type": "done"})
    return out


def cards_auto(st: State, f: Frame) -> dict | None:
    hand = st["hands"][f["seat"]]
    if not hand and (f["mode"] == "ring" or f["drew"] or not (st["deck"] or st["discard"])):
        return {"type": "done"}
    if f["mode"] == "ring" and f["new"] not in hand and option(st, "ring-window") == "drawn-card":
        return {"type": "done"}  # the ring's card is played or discarded: the window closes
    return None



def cards_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    """Draw, play, discard the ring's card, or close the window (WQ-CARDS-1 to -5)."""
    kind = mv.get("type")
    if kind == "draw":
        return _draw(st, f, rng, ev)
    hand = st["hands"][f["seat"]]
    if kind == "done":
        if len(hand) > 2:
            bad(say("You hold 3 cards: play one of them first."), "WQ-CARDS-3")
        st["frames"].pop()
        return None
    card = mv.get("card")
    if card not in hand:
        if hand:
            bad(say("{card} is not a card in your hand (you hold {held}).", card=repr(card), held=", ".join(hand)),
                "WQ-CARDS-4", "not-in-hand")
        bad(say("{card} is not a card in your hand (you hold no cards).", card=repr(card)), "WQ-CARDS-4", "not-in-hand")
    assert isinstance(card, str)
    if kind == "discard":
        return _discard(st, f, card, ev)
    if kind != "play":
        bad(say("Draw, play a card, or say done."), "WQ-CARDS-1")
    if f["mode"] == "ring" and len(hand) > 2 and f["new"] in hand and card != f["new"]:
        bad(say("With a full hand the card drawn for the ring must be played or discarded first."), "WQ-TREASURE-4")
    if card not in playable(st, f, hand):
        bad(say("Cards are played only at the start of your turn; now only the card drawn for the ring may be "
                "played."), "WQ-CARDS-4")
    play_card(st, f["seat"], card, mv, rng, ev)
    return None


def _draw(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """The one card of the turn; a cutting card is played at once (WQ-CARDS-1, WQ-CARDS-2)."""
    seat = f["seat"]
    if f["mode"] != "turn" or f["drew"]:
        bad(say("You may draw only one card, at the start of your turn."), "WQ-CARDS-1")
    f["drew"] = True
    card = draw_card(st, rng, ev)
    if card is None:
        bad(say("The deck and the discard pile are both empty."), "WQ-CARDS-5")
    assert card is not None and st["turn"] is not None
    if cards.immediate(card):  # WQ-CARDS-2
        S.own(st, "discard").append(card)
        st["turn"]["cut"] = max(st["turn"]["cut"], cards.CUT[cards.kind(card)])
        if ev is not QUIET:
            ev.append(S.TOLD.get(("draws at once", seat, card)) or _told(("draws at once", seat, card), Event(
                say("{player} draws {card} and must play it at once.", player=P(seat), card=cards.describe(card)))))
    else:
        S.own_pile(st, "hands", seat).append(card)
        if ev is not QUIET:
            told = S.TOLD.get(("draws", seat))
            ev.append(told or S.TOLD.keep(("draws", seat), Event(say("{player} draws a card.", player=P(seat)))))
            ev.append(S.TOLD.get(("drew", seat, card)) or _told(("drew", seat, card), Event(
                say("You drew {card}.", card=cards.describe(card)), (seat,))))


def _discard(st: State, f: Frame, card: str, ev: list[Event]) -> None:
    """With a full hand the ring's card may be discarded (WQ-TREASURE-4)."""
    hand = st["hands"][f["seat"]]
    if f["mode"] != "ring" or card != f["new"] or len(hand) <= 2:
        bad(say("Only the card drawn for the ring, with a full hand, may be discarded."), "WQ-TREASURE-4")
    S.own_pile(st, "hands", f["seat"]).remove(card)
    S.own(st, "discard").append(card)
    if ev is not QUIET:
        ev.append(Event(say("{player} discards the card drawn for the ring.", player=P(f["seat"]))))


def play_card(st: State, seat: int, card: str, mv: dict, rng: Rng, ev: list[Event]) -> None:
    """A card's effect (WQ-CARD-*): men, extra campaigns, creatures sent, a treasure moved."""
    kind = cards.kind(card)
    args = _card_choices(st, seat, card, mv)
    S.own_pile(st, "hands", seat).remove(card)
    (S.own_pile(st, "boats", seat) if kind == "BOAT" else S.own(st, "discard")).append(card)
    if ev is not QUIET:
        ev.append(S.TOLD.get(("plays", seat, card)) or _told(("plays", seat, card), Event(
            say("{player} plays {card}.", player=P(seat), card=cards.describe(card)))))
    men, extra = cards.men(card), cards.extra(card)
    if kind == "SIX":  # WQ-CARD-SIX, WQ-CARDS-9
        if S.units(st, seat) < 7:
            men = 6
        else:
            extra = 1
    if men:
        give_men(st, seat, men, ev)
    if extra:
        give_extra(st, seat, ev)
    if kind == "DRAGON":
        send_creature(st, "dragon", args["duchy"], rng, ev)
    elif kind == "PEACE":
        send_creature(st, "peace", args["duchy"], rng, ev)
    elif kind == "TREASURE":
        if not args:
            if ev is not QUIET:
                ev.append(Event(say("No opponent's treasure is on the map: the card has no effect.")))
            return
        tr = S.own_treasure(st, args["i"])
        tr[2] = args["t"]
        if ev is not QUIET:
            ev.append(Event(say("{player}'s treasure {treasure} is moved to {where}.", player=P(tr[0]),
                                treasure=S.treasure_id(args["i"]), where=name(args["t"]))))
        collect_here(st, tr[0], args["t"], rng, ev)  # WQ-TREASURE-5




def _card_choices(st: State, seat: int, card: str, mv: dict) -> dict[str, int]:
    """The checked choices a card is played with: a duchy, or a treasure and where it goes."""
    kind = cards.kind(card)
    if kind in ("DRAGON", "PEACE"):
        return {"duchy": duchy(mv.get("duchy"), "WQ-CARD-DRAGON" if kind == "DRAGON" else "WQ-CARD-PEACE")}
    if kind == "TREASURE" and movable_treasures(st, seat):
        i = treasure_index(st, mv.get("treasure"), "WQ-CARD-TREASURE")
        t = terr(mv.get("to"), "WQ-CARD-TREASURE")
        if i not in movable_treasures(st, seat):
            bad(say("Choose an opponent's treasure that is on the map."), "WQ-CARD-TREASURE")
        if S.treasure_at(st, t) >= 0:
            bad(say("{territory} already holds a treasure.", territory=IDS[t]), "WQ-AMB-24")
        return {"i": i, "t": t}
    if set(mv) - {"type", "card"}:
        bad(say("{card} takes no further choices.", card=card), "WQ-CARDS-4")
    return {}


def _told(key: tuple, event: Event) -> Event:
    """`event`, kept under `key` in state.TOLD where the card in it is a plain str (as the deck's are)."""
    return S.TOLD.keep(key, event) if type(key[2]) is str else event



DECISION = Decision("cards", moves=frozenset({"draw", "play", "discard", "done"}), rule="WQ-CARDS-1",
                    prompt="cards", text=say("Draw a card, play cards, or say done."), legal=cards_legal,
                    resolve=cards_resolve, auto=cards_auto)
