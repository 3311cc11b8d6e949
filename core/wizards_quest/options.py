"""Wizard's Quest's options (rules switches).

Rules version 2 (issue 9, checked against the Hungarian original) changed three readings; rules
version 3 (issue 14) added "rng", the random stream's scheme. A game created under an earlier
rules version has no key for an option introduced later and plays its `legacy` reading, so its
stored states and hashes stay what they were (see core.protocol.Option).
"""
from __future__ import annotations

from core.protocol import Option
from core.wizards_quest.state import LEGACY_READINGS

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
                          choices=("drawn-card",), rule="WQ-CARDS-4", since=2, legacy=LEGACY_READINGS["ring-window"],
                          internal=True),
    # Likewise: each boat card is one crossing, any number a turn; 'one-per-turn' is the old reading.
    "boat-limit": Option(default="none", help="How many boats a player may use in one turn: any number, each boat card "
                                 "one crossing (the original; the only choice for new games).",
                         choices=("none",), rule="WQ-BOAT-2", since=2, legacy=LEGACY_READINGS["boat-limit"],
                         internal=True),
    # Issue 14: four draws per SHA-256 block for new games; stored games keep one hash per draw.
    "rng": Option(default=2, help="The random stream: 1 = one SHA-256 per draw (games before rules version 3), "
                                  "2 = four draws per hash.", choices=(1, 2), kind=int, rule=None, since=3,
                  legacy=1, internal=True),
}
