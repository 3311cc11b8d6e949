"""The Game object of Race to 21: the protocol's entry points, each a thin call into the module
that does the work, and the facts the platform reads (docs/adding-a-game.md walks through them)."""
from __future__ import annotations

from core import phase
from core.protocol import Event, Game, Prompt, Result
from core.rng import Rng
from core.text import P, say

from . import flow, legal, notation, sample, setup
from . import view as views
from . import resign as race_resign
from .options import OPTIONS
from .phases import DECISIONS
from .state import State


class RaceGame(Game):
    name = "toy-race"
    title = "Race to 21"
    min_players = 2
    max_players = 4
    options = OPTIONS
    rules_version = 1  # a rules fix raises it, and reaches new games only through an option (since=, legacy=)
    state_format = 1  # a new layout of to_json raises it, with an upgrade_state step (renamed_layouts)
    max_moves = 200  # 20 cards: a game ends long before (random playouts stop here)
    hidden_information = True  # the deck, and each seat's cards from the others
    result_codes = flow.RESULT_CODES
    preamble_rules = {"bad-seat": "TOY-1", "game-over": "TOY-1", "not-your-turn": "TOY-1", "bad-move": "TOY-2"}

    # --- a new game, and who decides ----------------------------------------------------

    def setup(self, players: int, options: dict, seed: str, scenario: dict | None = None, *,
              rules_version: int | None = None) -> State:
        self.check_players(players)
        return setup.setup_state(players, self.normalize_options(options, rules_version), str(seed), scenario)

    def prompts(self, state: State) -> list[Prompt]:
        return flow.prompts(state)

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return legal.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: Rng) -> dict:
        return legal.random_move(state, seat, rng)

    # --- moves: Game.apply runs the shared preamble, then these hooks -------------------

    def player_count(self, state: State) -> int:
        return state["players"]

    def check_shape(self, state: State, seat: int, move: dict) -> None:
        notation.check_shape(move)

    def is_out(self, state: State, seat: int) -> bool:
        return seat in state.get("resigned", ())  # TOY-1: a resigned seat's turns are skipped

    def is_asked(self, state: State, seat: int) -> bool:
        return flow.is_asked(state, seat)

    def waiting_text(self, state: State, seat: int | None = None) -> str:
        return say("it is {player}'s turn", player=P(state["turn"]))

    def apply_resign(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return race_resign.apply(state, seat, move)

    def apply_decision(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return phase.decide(DECISIONS["turn"], state, seat, move)

    def result(self, state: State) -> Result | None:
        return flow.result(state)

    # --- what a seat sees ----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def hidden_from(self, state: State, seat: int | None) -> list[str]:
        return views.hidden_from(state, seat)

    def render(self, view: dict, seat: int | None) -> str:
        return views.render(view, seat)

    def parse(self, state: State, seat: int, text: str) -> dict:
        return notation.parse(text)

    def format(self, move: dict) -> str:
        return notation.format_move(move)

    # --- stored states ---------------------------------------------------------------------

    def to_json(self, state: State) -> dict:
        return dict(state)

    def from_json(self, data: dict) -> State:
        return data  # type: ignore[return-value]

    # --- bots: what a seat knows, and worlds it cannot tell apart ------------------------

    def known_state(self, state: State, seat: int) -> dict:
        return sample.known_state(state, seat)

    def sample_state(self, known: dict, seat: int, rng: Rng) -> State:
        return sample.sample_state(known, seat, rng)  # type: ignore[return-value]


GAME = RaceGame()
