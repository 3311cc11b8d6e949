"""The options (rules switches) of Race to 21, and how the engine reads them.

Apart from game.py because the rules modules read options and game.py imports the rules
modules. Every read goes through `option` below, which is core.protocol.option_value on the
state's copy of the options: the stored value, or for a game created before the option existed
(an option with `since=` a later rules version), its `legacy` reading. A rules fix that adds an
option is shown by tests/support/toyversions.py (`RulesV2`, docs/adding-a-game.md).
"""
from __future__ import annotations

from core.protocol import Option, option_reader

OPTIONS = {
    "target": Option(default=21, help="The total that ends the game: whoever brings the total to it or past it wins.",
                     kind=int, minimum=5, maximum=60, rule="TOY-2"),
}


# An option as the game plays it: core.protocol.option_value on the state's stored options (the
# value, or for a game created before the option existed, its legacy reading), bound to OPTIONS.
option = option_reader(OPTIONS)
