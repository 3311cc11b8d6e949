"""A test-only game with a secret reaction window, like the real games' "fast" windows.

Seats take turns saying `go`. One seat (chosen by the secret seed) holds the trap card;
after anyone else's `go`, only the trap holder is asked whether to `spring` it or `pass`,
so a prompt for that window tells who holds the trap. A pass in that window is not a
public move (the log must not say who answered it).
"""
from __future__ import annotations

from core.protocol import Event, Game, IllegalMove, Prompt, Result
from core.rng import Rng


class TrapGame(Game):
    name = "toy-trap"
    title = "Trap"
    min_players = 3
    max_players = 4

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        rng = Rng(seed)
        return {"players": players, "holder": rng.below(players), "rng": rng.counter, "turn": 0,
                "window": False, "goes": 0, "sprung": None}

    def prompts(self, state):
        if state["sprung"] is not None or state["goes"] >= 6:
            return []
        if state["window"]:
            return [Prompt(state["holder"], "reaction", "Spring your trap, or pass.")]
        return [Prompt(state["turn"], "turn", "Say go.")]

    def legal_moves(self, state, seat):
        if not any(p.seat == seat for p in self.prompts(state)):
            return []
        return [{"spring": True}, {"pass": True}] if state["window"] else [{"go": True}]

    def random_move(self, state, seat, rng):
        return rng.choice(self.legal_moves(state, seat))

    def apply(self, state, seat, move):
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("not-now", "You are not asked that now.", "TRAP-1")
        new = dict(state)
        if "go" in move:
            new["goes"] += 1
            new["turn"] = (seat + 1) % state["players"]
            new["window"] = seat != state["holder"]
            return new, [Event(f"{{P{seat}}} said go.")]
        new["window"] = False
        if "spring" in move:
            new["sprung"] = seat
            return new, [Event(f"{{P{seat}}} sprang the trap.")]
        return new, []

    def public_move(self, state, seat, move):
        return not (state["window"] and "pass" in move)

    def view(self, state, seat):
        return {"turn": state["turn"], "goes": state["goes"], "sprung": state["sprung"],
                "trap": seat is not None and seat == state["holder"],
                "waiting": None if state["window"] else state["turn"]}

    def hidden_from(self, state, seat):
        return []

    def parse(self, state, seat, text):
        if text in ("go", "spring", "pass"):
            return {text: True}
        raise IllegalMove("bad-notation", "Write go, spring or pass.", "TRAP-1")

    def format(self, move):
        return next(iter(move))

    def result(self, state):
        if state["sprung"] is not None:
            return Result((state["sprung"],), "{P%d} sprang the trap." % state["sprung"])
        if state["goes"] >= 6:
            return Result((), "Nobody sprang the trap.")
        return None

    def to_json(self, state):
        return state

    def from_json(self, data):
        return data

    def render(self, view, seat):
        return f"Goes {view['goes']}; trap: {'yours' if view['trap'] else 'not yours'}"


GAME = TrapGame()
