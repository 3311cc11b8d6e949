"""Castle Assault says messages, never sentences (issue 27, core/text.py), in the texts that
tests/core/test_messages.py does not reach: games under every option that changes a text
(strict windows, hidden night counts, spoils, stall, reshuffle, gifts, defeated defenders),
two dozen refused moves of every kind, resignations, bad scenarios and a bad first player.

Each text must be a message whose English rendering is the text itself (`said`).
"""
from __future__ import annotations

import pytest

from core.castle_assault import GAME
from core.castle_assault.flow import reason_message
from core.protocol import IllegalMove
from core.rng import Rng
from tests.core.castle_assault.helpers import make
from tests.core.playout import texts_of
from tests.core.test_messages import said

# Option sets whose texts differ from the defaults' (rules §13 ASYNC, V-* variants).
OPTION_SETS = [
    {},
    {"windows": "strict", "night-count": "hidden", "spoils": "all", "stall": 3},
    {"reshuffle": "remove", "gift": "one", "join-loot": "all", "castle-defender": "castle"},
    {"defeated-defender": "discarded", "stall": 1},
]
# Moves refused for every reason the engine has: notation, cards, targets, posts, payments.
BAD_MOVES = ["no-such-move 99", "", "attack 0/C V1", "attack 1/W1 A1", "attack 9/C V1", "attack V99 V1",
             "attack 1/W1 V1 V1", "attack 1/W1 soldier soldier soldier soldier soldier soldier",
             "defend V1 W9", "defend V1 X", "defend A1 C", "defend V20 C", "defend V1 W1",
             "build V1 V2", "build V40 V41 V42 V43", "give 9 V1", "give 0 V2", "give 1 V2 V3",
             "react V1", "join A1", "remove V1", "night V1 1/C", "night V66 1/C A1", "buy V1", "academy V1",
             "king V1", "explore V1", "takeback V1", "discard V1", "draw", "pass", "standing foo",
             "attack", "night V66", "defend V1", "give x", "build", "V999", "attack 1/W1 F0", "attack 1/W1 Q12",
             "attack 1/W1 dragonfly", "join", "react", "explore"]


def refusals(state: dict, seat: int) -> list[IllegalMove]:
    """What the game says to every bad move, by the seat asked and by another one (the
    preamble's own refusals, not-your-turn and game-over, are core's words, not the game's)."""
    found = []
    for who in {seat, (seat + 1) % state["players"]}:
        for text in BAD_MOVES:
            try:
                GAME.apply(state, who, GAME.parse(state, who, text))
            except IllegalMove as refusal:
                if refusal.code not in ("not-your-turn", "game-over"):
                    found.append(refusal)
    return found


@pytest.mark.parametrize("number", range(8))
def test_every_text_under_every_option_is_a_message(number):
    """CA-GEN-11 views, CA-ACT-NIGHT-5 hidden counts, CA-END-4 stall, CA-GEN-5 rebuilds: every
    event, prompt, refusal, board, waiting text and ending of a random game is a message."""
    players, options = 2 + number % 3, OPTION_SETS[number % len(OPTION_SETS)]
    state = GAME.setup(players, GAME.normalize_options(options), f"ca-messages-{number}")
    refused = []

    def refuse(state, seat):  # kept, to show the game met some
        found = refusals(state, seat)
        refused.extend(found)
        return found

    for text in texts_of(GAME, state, Rng(f"ca-messages:{number}", scheme=2), every=9, boards=("render",),
                         refusals=refuse):
        said(text)
    assert refused


@pytest.mark.parametrize("players", [2, 3])
def test_resignations_and_their_endings_are_messages(players):
    """CA-END-3 (two players: the other wins), CA-MULTI-13 (three: the fortress leaves play)."""
    state = make(players)
    state, events = GAME.apply(state, 1, {"type": "resign"})
    for event in events:
        said(event.text)
    if players == 2:
        said(GAME.result(state).reason)
        assert GAME.result(state).reason == "{P1} resigned: {P0} wins."
    with pytest.raises(IllegalMove) as refusal:
        GAME.apply(state, 1, {"type": "resign"}) if players > 2 else GAME.apply(make(3, {"eliminated": [2]}), 2,
                                                                                  {"type": "resign"})
    said(refusal.value.message)


def test_every_stored_ending_reads_back_as_its_message():
    """A stored reason (the state's English) comes back as the message that said it (CA-END)."""
    for reason in ["{P0} destroyed the rival castle.", "{P3} has the only castle left standing.",
                   "{P1} resigned: {P2} wins.", "No battle was won for 1 full round: the game ends without a winner.",
                   "No battle was won for 4 full rounds: the game ends without a winner.",
                   "Nobody can act any more: the game ends without a winner."]:
        said(reason_message(reason))
        assert reason_message(reason) == reason
    assert reason_message("something else") == "something else"


@pytest.mark.parametrize("scenario", [
    [], {"hands": {"x": ["soldier"]}}, {"hands": {"7": ["soldier"]}}, {"hands": {"0": ["V1", "V1"]}},
    {"hands": {"0": ["F0"]}}, {"hands": {"0": ["unicorn"]}}, {"hands": {"0": ["king"] * 3}},
    {"posts": {"1": {"W7": {"standing": False}}}}, {"hands": 5},
])
def test_bad_scenarios_are_refused_in_messages(scenario):
    """CA-SETUP-9: a malformed scenario is refused as bad-scenario, in a message."""
    with pytest.raises(IllegalMove) as refusal:
        make(2, scenario)
    assert refusal.value.code == "bad-scenario"
    said(refusal.value.message)


def test_a_bad_first_player_is_refused_in_a_message():
    """CA-SETUP-7: the first player is a seat of the game."""
    with pytest.raises(IllegalMove) as refusal:
        make(2, first_player=3)
    said(refusal.value.message)
