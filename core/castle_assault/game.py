"""The Game object: the protocol's entry points, each delegating to one module."""
from __future__ import annotations

from typing import Callable, cast

from core import resign
from core.phase import refusal
from core.protocol import Event, Game, Result
from core.rng import Rng
from core.text import Msg, say

from . import battle, flow, legal, notation, phases
from . import resign as ca_resign
from .options import OPTIONS, option
from .phases.standing import standing
from .phases.turn import DECISION as TURN, TURN_ACTIONS
from .setup import setup_state
from .state import FORMAT_1, State, clone, the_battle
from .view import hidden_from as hidden_ids
from .view import render as render_text
from .view import view as view_of


class CastleAssault(Game):
    name = "castle-assault"
    title = "Castle Assault (Castlecards: ¡Asalto al Castillo!)"
    min_players = 2
    max_players = 4
    options = OPTIONS
    # 2: issue 9 (defend take-back, deck rebuild, defaults from the Spanish text); 3: issue 14,
    # the random stream's scheme 2 and shuffles of several positions per draw (option "rng"); 4: the
    # Spanish original read again: a King may be one of the King's actions (option "king-action"), and
    # an empty hand with a stationed defender takes one back instead of passing (option "empty-hand").
    rules_version = 4
    # 2: issue 15, readable state keys (state.FORMAT_1 names the short keys of format 1).
    state_format = 2
    renamed_layouts = {1: FORMAT_1}
    # Real games end long before; a random game with V-STALL off can cycle for ever once nobody
    # holds an attack card (playouts stop here).
    max_moves = 5_000
    hidden_information = True
    result_codes = flow.RESULT_CODES
    no_skip_rule = "CA-TURN-3"  # "The action is compulsory: a player cannot pass"
    preamble_rules = {"bad-seat": "CA-SETUP-1", "game-over": "CA-END-1", "not-your-turn": "CA-TURN-6",
                      "bad-move": "CA-TURN-5"}

    # --- setup and turn order --------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: str, scenario: dict | None = None, *,
              rules_version: int | None = None) -> State:
        self.check_players(players)
        return setup_state(players, self.normalize_options(options, rules_version), str(seed), scenario)

    # (bound as they are: the protocol's parameter names, one call frame fewer on every move)
    prompts = staticmethod(phases.prompts)

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return phases.legal_moves(state, seat)

    random_move = staticmethod(legal.random_move)

    # --- moves -------------------------------------------------------------------------------------

    # The shared preamble of Game.apply calls these; the game's own work is apply_decision.

    def player_count(self, state: State) -> int:
        return state["players"]

    def check_shape(self, state: State, seat: int, move: dict) -> None:
        if not notation.well_formed(move):  # the quick test first: most moves are well formed
            notation.check_shape(move, notation.PHASE_RULE.get(state["phase"], "CA-TURN-5"))

    def apply_resign(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return ca_resign.apply(state, seat, move)

    def apply_standing(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return self.changed(state, seat, move, standing)

    def apply(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        """Game.apply: the shared preamble, then `apply_decision`. A move that plainly passes every
        check of the preamble goes straight to the decision: a seat of the game (an int, not a
        bool), a well-formed move (notation.well_formed, which no resignation passes) that is no
        standing answer, in a running game (phase not "over": `result` is None), from the one seat
        asked now (`is_asked`): there `apply_decision` runs at once. Any other move takes the
        preamble, which refuses it as it always did (the same code, rule and message);
        tests/core/castle_assault/test_apply_fast.py compares the two."""
        if type(seat) is int and type(move) is dict and 0 <= seat < state["players"]:
            # (notation.well_formed and flow.prompted_seat inlined: every move comes here)
            phase, kind = state["phase"], move.get("type")
            if phase != "over" and type(kind) is str and kind != "standing" \
                    and (test := notation.SHAPES.get(kind)) is not None and test(move) \
                    and (state["turn"] if phase == "act" else flow.prompted_seat(state)) == seat:
                return self.apply_decision(state, seat, move)
        return self.checked_apply(state, seat, move, self.apply_decision)

    def apply_decision(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        """The phase's Decision record refuses a move it does not take, or carries it out on a
        working copy; then everything that follows automatically (as `changed`, inlined: every
        move comes here)."""
        decision = phases.DECISIONS[state["phase"]]
        kind = move["type"]
        if kind not in decision.moves:  # (core.phase.check, inlined)
            raise refusal(decision, kind, state, seat)   # (what the decision asks may read the position)
        s = clone(state)
        events: list[Event] = []
        if decision is TURN:  # (a turn's action: phases.turn.act, without its frame)
            TURN_ACTIONS[kind](s, seat, move, events)
        else:
            decision.resolve(s, seat, move, events)  # (core.phase.decide, inlined)
        if s["phase"] != "act" or not (s["hands"][s["turn"]] or s["king_turn"]):
            flow.advance(s, events)  # (a turn whose player can act: advance would stop at once)
        return s, events

    @staticmethod
    def changed(state: State, seat: int, move: dict, step: Callable) -> tuple[State, list[Event]]:
        """A working copy changed by `step`, then everything that follows automatically."""
        s = clone(state)
        events: list[Event] = []
        step(s, seat, move, events)
        flow.advance(s, events)
        return s, events

    def is_out(self, state: State, seat: int) -> bool:
        """Resigned, or knocked out with no card left and nothing more to be asked: a knocked-out
        seat still gives and joins while it holds cards (CA-MULTI-9, CA-MULTI-10) and draws none
        (CA-MULTI-8); but strict windows (CA-MULTI-5) ask every seat at the table to join, cards
        or not, unless its standing answer declines (as a resignation sets it)."""
        if state["alive"][seat] or state["hands"][seat] or state["loot"][seat]:
            return False
        return option(state, "windows") != "strict" or state["standing"][seat][0] == 1

    def is_asked(self, state: State, seat: int) -> bool:
        return flow.prompted_seat(state) == seat  # one seat decides at a time (CA-TURN-6)

    def waiting_text(self, state: State, seat: int | None = None) -> Msg:
        """Whom the game waits for, told to `seat`: a seat asked in a window (only a holder of an
        answer card is asked there) is named to itself alone (`Game.shown_to`)."""
        prompts = self.prompts(state)
        if prompts and not self.shown_to(prompts[0], seat):
            return say("waiting for another seat, on seat {turn}'s turn: out of turn you may only join an attack or "
                       "react to one on your own cards, when asked", turn=state["turn"])
        return say("waiting for seat {seat}, on seat {turn}'s turn: out of turn you may only join an attack or react "
                   "to one on your own cards, when asked", seat=str(flow.prompted_seat(state)), turn=state["turn"])

    def public_move(self, state: State, seat: int, move: dict) -> bool:
        """Hidden: standing answers, night attacks and night joins (face-down cards), gifts (a
        hidden card changes hands) and window passes (in fast mode they would tell who was asked;
        in both modes they would tell an explicit pass from a standing answer)."""
        if not isinstance(move, dict):
            return True
        kind = move.get("type")
        if kind in ("standing", "night", "give"):
            return False
        b = state.get("battle")
        if kind == "join" and b and b["night_card"]:
            return False
        if kind == "pass" and state.get("phase") in ("join", "react"):
            return False
        return True

    # --- notation, views, results -----------------------------------------------------------------------

    def parse(self, state: State, seat: int, text: str) -> dict:
        if (resigning := resign.parse(text)) is not None:
            return resigning
        rule = notation.PHASE_RULE.get(state["phase"], "CA-TURN-5")
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
        pools = {"hand": state["hands"][seat] if mine else []}
        if mine:
            pools["takeback"] = [c for post in state["posts"][seat] for c in post[2]]
        b = state["battle"]
        if b is not None and b["revealed"]:
            # a kind name ("remove catapult") means a card this removal may still take (CA-ACT-REACT-8)
            pools["remove"] = battle.removal_candidates(b, b["pending_removals"][0]) if b["pending_removals"] else battle.attack_cards(b)
        return notation.parse_move(text, pools, rule)

    def format(self, move: dict) -> str:
        return resign.NOTATION if resign.is_resign(move) else notation.format_move(move)

    def view(self, state: State, seat: int | None) -> dict:
        return view_of(state, seat)

    def known_state(self, state: State, seat: int) -> dict:
        from . import sample
        return sample.known_state(cast(dict, state), seat)

    def sample_state(self, known: dict, seat: int, rng: Rng) -> State:
        from . import sample
        return cast(State, sample.sample_state(known, seat, rng))

    def hidden_from(self, state: State, seat: int | None) -> list[str]:
        return hidden_ids(state, seat)

    def render(self, view: dict, seat: int | None) -> str:
        return render_text(view, seat)

    def picture(self, view: dict, seat: int | None, touched: frozenset = frozenset(), speak=None) -> str | None:
        from . import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched, speak)

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        winners = () if state["winner"] is None else (state["winner"],)
        reason = state["reason"] or ""
        return Result(winners, flow.reason_message(reason), flow.reason_code(reason))

    def to_json(self, state: State) -> dict:
        return cast(dict, state)                             # a state is its own JSON: no copy

    def from_json(self, data: dict) -> State:
        return cast(State, data)

    def preview_state(self, state: State) -> State:
        """Strict windows (CA-MULTI-5): in fast mode a preview would show who holds attack cards."""
        return {**state, "options": {**state["options"], "windows": "strict"}}

    def default_move(self, state: State, seat: int) -> dict | None:
        """At a deadline: no join, no reaction (rules §13 ASYNC-1, ASYNC-2); a gift turn passes;
        a removal takes the first card it may. A turn action has no default (ASYNC-6)."""
        if flow.prompted_seat(state) != seat:
            return None
        if state["phase"] in ("join", "react", "gift"):
            return {"type": "pass"}
        if state["phase"] == "remove":
            b = the_battle(state)
            return {"type": "remove", "card": battle.removal_candidates(b, b["pending_removals"][0])[0]}
        return None


GAME = CastleAssault()
