"""Start from an exact position (tests, worked examples). Documented in docs/medieval-mastery.md.

Keys (all optional): tiles {slot: tile}, board {slot: [seat, knights]} (replaces all control),
castle [knights per seat], arts [[crown, sceptre, orb] per seat], down [[turn or -1]*3 per seat],
hands / decks / discards [[card words] per seat] (decks top first; unlisted cards go under the
deck), active (seat), tno (turn number), standing [answer per seat]. The position is the active
player's step 2, after the three knights of step 1.
"""
from __future__ import annotations

from core.medieval_mastery import cards, data
from core.medieval_mastery.board import BOARDS
from core.protocol import IllegalMove

ALL_ARTEFACTS = [set(group) for group in data.ARTEFACTS]


def _bad(why: str) -> IllegalMove:
    return IllegalMove("bad-scenario", f"Scenario error: {why}.", "MM-SETUP-2")


def apply(st: dict, sc: dict) -> dict:
    """Override the dealt position; any malformed scenario is an IllegalMove, never a crash."""
    if not isinstance(sc, dict):
        raise _bad("a scenario is an object")
    try:
        return _apply(st, sc)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise _bad(f"malformed value ({type(err).__name__})") from None


def _apply(st: dict, sc: dict) -> dict:
    n = st["n"]
    board = BOARDS[n]
    for slot, tile in (sc.get("tiles") or {}).items():
        node = board.node(slot)
        if node is None or node >= board.n_slots or tile not in data.TILES:
            raise _bad(f"unknown slot or tile {slot}={tile}")
        st["tile"][node] = tile
    if "board" in sc:
        st["own"] = [-1] * board.n_slots
        st["kn"] = [0] * board.n_slots
        for slot, (seat, knights) in sc["board"].items():
            node = board.node(slot)
            if node is None or node >= board.n_slots or not 0 <= seat < n or knights < 1:
                raise _bad(f"bad board entry {slot}")
            st["own"][node] = seat
            st["kn"][node] = knights
    if "castle" in sc:
        st["castle"] = [int(k) for k in sc["castle"]]
        if len(st["castle"]) != n or min(st["castle"]) < 0:
            raise _bad("castle lists the knights of every seat")
    if "arts" in sc:
        if len(sc["arts"]) != n:
            raise _bad("arts lists three artefacts per seat")
        for seat, names in enumerate(sc["arts"]):
            if [name in ALL_ARTEFACTS[t] for t, name in enumerate(names)] != [True] * 3:
                raise _bad(f"artefacts of seat {seat} must be a crown, a sceptre and an orb")
        st["arts"] = [list(a) for a in sc["arts"]]
    if "down" in sc:
        st["down"] = [[int(t) for t in d] for d in sc["down"]]
        if len(st["down"]) != n or any(len(d) != 3 for d in st["down"]):
            raise _bad("down lists three turn numbers per seat")
    hands, decks, discards = sc.get("hands"), sc.get("decks"), sc.get("discards")
    for seat in range(n):
        want = [((hands or [None] * n)[seat]), ((decks or [None] * n)[seat]), ((discards or [None] * n)[seat])]
        if all(w is None for w in want):
            continue
        pool = list(st["deck"][seat]) + st["hand"][seat] + st["disc"][seat]
        picked = []
        for words in want:
            group = []
            for word in words or []:
                code = cards.KIND_OF_NAME.get(word)
                card = cards.find(pool, code) if code else None
                if card is None:
                    raise _bad(f"seat {seat} has no more {word!r} cards")
                pool.remove(card)
                group.append(card)
            picked.append(group)
        hand, top, pile = picked
        st["hand"][seat] = hand
        st["deck"][seat] = pool + list(reversed(top))
        st["disc"][seat] = pile
        st["dturn"][seat] = [0] * len(pile)
    if "standing" in sc:
        st["standing"] = list(sc["standing"])
    st["active"] = int(sc.get("active", st["active"]))
    st["tno"] = int(sc.get("tno", st["tno"]))
    st.update(step=2, stage="", crown_used=False, normal_done=False, mano="", ph="main", ta_card=-1,
              battle=None, window=None, choice=None, win=None)
    st["gained"] = [0] * n
    st["lost"] = [0] * n
    st["k0"] = [st["castle"][s] + sum(k for o, k in zip(st["own"], st["kn"]) if o == s) for s in range(n)]
    return st
