"""The options every game shares, defined once.

`RNG_OPTION` is the random stream's scheme (core/rng.py). Rules version 3 of each of the three
games (issue 14) introduced it: new games draw four numbers per SHA-256 block (scheme 2); a game
created before has no "rng" key in its stored options and keeps scheme 1, its `legacy` reading,
so its deals and dice, states and hashes stay what they were. A game whose first rules version
already draws with scheme 2 needs no such option (core/reference passes its scheme to `Rng`).

An option is read the one way `core.protocol.option_value` reads it (the stored value, else the
option's legacy reading); `rng_scheme` is that read for this option.
"""
from __future__ import annotations

from typing import Any, Mapping

from core.protocol import Option
from core.text import say

RNG_OPTION = Option(default=2, help=say("The random stream: 1 = one SHA-256 per draw (games created before rules version 3), "
                    "2 = four draws per SHA-256 block (core/rng.py). Not a rule: the same rules, other shuffles and dice."),
                    kind=int, choices=(1, 2), rule=None, since=3, legacy=1, internal=True)
_TABLE = {"rng": RNG_OPTION}
_LEGACY = RNG_OPTION.legacy


def rng_scheme(options: Mapping[str, Any]) -> int:
    """The core.rng scheme of a game with these stored (or normalized) options: option_value's
    read, written out (every move of Wizard's Quest reads it)."""
    value = options.get("rng")
    return _LEGACY if value is None else value
