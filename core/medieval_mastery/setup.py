"""A new game (MM-SETUP-1..8) and scenarios: start from an exact position (tests, worked
examples), documented in core/medieval_mastery/README.md.

Scenario keys (all optional): tiles {slot: tile}, board {slot: [seat, knights]} (replaces all
control), castle [knights per seat], arts [[crown, sceptre, orb] per seat], down [[turn or -1]*3
per seat], hands / decks / discards [[card words] per seat] (decks top first; unlisted cards go
under the deck), active (seat), tno (turn number), standing [answer per seat]. The position is
the active player's step 2, after the three knights of step 1.
"""
from __future__ import annotations

from core.medieval_mastery import data, rules
from core.medieval_mastery.board import BOARDS
from core.medieval_mastery.flow import start_turn
from core.medieval_mastery.options import option
from core.medieval_mastery.state import Ctx, State, new_state
from core.records import new_event
from core.protocol import Event, IllegalMove
from core.medieval_mastery.words import P
from core.text import say

ALL_ARTEFACTS = [set(group) for group in data.ARTEFACTS]
# MM-SETUP-2's tile piles before their shuffle, by VP value (made once).
TILE_PILES = {value: tuple(sorted(name for name, spec in data.TILES.items() for _ in range(spec[1]) if spec[0] == value))
              for value in (1, 2, 3)}
DEALT = say("The map is dealt; artefacts are dealt face up.")
SETUP = say("setup")  # why the first hands are drawn


# --- a new game ---------------------------------------------------------------------------

def setup_state(players: int, options: dict, seed: str) -> tuple[State, list[Event]]:
    """MM-SETUP-1..8, drawing from the seed's stream in the order stored games were dealt. The
    first hands are drawn untold (rules.draw_to told=False): Game.setup keeps the state alone,
    and what each seat drew is in its hand (the events here are the deal's and the first turn's)."""
    st = new_state(players, options, seed)
    ctx = Ctx(st)
    deal_tiles(ctx)
    deal_artefacts_and_decks(ctx)
    place_starting_knights(st)
    ctx.ev.append(new_event((DEALT, None, None)))
    for seat in range(players):  # MM-SETUP-7: five cards each, Authority played when drawn
        rules.draw_to(ctx, seat, data.HAND_DRAW, SETUP, told=False)
    first = ctx.rng.below(players)  # MM-SETUP-8: random starting player
    ctx.ev.append(new_event((say("{player} is chosen at random to start.", player=P(first)), None, None)))
    start_turn(ctx, first)
    ctx.close()
    return st, ctx.ev


def deal_tiles(ctx: Ctx) -> None:
    """MM-SETUP-2: one shuffled pile per VP value, dealt onto the slots of that value."""
    st = ctx.st
    board = BOARDS[st["players"]]
    for value in (1, 2, 3):
        pile = ctx.rng.shuffle(list(TILE_PILES[value]))
        for slot, tile in zip(board.slots_by_vp[value], pile):
            st["tile"][slot] = tile


def deal_artefacts_and_decks(ctx: Ctx) -> None:
    """MM-SETUP-3: one crown, one sceptre, one orb per player from shuffled piles; MM-SETUP-5: decks."""
    st = ctx.st
    piles = [ctx.rng.shuffle(list(group)) for group in data.ARTEFACTS]
    st["artefacts"] = [[piles[t][seat] for t in range(3)] for seat in range(st["players"])]
    st["deck"] = [ctx.rng.shuffle(rules.deck_cards(seat)) for seat in range(st["players"])]


def place_starting_knights(st: State) -> None:
    """MM-SETUP-6: starting knights split between the castle and its adjacent Homelands."""
    board = BOARDS[st["players"]]
    for seat in range(st["players"]):
        homes = [s for s in board.adj[board.castle_node[seat]]
                 if s < board.n_slots and st["tile"][s] == "Homelands"]
        share = data.STARTING_KNIGHTS // (len(homes) + 1)
        for s in homes:
            st["owner"][s] = seat
            st["knights"][s] = share
        st["castle"][seat] = data.STARTING_KNIGHTS - share * len(homes)
        if option(st, "mayhem"):
            st["castle"][seat] += data.MAYHEM_EXTRA_KNIGHTS  # MM-OPT-MAYHEM-1
        st["start_knights"][seat] = st["castle"][seat] + share * len(homes)


# --- scenarios ----------------------------------------------------------------------------

def _bad(why: object) -> IllegalMove:
    return IllegalMove("bad-scenario", say("Scenario error: {why}.", why=why), "MM-SETUP-2")


def apply_scenario(st: State, sc: dict) -> State:
    """Override the dealt position; any malformed scenario is an IllegalMove, never a crash."""
    if not isinstance(sc, dict):
        raise _bad(say("a scenario is an object"))
    try:
        for key, place in SCENARIO_KEYS:
            if key in sc:
                place(st, sc)
        _place_cards(st, sc)
        _restart_turn(st, sc)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise _bad(say("malformed value ({error})", error=type(err).__name__)) from None
    return st


def _tiles(st: State, sc: dict) -> None:
    board = BOARDS[st["players"]]
    for slot, tile in (sc["tiles"] or {}).items():
        node = board.node(slot)
        if node is None or node >= board.n_slots or tile not in data.TILES:
            raise _bad(say("unknown slot or tile {slot}={tile}", slot=slot, tile=tile))
        st["tile"][node] = tile


def _board(st: State, sc: dict) -> None:
    board = BOARDS[st["players"]]
    st["owner"] = [-1] * board.n_slots
    st["knights"] = [0] * board.n_slots
    for slot, (seat, knights) in sc["board"].items():
        node = board.node(slot)
        if node is None or node >= board.n_slots or not 0 <= seat < st["players"] or knights < 1:
            raise _bad(say("bad board entry {slot}", slot=slot))
        st["owner"][node] = seat
        st["knights"][node] = knights


def _castle(st: State, sc: dict) -> None:
    st["castle"] = [int(k) for k in sc["castle"]]
    if len(st["castle"]) != st["players"] or min(st["castle"]) < 0:
        raise _bad(say("castle lists the knights of every seat"))


def _arts(st: State, sc: dict) -> None:
    if len(sc["arts"]) != st["players"]:
        raise _bad(say("arts lists three artefacts per seat"))
    for seat, names in enumerate(sc["arts"]):
        if [name in ALL_ARTEFACTS[t] for t, name in enumerate(names)] != [True] * 3:
            raise _bad(say("artefacts of seat {seat} must be a crown, a sceptre and an orb", seat=seat))
    st["artefacts"] = [list(a) for a in sc["arts"]]


def _down(st: State, sc: dict) -> None:
    st["down"] = [[int(t) for t in d] for d in sc["down"]]
    if len(st["down"]) != st["players"] or any(len(d) != 3 for d in st["down"]):
        raise _bad(say("down lists three turn numbers per seat"))


SCENARIO_KEYS = (("tiles", _tiles), ("board", _board), ("castle", _castle), ("arts", _arts), ("down", _down))


def _place_cards(st: State, sc: dict) -> None:
    """hands / decks / discards: the named cards are taken from the seat's 18; the rest go under the deck."""
    n = st["players"]
    hands, decks, discards = sc.get("hands"), sc.get("decks"), sc.get("discards")
    for seat in range(n):
        want = [(hands or [None] * n)[seat], (decks or [None] * n)[seat], (discards or [None] * n)[seat]]
        if all(w is None for w in want):
            continue
        pool = list(st["deck"][seat]) + st["hand"][seat] + st["discard"][seat]
        hand, top, pile = [_take(pool, seat, words or []) for words in want]
        st["hand"][seat] = hand
        st["deck"][seat] = pool + list(reversed(top))
        st["discard"][seat] = pile
        st["discard_turn"][seat] = [0] * len(pile)


def _take(pool: list[int], seat: int, words: list[str]) -> list[int]:
    group = []
    for word in words:
        code = data.KIND_OF_NAME.get(word)
        card = rules.find(pool, code) if code else None
        if card is None:
            raise _bad(say("seat {seat} has no more {card} cards", seat=seat, card=repr(word)))
        pool.remove(card)
        group.append(card)
    return group


def _restart_turn(st: State, sc: dict) -> None:
    """Step 2 of the active player's turn, with nothing under way and fresh knight accounts."""
    n = st["players"]
    if "standing" in sc:
        st["standing"] = list(sc["standing"])
    st["active"] = int(sc.get("active", st["active"]))
    st["turn"] = int(sc.get("tno", st["turn"]))
    st["step"], st["stage"], st["crown_used"], st["normal_done"], st["manoeuvre"] = 2, "", False, False, ""
    st["phase"], st["ta_card"], st["battle"], st["window"], st["choice"], st["win"] = "main", -1, None, None, None, None
    st["gained"] = [0] * n
    st["lost"] = [0] * n
    st["start_knights"] = [st["castle"][s] + sum(k for o, k in zip(st["owner"], st["knights"]) if o == s) for s in range(n)]
