"""Random positions for the bot tests: random games of every player count and the options that
change what is hidden, cut at random moves."""
from __future__ import annotations

from core import games
from core.bots.worlds import leaves
from core.rng import Rng
from tests.core.playout import turns

# The player counts and options that change what each hiding game hides (docs/adding-a-game.md,
# section 8): a game with hidden information adds its row; one that hides nothing plays every
# player count with its default options (`configs`).
CONFIGS = {
    "castle-assault": [(2, {}), (3, {}), (4, {"windows": "strict"}), (3, {"night-count": "hidden"}),
                       # reshuffle "remove" can leave no attack card in play: random games then cycle
                       # for ever unless V-STALL ends them
                       (4, {"spoils": "all", "reshuffle": "remove", "stall": 20})],
    "medieval-mastery": [(2, {}), (3, {"windows": "strict"}), (4, {"siege": True}), (6, {"teams": "3"}),
                         (5, {"mayhem": True, "life-and-death": True})],
    "wizards-quest": [(2, {}), (3, {"blank-treasure": True}), (4, {}), (6, {"blank-treasure": True})],
}


def configs(ruleset: str) -> list[tuple[int, dict]]:
    """The (players, options) of a game's random positions: its row of CONFIGS, or for a game
    that hides nothing every player count with the default options."""
    game = games.facts(ruleset).game
    if ruleset in CONFIGS:
        return CONFIGS[ruleset]
    if game.hidden_information:
        raise LookupError(f"add {ruleset}'s row to CONFIGS in tests/core/bots/positions.py: the player counts "
                          f"and the options that change what it hides")
    return [(players, {}) for players in range(game.min_players, game.max_players + 1)]


def positions(ruleset: str, count: int, rng: Rng, per_game: int = 20):
    """`count` states from random games, `per_game` from each, at random moves."""
    game = games.facts(ruleset).game
    made = 0
    number = 0
    table = configs(ruleset)
    while made < count:
        players, options = table[number % len(table)]
        state = game.setup(players, options, f"positions:{ruleset}:{number}")
        number += 1
        walk = turns(game, state, rng, max_moves=3000)
        states = [turn.state for turn in walk] + [walk.state]
        for _ in range(min(per_game, count - made)):
            yield states[rng.below(len(states))]
            made += 1


def card_ids(game, state, hidden: set[str]) -> list:
    """Every card of a state, as a list (a card twice would show as a count of 2). The three
    shipped games name all their cards; any other game, the ids in `hidden`: what the real
    position hides from a spectator, each a unique id (docs/adding-a-game.md, section 5)."""
    if game.name == "medieval-mastery":
        from core.medieval_mastery.sample import cards_of
        return cards_of(state)
    if game.name == "wizards-quest":
        from core.wizards_quest.sample import cards_of
        return cards_of(state)
    if game.name == "castle-assault":
        from core.castle_assault.data import CARDS
        return [c for c in leaves(state) if c in CARDS.kind_of]
    return [c for c in leaves(state) if c in hidden]
