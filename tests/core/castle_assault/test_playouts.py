"""Random playouts through the public protocol with the game's invariants after every move
(CA-GEN-13 card conservation, hidden information, someone prompted until one winner)."""
import json
import re

import pytest

from core.castle_assault import GAME
from core.castle_assault.data import CARDS
from tests.core.playout import play, tiered

from .helpers import zones

ALL_IDS = set(CARDS.kind_of)
CARD_TOKEN = re.compile(r'"([FVSDA][0-9]+)"')
OPTION_SETS = [
    {},
    {"windows": "strict"},
    {"spoils": "all", "join-loot": "active", "gift": "any"},
    {"night-join": False, "night-count": "hidden", "castle-defender": "always", "reshuffle": "remove"},
]


def invariants(state, hidden_check=True):
    where = zones(state)                                   # raises if a card is in two zones
    assert set(where) == ALL_IDS, "a card is missing"      # CA-GEN-13: all 120 accounted for
    assert len(where) == 120
    assert state["quiet_turns"] >= -1 and state["rng"] >= 0
    # one action outside a King turn; inside one, 2, and one more per King played as an action (CA-ACT-KING-6)
    assert 0 <= state["actions"] and (state["actions"] <= 1 or state["king_turn"])
    for seat in range(state["players"]):
        for post in state["posts"][seat]:
            assert len(post[2]) <= CARDS.kind_of[post[0]].max_defenders
            assert post[1] or not post[2], "a destroyed post keeps defenders"
        if not state["alive"][seat]:
            assert state["posts"][seat] == [] and state["loot"][seat] == []
    if state["players"] == 2:
        assert state["loot"] == [[], []]                   # CA-LOOT-2: loot goes to the hand
    if state["phase"] == "over":
        assert GAME.prompts(state) == []
    else:
        assert len(GAME.prompts(state)) == 1
    if hidden_check:
        loot = {card for pile in state["loot"] for card in pile}
        for seat in list(range(state["players"])) + [None]:
            shown = set(CARD_TOKEN.findall(json.dumps(GAME.view(state, seat))))
            leaked = shown & set(GAME.hidden_from(state, seat))
            assert not leaked, f"seat {seat} sees {leaked}"
            assert not shown & loot                        # secret loot: not even its owner (CA-LOOT-3)


def check_end(out, players):
    assert out.ended
    result = GAME.result(out.state)
    assert len(result.winners) == 1                        # exactly one winner (CA-END-1)
    winner = result.winners[0]
    assert out.state["alive"][winner]
    assert sum(out.state["alive"]) == (1 if players > 2 else 2)


FULL_CASES = [(players, options) for players in (2, 3, 4) for options in range(len(OPTION_SETS))]


# The inner loop: every player count with the defaults, and each option set once.
@pytest.mark.parametrize("players,options", tiered(FULL_CASES, {0, 4, 8, 1, 6, 11}))
def test_full_check_playouts(players, options):
    """Every generic check of the harness (round trips, replay, views) plus ours, every move."""
    for i in range(3):
        out = play(GAME, players, f"full-{players}-{options}-{i}", OPTION_SETS[options], full_checks=True,
                   invariants=invariants)
        check_end(out, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bulk_playouts(players):
    """334 games per player count (1,002 in all), invariants after every move."""
    for i in range(334):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        out = play(GAME, players, f"bulk-{players}-{i}", options, full_checks=False,
                   invariants=invariants)
        check_end(out, players)


@pytest.mark.rule("CA-GEN-11")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_events_never_name_a_card_the_reader_may_not_know(players):
    """An event a seat may read names no card that was hidden from that seat before the move and
    is still hidden after it (a drawn card, a revealed Night card, a gift received are fine)."""
    from core.rng import Rng
    for i in range(40):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        state = GAME.setup(players, options, f"events-{players}-{i}")
        rng = Rng(f"events:{players}:{i}")
        while GAME.prompts(state):
            seat = GAME.prompts(state)[0].seat
            move = GAME.random_move(state, seat, rng)
            before = {s: set(GAME.hidden_from(state, s)) for s in list(range(players)) + [None]}
            state, events = GAME.apply(state, seat, move)
            if any("Village deck ran out" in e.text for e in events):
                continue            # public cards were shuffled away and may have been drawn again
            for reader in list(range(players)) + [None]:
                after = set(GAME.hidden_from(state, reader))
                for event in events:
                    if event.visible_to(reader):
                        named = set(re.findall(r"\b[FVSDA][0-9]+\b", event.text))
                        assert not named & before[reader] & after, (reader, event.text)


def listed_only(game, state, seat, rng):
    """A script's choice: a random concrete move from legal_moves, never a pattern."""
    concrete = [m for m in game.legal_moves(state, seat) if "pattern" not in m and m["type"] != "standing"]
    return concrete[rng.below(len(concrete))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scripts_playing_only_listed_moves_finish_games(players):
    for i in range(5):
        out = play(GAME, players, f"script-{players}-{i}", chooser=listed_only, full_checks=i == 0,
                   invariants=invariants, max_moves=GAME.max_moves)
        check_end(out, players)


@pytest.mark.rule("CA-TURN-7")
@pytest.mark.rule("CA-ACT-DEFEND-5")
@pytest.mark.parametrize("seed", tiered([(n,) for n in range(12)], {0, 1, 2}))
def test_random_games_through_an_empty_hands_take_back_keep_every_invariant(seed):
    """Random play from the start never empties a hand (nothing is left to draw only when one
    seat holds the whole Village), so rules version 4's compulsory take-back is walked here from
    such a position: seat 0 begins its turn with no card and two Archers on its wall, and the
    game is played out at random with the playout checks after every move (a legal move, its
    notation's round trip, the input state untouched, card conservation and secrecy), then
    walked again from the same stream to the same hashes."""
    from core.rng import Rng
    from tests.core.playout import turns

    from .test_turn import emptied

    def walk() -> tuple[list[str], int]:
        hashes, take_backs = [], 0
        for turn in turns(GAME, emptied(defenders=("archer", "archer"))[0], Rng(f"thin:{seed}", scheme=2), 400):
            state, seat = turn.state, turn.seat
            before = GAME.state_hash(state)
            empty = not state["hands"][seat] and GAME.prompts(state)[0].kind == "turn"
            move = GAME.random_move(state, seat, turn.walk.rng)
            legal = GAME.legal_moves(state, seat)
            if not any("pattern" in m for m in legal):  # (an attack's cards are a pattern, never listed)
                assert any(GAME.same_move(move, m) for m in legal), move
            assert GAME.same_move(GAME.parse(state, seat, GAME.format(move)), move)
            take_backs += empty and move["type"] == "takeback"
            new, _ = turn.play(move)
            assert GAME.state_hash(state) == before, "apply changed its input state"
            invariants(new)
            hashes.append(GAME.state_hash(new))
        return hashes, take_backs

    hashes, take_backs = walk()
    assert take_backs >= 1 and walk()[0] == hashes
