"""A tiny simultaneous-move game for client tests: every seat must answer `here`.

All seats that have not answered are prompted at once, so two players can really
submit at the same version; that is what `herald play` must survive (409 seq-taken).
The first seat to answer wins once everyone has answered.
"""
from __future__ import annotations

from core.protocol import Event, Game, IllegalMove, Prompt, Result


class RollCall(Game):
    name = "roll-call"
    title = "Roll call"
    min_players = 2
    max_players = 4
    options = {}

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self.check_players(players)
        self.normalize_options(options)
        return {"players": players, "answered": []}

    def prompts(self, state):
        return [Prompt(s, "turn", "Answer the roll call.") for s in range(state["players"])
                if s not in state["answered"]]

    def legal_moves(self, state, seat):
        return [] if seat in state["answered"] else [{"here": True}]

    def random_move(self, state, seat, rng):
        return {"here": True}

    def apply(self, state, seat, move):
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("already-answered", "You have already answered.", "ROLL-1")
        answered = state["answered"] + [seat]
        return {**state, "answered": answered}, [Event(f"{{P{seat}}} is here.")]

    def view(self, state, seat):
        return {"answered": list(state["answered"])}

    def parse(self, state, seat, text):
        if text.strip() != "here":
            raise IllegalMove("bad-notation", "Write 'here'.", "ROLL-1")
        return {"here": True}

    def format(self, move):
        return "here"

    def result(self, state):
        if len(state["answered"]) < state["players"]:
            return None
        return Result((state["answered"][0],), "First to answer.")

    def to_json(self, state):
        return state

    def from_json(self, data):
        return data

    def render(self, view, seat):
        return f"Answered: {view['answered']}"


GAME = RollCall()
