"""The game's options (rules switches), and how the engine reads the ones added later.

Rules version 4 (checked again against the Spanish original, seed 003) added two internal options,
"king-action" and "empty-hand": new games play the original's reading, older ones keep theirs.
Rules version 3 (issue 14) added "rng", the random stream's scheme: new games use scheme 2.
Rules version 2 (issue 9, checked against the Spanish original, seed 003) changed three defaults
and added four options. A game created under rules version 1 stored its options then: the
changed options keep their old value there (`earlier_defaults`), and an option it lacks is
played as its `legacy` reading, so its stored states and hashes stay what they were.
"""
from __future__ import annotations

from core.options import RNG_OPTION
from core.protocol import Option, option_reader
from core.text import say

OPTIONS = {
    "windows": Option(default="fast", help=say("Out-of-turn windows: fast asks only seats holding a legal answer; strict asks "
                      "every eligible seat, as at a table."), choices=("fast", "strict"), rule="CA-MULTI-5"),
    "spoils": Option(default="stationed", help=say("V-SPOILS: who gets what when a castle falls with 3-4 players: 'stationed' = "
                     "the attacker takes the stationed cards; 'all' = also the victim's hand and loot."),
                     choices=("stationed", "all"), rule="CA-MULTI-12"),
    # "se consigue 1 carta de botín por cada batalla vencida ... El jugador victorioso roba una carta"
    "join-loot": Option(default="active", help=say("V-JOIN-LOOT: 'active' = one loot card per battle won, for the active player "
                        "(the original); 'all' = the active player and every joiner draw loot."),
                        choices=("all", "active"), rule="CA-LOOT-5", earlier_defaults=((1, "all"),)),
    "night-join": Option(default=True, help=say("V-NIGHT-JOIN: may other players join a night attack (face down)?"), kind=bool,
                         rule="CA-ACT-NIGHT-7"),
    "night-count": Option(default="public", help=say("V-NIGHT-COUNT: is the number of cards under a Night card public?"),
                          choices=("public", "hidden"), rule="CA-ACT-NIGHT-5"),
    # "Las cartas añadidas a una muralla o castillo pueden ser atacadas de forma independiente"
    "castle-defender": Option(default="always", help=say("V-CASTLE-DEFENDER: cards stationed on a castle can be attacked always "
                              "(the original: 'independently') or only when the castle can ('castle')."),
                              choices=("castle", "always"), rule="CA-ACT-ATTACK-6", earlier_defaults=((1, "castle"),)),
    # "utilizar cartas de su mano cediéndole recursos a un aliado"
    "gift": Option(default="any", help=say("V-GIFT: an eliminated player gives any number of cards per turn ('any', the original's "
                   "'cards ... resources') or one ('one')."), choices=("one", "any"), rule="CA-MULTI-9",
                   earlier_defaults=((1, "one"),)),
    "reshuffle": Option(default="bottom", help=say("V-RESHUFFLE: at a Village rebuild, Siege and Academy cards go under their own "
                        "decks ('bottom') or leave the game ('remove')."), choices=("bottom", "remove"), rule="CA-GEN-5"),
    "stall": Option(default=0, help=say("V-STALL: end the game without a winner after this many full rounds without a won "
                    "battle (0 = off)."), kind=int, rule="CA-END-4", minimum=0, maximum=1000),
    "first-player": Option(default=-1, help=say("The seat that plays first (-1 = chosen at random)."), kind=int, rule="CA-SETUP-7",
                           minimum=-1, maximum=3),
    "cards": Option(default="v05", help=say("The card list (rules section 3): v05 = the reconstructed 120-card list."), choices=("v05",),
                    rule="CA-GEN-13", internal=True),  # one list today: nothing for a table to choose
    # "la carta atacada pierde y se gira sobre la mesa"
    "defeated-defender": Option(default="turned", help=say("A stationed card defeated on its own is turned face down and leaves "
                                "the game ('turned', the original) or goes to the discard pile ('discarded')."),
                                choices=("turned", "discarded"), rule="CA-ACT-ATTACK-14", since=2, legacy="discarded"),
    # The next two exist only so that games created under rules version 1 replay as they were played:
    # new games get the original's reading, the only choice offered.
    "defend-limit": Option(default="placement", help=say("One card placed in defence per turn; taking cards back is not limited "
                           "(the original; the only choice for new games)."), choices=("placement",),
                           rule="CA-ACT-DEFEND-6", since=2, legacy="place-or-take-back", internal=True),
    "rebuild": Option(default="own-deck", help=say("At a Village rebuild each non-Village card goes to its own deck, or out of the "
                      "game per 'reshuffle' (the only choice for new games)."), choices=("own-deck",), rule="CA-GEN-5",
                      since=2, legacy="academy", internal=True),
    # Rules version 3 (issue 14): new games draw four random numbers per SHA-256 block.
    "rng": RNG_OPTION,
    # Rules version 4: two more readings of the original, internal as "defend-limit" is (games created
    # before play the legacy reading). "Jugar el Rey" is one of the "Acciones", and the King's two
    # actions "pueden ser las que desees": a King played as one of them gives its own two more.
    "king-action": Option(default="any", help=say("A King may be one of the King's actions and gives two more actions "
                          "besides the ones left (the original; the only choice for new games)."), choices=("any",),
                          rule="CA-ACT-KING-6", since=4, legacy="not-king", internal=True),
    # "Es obligatorio realizar una acción ... (no es posible 'pasar turno')"; "También se puede hacer la acción
    # inversa, es decir, recuperar una carta colocada anteriormente": with no card in hand, a take-back is left.
    "empty-hand": Option(default="take-back", help=say("With an empty hand and a card stationed in defence, taking a "
                         "card back is the turn's compulsory action (the original; the only choice for new games)."),
                         choices=("take-back",), rule="CA-TURN-7", since=4, legacy="pass", internal=True),
}


# An option as the game plays it: core.protocol.option_value on the state's stored options (the
# value, or for a game created before the option existed, its legacy reading), bound to OPTIONS.
option = option_reader(OPTIONS)
