"""Draw the README's pictures: one position of each game, as seat 0 sees it, to PNG.

    python docs/pictures/make.py        # writes docs/pictures/<ruleset>.png

Deterministic: each position comes from a seeded random game (core.rng), the names are
fixed, and cairosvg (Debian: libcairo2) turns the SVG of `Game.picture` into PNG.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import cairosvg  # noqa: E402

from core import games  # noqa: E402
from core.picture import touched_tokens  # noqa: E402
from core.rng import Rng  # noqa: E402

NAMES = ("Ana", "Ben", "Cat", "Dan", "Eve", "Fay")
# ruleset -> (players, random moves into the game at least, seed, the kind of last move wanted):
# a lively middle game each, its last move marked on the picture.
POSITIONS = {
    "castle-assault": (3, 14, "readme-castle", "attack"),
    "medieval-mastery": (4, 70, "readme-medieval", ""),
    "wizards-quest": (4, 140, "readme-marnon", ""),
}


def position(name: str):
    game = games[name]
    players, moves, seed, wanted = POSITIONS[name]
    state, rng, last = game.setup(players, {}, seed), Rng(seed), ""
    for done in range(10 * moves):
        if game.result(state) is not None or (done >= moves and last.startswith(wanted)):
            break
        seat = game.prompts(state)[0].seat
        move = game.random_move(state, seat, rng)
        state, _ = game.apply(state, seat, move)
        last = game.format(move)
    return game, state, last


def main() -> None:
    for name in POSITIONS:
        game, state, last = position(name)
        svg = game.picture(game.view(state, 0), 0, touched_tokens([last]))
        svg = re.sub(r"\{P(\d)\}", lambda m: NAMES[int(m.group(1))], svg)
        target = HERE / f"{name}.png"
        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(target), output_width=560)
        print(f"{target.relative_to(HERE.parents[1])}: last move {last!r}")


if __name__ == "__main__":
    main()
