"""The game's options (rules switches), and how the engine reads them from a state.

Rules version 2 (issue 9, checked against the Hungarian original) changed three readings. A game
created under rules version 1 has no key for an option introduced later and plays its `legacy`
reading, so its stored states and hashes stay what they were (see core.protocol.Option).
"""
from __future__ import annotations

from core.protocol import Option

OPTIONS = {
    "blank-treasure": Option(default=False, help="Hide a blank treasure too; hidden treasure types are secret.",
                             kind=bool, rule="WQ-VAR-BLANK-1"),
    "two-player-rules": Option(default=True, help="With two players: 5 men for hiding on your own territory, "
                                     "20 starting men placed 10/20/10.", kind=bool, rule="WQ-VAR-2P-1"),
    # The battle chapter gives no bridge bonus; only the boat rule mentions one (WQ-STR-11).
    "bridge-bonus": Option(default=0, help="Defence bonus against attacks over a bridge, orc raids included (0 = the "
                              "battle chapter of the original, 1 = the reconstructed +1).",
                           choices=(0, 1), kind=int, rule="WQ-STR-11", earlier_defaults=((1, 1),)),
    # Only the original's reading is offered; 'whole-hand' exists for games created before it.
    "ring-window": Option(default="drawn-card", help="Which card may be played when the ring is collected: only the card "
                                        "drawn for it (the original; the only choice for new games).",
                          choices=("drawn-card",), rule="WQ-CARDS-4", since=2, legacy="whole-hand"),
    # Likewise: each boat card is one crossing, any number a turn; 'one-per-turn' is the old reading.
    "boat-limit": Option(default="none", help="How many boats a player may use in one turn: any number, each boat card "
                                 "one crossing (the original; the only choice for new games).",
                         choices=("none",), rule="WQ-BOAT-2", since=2, legacy="one-per-turn"),
}

# Options stored in the state under their own name (only when the game has them, so that a game
# created under rules version 1 keeps its exact state); older ones have short keys (newgame.py).
STATE_OPTIONS = ("ring-window", "boat-limit")


def state_options(opts: dict) -> dict:
    """The state's "opt" entry for normalised options."""
    out = {"blank": opts["blank-treasure"], "two_player": opts["two-player-rules"], "bridge": opts["bridge-bonus"]}
    out.update((name, opts[name]) for name in STATE_OPTIONS if name in opts)
    return out


def option(st: dict, name: str):
    """An option introduced by rules version 2 as the game plays it: its value, or its legacy
    reading for a game created before it existed (Game.option_value on the state's copy)."""
    value = st["opt"].get(name)
    return OPTIONS[name].legacy if value is None else value
