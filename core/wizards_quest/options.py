"""Wizard's Quest's options (rules switches).

Rules version 2 (issue 9, checked against the Hungarian original) changed three readings; rules
version 3 (issue 14) added "rng", the random stream's scheme. A game created under an earlier
rules version has no key for an option introduced later and plays its `legacy` reading, so its
stored states and hashes stay what they were (see core.protocol.Option).
"""
from __future__ import annotations

from typing import Any, Mapping

from core.options import RNG_OPTION
from core.protocol import Option, option_reader
from core.text import say

OPTIONS = {
    "blank-treasure": Option(default=False, help=say("Hide a blank treasure too; hidden treasure types are secret."),
                             kind=bool, rule="WQ-VAR-BLANK-1"),
    "two-player-rules": Option(default=True, help=say("With two players: 5 men for hiding on your own territory, "
                                     "20 starting men placed 10/20/10."), kind=bool, rule="WQ-VAR-2P-1"),
    # The battle chapter gives no bridge bonus; only the boat rule mentions one (WQ-STR-11).
    "bridge-bonus": Option(default=0, help=say("Defence bonus against attacks over a bridge, orc raids included (0 = the "
                              "battle chapter of the original, 1 = the reconstructed +1)."),
                           choices=(0, 1), kind=int, rule="WQ-STR-11", earlier_defaults=((1, 1),)),
    # Only the original's reading is offered; 'whole-hand' exists for games created before it.
    "ring-window": Option(default="drawn-card", help=say("Which card may be played when the ring is collected: only the card "
                                        "drawn for it (the original; the only choice for new games)."),
                          choices=("drawn-card",), rule="WQ-CARDS-4", since=2, legacy="whole-hand",
                          internal=True),
    # Likewise: each boat card is one crossing, any number a turn; 'one-per-turn' is the old reading.
    "boat-limit": Option(default="none", help=say("How many boats a player may use in one turn: any number, each boat card "
                                 "one crossing (the original; the only choice for new games)."),
                         choices=("none",), rule="WQ-BOAT-2", since=2, legacy="one-per-turn",
                         internal=True),
    # Issue 14: four draws per SHA-256 block for new games; stored games keep one hash per draw.
    "rng": RNG_OPTION,
}
# The state stores the options of rules version 1 under short keys of its own (state.Options); the
# later ones under their names, and only in games created with them.
STORED_AS = {"blank-treasure": "blank", "two-player-rules": "two_player", "bridge-bonus": "bridge"}


# An option as the game plays it: core.protocol.option_value on the state's stored options (the
# value, or for a game created before the option existed, its legacy reading), bound to OPTIONS.
option = option_reader(OPTIONS, STORED_AS)


def stored_options(opts: Mapping[str, Any]) -> dict:
    """The state's "options" entry for normalized options: the first three under their short keys,
    the later ones only when present, so a game created under an earlier rules version keeps its
    exact state."""
    out = {key: opts[name] for name, key in STORED_AS.items()}
    out.update((name, opts[name]) for name in OPTIONS if name not in STORED_AS and name in opts)
    return out
