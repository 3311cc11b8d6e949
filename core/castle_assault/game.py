"""The Game object: the protocol's entry points, each delegating to one module."""
from __future__ import annotations

from core import resign
from core.protocol import Event, Game, IllegalMove, Result
from core.rng import Rng

from . import battle, flow, legal, notation, phases
from . import resign as ca_resign
from .options import OPTIONS
from .phases.standing import standing
from .setup import setup_state
from .state import clone
from .view import hidden_from as hidden_ids
from .view import render as render_text
from .view import view as view_of


class CastleAssault(Game):
    name = "castle-assault"
    title = "Castle Assault (Castlecards: Asalto al Castillo)"
    min_players = 2
    max_players = 4
    options = OPTIONS
    rules_version = 2  # issue 9: defend take-back, deck rebuild, defaults from the Spanish text (options.py)

    # --- setup and turn order --------------------------------------------------------------------

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self.check_players(players)
        return setup_state(players, self.normalize_options(options, rules_version), str(seed), scenario)

    def prompts(self, state):
        return flow.prompts(state)

    def legal_moves(self, state, seat):
        return legal.legal_moves(state, seat)

    def random_move(self, state, seat, rng: Rng):
        return legal.random_move(state, seat, rng)

    # --- moves -------------------------------------------------------------------------------------

    def apply(self, state, seat, move):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["n"]:
            raise IllegalMove("bad-seat", f"There is no seat {seat!r} in this game.", "CA-SETUP-1")
        if resign.is_resign(move):
            return ca_resign.apply(state, seat, move)
        notation.check_shape(move, notation.PHASE_RULE.get(state["phase"], "CA-TURN-5"))
        if state["phase"] == "over":
            raise IllegalMove("game-over", "The game is over.", "CA-END-1")
        s = clone(state)
        events: list[Event] = []
        if move["type"] == "standing":
            standing(s, seat, move, events)
        else:
            self.check_prompted(state, seat)
            phases.check_allowed(state, seat, move["type"])
            phases.decide(s, seat, move, events)
        flow.advance(s, events)
        return s, events

    @staticmethod
    def check_prompted(state, seat: int) -> None:
        asked = flow.prompted_seat(state)
        if seat != asked:
            raise IllegalMove("not-your-turn", f"You are not asked to decide now (waiting for seat {asked}, on "
                              f"seat {state['turn']}'s turn): out of turn you may only join an attack or react to "
                              "one on your own cards, when asked.", "CA-TURN-6")

    def public_move(self, state, seat, move):
        """Hidden: standing answers, night attacks and night joins (face-down cards), gifts (a
        hidden card changes hands) and window passes (in fast mode they would tell who was asked;
        in both modes they would tell an explicit pass from a standing answer)."""
        if not isinstance(move, dict):
            return True
        kind = move.get("type")
        if kind in ("standing", "night", "give"):
            return False
        if kind == "join" and state.get("battle") and state["battle"].get("night"):
            return False
        if kind == "pass" and state.get("phase") in ("join", "react"):
            return False
        return True

    # --- notation, views, results -----------------------------------------------------------------------

    def parse(self, state, seat, text):
        if (resigning := resign.parse(text)) is not None:
            return resigning
        rule = notation.PHASE_RULE.get(state["phase"], "CA-TURN-5")
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["n"]
        pools = {"hand": state["hands"][seat] if mine else []}
        if mine:
            pools["takeback"] = [c for post in state["posts"][seat] for c in post[2]]
        b = state["battle"]
        if b is not None and b["open"]:
            # a kind name ("remove catapult") means a card this removal may still take (CA-ACT-REACT-8)
            pools["remove"] = battle.removal_candidates(b, b["need"][0]) if b["need"] else battle.attack_cards(b)
        return notation.parse_move(text, pools, rule)

    def format(self, move):
        return resign.NOTATION if resign.is_resign(move) else notation.format_move(move)

    def view(self, state, seat):
        return view_of(state, seat)

    def known_state(self, state, seat):
        from . import sample
        return sample.known_state(state, seat)

    def sample_state(self, known, seat, rng):
        from . import sample
        return sample.sample_state(known, seat, rng)

    def hidden_from(self, state, seat):
        return hidden_ids(state, seat)

    def render(self, view, seat):
        return render_text(view, seat)

    def picture(self, view, seat, touched=frozenset()):
        from . import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched)

    def result(self, state):
        if state["phase"] != "over":
            return None
        winners = () if state["winner"] is None else (state["winner"],)
        return Result(winners, state["reason"] or "")

    def to_json(self, state):
        return state

    def from_json(self, data):
        return data

    def preview_state(self, state):
        """Strict windows (CA-MULTI-5): in fast mode a preview would show who holds attack cards."""
        return {**state, "opt": {**state["opt"], "windows": "strict"}}

    def default_move(self, state, seat):
        """At a deadline: no join, no reaction (rules §13 ASYNC-1, ASYNC-2); a gift turn passes;
        a removal takes the first card it may. A turn action has no default (ASYNC-6)."""
        if flow.prompted_seat(state) != seat:
            return None
        if state["phase"] in ("join", "react", "gift"):
            return {"type": "pass"}
        if state["phase"] == "remove":
            b = state["battle"]
            return {"type": "remove", "card": battle.removal_candidates(b, b["need"][0])[0]}
        return None


GAME = CastleAssault()
