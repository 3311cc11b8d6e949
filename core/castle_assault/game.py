"""The Game object: the protocol's entry points, each delegating to one module."""
from __future__ import annotations

from core.protocol import Event, Game, IllegalMove, Result
from core.rng import Rng

from core import resign

from . import actions, answers, battle, flow, moves, policy, views
from .options import OPTIONS
from . import resign as ca_resign
from .scenario import apply_scenario
from .state import clone, new_state


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
        options = self.normalize_options(options, rules_version)
        s = new_state(players, options, str(seed))
        events: list[Event] = []
        if scenario is not None:
            s = apply_scenario(s, scenario)
            if not scenario.get("skip_draw", False):
                flow.begin_turn(s, s["turn"], events)
            else:
                s["phase"] = "act" if s["alive"][s["turn"]] else "gift"
        else:
            flow.begin_turn(s, s["turn"], events)
        flow.advance(s, events)
        return s

    def prompts(self, state):
        return flow.prompts(state)

    def legal_moves(self, state, seat):
        return policy.legal_moves(state, seat)

    def random_move(self, state, seat, rng: Rng):
        return policy.random_move(state, seat, rng)

    # --- moves -------------------------------------------------------------------------------------

    def apply(self, state, seat, move):
        if resign.is_resign(move) and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["n"]:
            return ca_resign.apply(state, seat, move)
        phase = state["phase"]
        rule = moves.PHASE_RULE.get(phase, "CA-TURN-5")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["n"]:
            raise IllegalMove("bad-seat", f"There is no seat {seat!r} in this game.", "CA-SETUP-1")
        moves.check_shape(move, rule)
        kind = move["type"]
        if phase == "over":
            raise IllegalMove("game-over", "The game is over.", "CA-END-1")
        s = clone(state)
        events: list[Event] = []
        if kind == "standing":
            answers.standing(s, seat, move, events)
            flow.advance(s, events)
            return s, events
        asked = flow.prompted_seat(state)
        if seat != asked:
            raise IllegalMove("not-your-turn", f"You are not asked to decide now (waiting for seat {asked}, on "
                              f"seat {state['turn']}'s turn): out of turn you may only join an attack or react to "
                              "one on your own cards, when asked.", "CA-TURN-6")
        allowed = ALLOWED[phase]
        if phase == "act" and kind == "pass":
            raise IllegalMove("no-pass", "You cannot pass: every turn has one action (discard a card if nothing "
                              "else helps).", "CA-TURN-3")
        if kind not in allowed:
            rule = OUT_OF_PLACE.get(kind, RULE_OF[phase]) if phase == "act" else RULE_OF[phase]
            why = OUT_OF_PLACE_WHY.get(kind, "") if phase == "act" else ""
            raise IllegalMove("wrong-move-now", why + WRONG[phase], rule,
                              legal=[self.format(m) for m in policy.legal_moves(state, seat)
                                     if m.get("type") not in (None, "standing")][:8])
        if phase == "act":
            actions.TURN_ACTIONS[kind](s, seat, move, events)
        elif phase == "gift":
            (actions.give if kind == "give" else actions.gift_pass)(s, seat, move, events)
        elif phase == "join":
            answers.join(s, seat, move, events)
        elif phase == "react":
            answers.react(s, seat, move, events)
        else:
            answers.remove(s, move, events)
        flow.advance(s, events)
        return s, events

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
        rule = moves.PHASE_RULE.get(state["phase"], "CA-TURN-5")
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["n"]
        pools = {"hand": state["hands"][seat] if mine else []}
        if mine:
            pools["takeback"] = [c for post in state["posts"][seat] for c in post[2]]
        b = state["battle"]
        if b is not None and b["open"]:
            # a kind name ("remove catapult") means a card this removal may still take (CA-ACT-REACT-8)
            pools["remove"] = battle.removal_candidates(b, b["need"][0]) if b["need"] else battle.attack_cards(b)
        return moves.parse_move(text, pools, rule)

    def format(self, move):
        return resign.NOTATION if resign.is_resign(move) else moves.format_move(move)

    def view(self, state, seat):
        return views.view(state, seat)

    def known_state(self, state, seat):
        from core.castle_assault import sample
        return sample.known_state(state, seat)

    def sample_state(self, known, seat, rng):
        from core.castle_assault import sample
        return sample.sample_state(known, seat, rng)

    def hidden_from(self, state, seat):
        return views.hidden_from(state, seat)

    def render(self, view, seat):
        return views.render(view, seat)

    def picture(self, view, seat, touched=frozenset()):
        from core.castle_assault import picture  # Jinja2 is loaded only by who draws

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


ALLOWED = {"act": set(actions.TURN_ACTIONS), "gift": {"give", "pass"}, "join": {"join", "pass"},
           "react": {"react", "pass"}, "remove": {"remove"}}
RULE_OF = {"act": "CA-TURN-5", "gift": "CA-MULTI-9", "join": "CA-MULTI-4", "react": "CA-ACT-REACT-1",
           "remove": "CA-ACT-REACT-8"}
# Moves that exist, but never on one's own turn: the rule that says where they belong.
OUT_OF_PLACE = {"react": "CA-ACT-REACT-10", "join": "CA-MULTI-1", "give": "CA-MULTI-9", "remove": "CA-ACT-REACT-8"}
# Why such a move is refused on one's own turn, said before the list of what the turn allows.
OUT_OF_PLACE_WHY = {
    "react": "Reactions are played against another player's attack on your cards, not on your own turn. ",
    "join": "Joining is for another player's attack, when you are asked, not for your own turn. ",
    "give": "Only a player whose castle has fallen may give cards away, on their own turn; your castle still "
            "stands. ",
    "remove": "Removing an attack card follows a reaction against an attack, not your own turn. ",
}
WRONG = {"act": "On your turn choose one action: attack, night, defend, takeback, build, explore, buy, academy, "
                "king, draw (King turns only) or discard. Passing is not allowed.",
         "gift": "Without a castle your turn is: give a card to a player who still has a castle, or pass.",
         "join": "You may join this attack with attack cards, or pass.",
         "react": "You may react with Academy cards, or pass.",
         "remove": "Choose the attack card your reaction removes: remove <card>."}

GAME = CastleAssault()
