"""The game's options (rules switches), and how the engine reads the ones added later.

Kept apart from game.py (the common layout puts options there) because the rules modules read
options through `option()` while game.py imports those modules: here they import no cycle.

Rules version 2 (issue 9, checked against the Swedish, Russian and Dutch rulebooks, seeds
000-002) added three options. A game created under rules version 1 has none of them in its
stored options and plays their `legacy` reading, so its states and hashes stay what they were.
"""
from __future__ import annotations

from core.options import RNG_OPTION
from core.protocol import Option, option_reader
from core.text import say

OPTIONS = {
    "windows": Option(default="fast", help=say("Fracture windows: fast (only seats holding Fracture are asked) or strict "
                      "(every seat is asked, as at a table)."), choices=("fast", "strict"), kind=str, rule="MM-ASYNC-2"),
    "teams": Option(default="none", help=say("Alliance: teams of 2 (4 or 6 players) or 3 (6 players)."), choices=("none", "2", "3"),
                    kind=str, rule="MM-OPT-ALLIANCE-1"),
    "siege": Option(default=False, help=say("Castle Siege: castles may be attacked; conquering one wins."), kind=bool,
                    rule="MM-OPT-SIEGE-1"),
    "life-and-death": Option(default=False, help=say("Life and Death: territories without supply are cleared."), kind=bool,
                             rule="MM-OPT-LIFEANDDEATH-1"),
    "skirmish": Option(default=False, help=say("Skirmish: 11 VP wins, Homelands are worth 0."), kind=bool, rule="MM-OPT-SKIRMISH-1"),
    "mayhem": Option(default=False, help=say("Mayhem: 6 extra knights, and battle winners roll to lose knights."), kind=bool,
                     rule="MM-OPT-MAYHEM-1"),
    # "kan bara spelas ut före eller efter det att du omfördelar dina riddare och gör din framryckning"
    "resource-timing": Option(default="before-or-after", help=say("Call to Arms, Tactical Advance and Fracture on your turn: "
                              "'before-or-after' your redistribution and advance, whatever the crown did (the "
                              "rulebooks' timing rule); 'turn-order' = the numbered turn summary: a crown at step 3 "
                              "closes step 2, a crown at step 8 ends the turn."), choices=("before-or-after", "turn-order"),
                              kind=str, rule="MM-RES-TIMING", since=2, legacy="turn-order"),
    # "Den påverkade spelaren kan välja att utkämpa en strid som om båda sidor hade lika många riddare"
    "sceptre-choice": Option(default="ask", help=say("Sceptres of Fear and Vigour: 'ask' the holder whether to use it whenever it "
                             "changes their strength (the rulebooks' 'may choose'); 'auto' = used exactly when it "
                             "raises their strength, without a question."), choices=("ask", "auto"), kind=str, rule="MM-ICON-EQUAL",
                             since=2, legacy="auto"),
    "team-target": Option(default=0, help=say("Alliance: VP a team needs to win (0 = the rulebook's 20 for teams of two, 30 for "
                          "teams of three). With Skirmish a table may want a lower target."), kind=int,
                          rule="MM-OPT-ALLIANCE-3", minimum=0, maximum=54, since=2, legacy=0),
    # Rules version 3 (issue 14): the same rules, a cheaper random stream for new games.
    "rng": RNG_OPTION,
}


# An option as the game plays it: core.protocol.option_value on the state's stored options (the
# value, or for a game created before the option existed, its legacy reading), bound to OPTIONS.
option = option_reader(OPTIONS)
