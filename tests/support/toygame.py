"""A tiny card game used only by platform tests, so the server and the CLI can be
tested without depending on any real game's rules.

Race to 21: every seat holds 3 hidden cards (unique ids t0..t19, values 1..5).
On your turn play one card (its value is added to the shared total) and draw one.
Whoever brings the total to 21 or more wins. `pass` is legal only with an empty hand.
"""
from __future__ import annotations

from core import resign
from core.protocol import Event, Game, IllegalMove, Option, Prompt, Result
from core.rng import Rng

VALUES = {f"t{i}": i % 5 + 1 for i in range(20)}


class RaceGame(Game):
    name = "toy-race"
    title = "Race to 21"
    min_players = 2
    max_players = 4
    hidden_information = True  # each seat's three cards
    result_codes = {"target": "a seat reached the target", "no-winner": "the deck ran out first"}
    options = {"target": Option(default=21, help="Total that ends the game.", kind=int, minimum=5, maximum=60)}

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self.check_players(players)
        options = self.normalize_options(options, rules_version)
        rng = Rng(seed)
        deck = rng.shuffle(sorted(VALUES, key=lambda c: int(c[1:])))
        hands = [sorted(deck[3 * s:3 * s + 3]) for s in range(players)]
        return {"seed": seed, "rng": rng.counter, "players": players, "target": options["target"],
                "deck": deck[3 * players:], "hands": hands, "total": 0, "turn": 0, "winner": None}

    def prompts(self, state):
        if state["winner"] is not None:
            return []
        return [Prompt(state["turn"], "turn", f"Play a card (total {state['total']}/{state['target']}).")]

    def legal_moves(self, state, seat):
        if state["winner"] is not None or seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        return [{"play": c} for c in hand] or [{"pass": True}]

    def random_move(self, state, seat, rng):
        return rng.choice(self.legal_moves(state, seat))

    def apply(self, state, seat, move):
        if resign.is_resign(move) and state["winner"] is None:
            return self._resign(state, seat)
        legal = self.legal_moves(state, seat)
        if not legal:
            raise IllegalMove("not-your-turn", f"It is {{P{state['turn']}}}'s turn, not yours.", "TOY-1")
        if move not in legal:
            raise IllegalMove("not-in-hand", "You can only play a card from your hand.", "TOY-2",
                              [self.format(m) for m in legal])
        new = {**state, "hands": [list(h) for h in state["hands"]], "deck": list(state["deck"])}
        events = []
        if "play" in move:
            card = move["play"]
            new["hands"][seat].remove(card)
            new["total"] = state["total"] + VALUES[card]
            events.append(Event(f"{{P{seat}}} played {VALUES[card]}; total {new['total']}."))
            if new["deck"]:
                drawn = new["deck"].pop(0)
                new["hands"][seat] = sorted(new["hands"][seat] + [drawn])
                events.append(Event(f"You drew a {VALUES[drawn]} ({drawn}).", (seat,)))
            if new["total"] >= state["target"]:
                new["winner"] = seat
                events.append(Event(f"{{P{seat}}} wins."))
        else:
            events.append(Event(f"{{P{seat}}} passed."))
        if new["winner"] is None:
            new["turn"] = self._next(new, seat)
            if not any(new["hands"]):
                new["winner"] = -1
        return new, events

    def _resign(self, state, seat):
        """The resigning seat is skipped from now on; the last one left wins."""
        gone = sorted(set(state.get("resigned", [])) | {seat})
        left = [s for s in range(state["players"]) if s not in gone]
        new = {**state, "resigned": gone, "hands": [[] if s == seat else list(h) for s, h in enumerate(state["hands"])]}
        events = [Event(f"{{P{seat}}} resigns.")]
        if len(left) == 1:
            new["winner"] = left[0]
            events.append(Event(f"{{P{left[0]}}} wins."))
        elif state["turn"] == seat:
            new["turn"] = self._next(new, seat)
        return new, events

    def _next(self, state, seat):
        gone = state.get("resigned", [])
        following = [(seat + i) % state["players"] for i in range(1, state["players"] + 1)]
        return next(s for s in following if s not in gone)

    def view(self, state, seat):
        return {"total": state["total"], "target": state["target"], "turn": state["turn"],
                "deck": len(state["deck"]), "hand_sizes": [len(h) for h in state["hands"]],
                "hand": list(state["hands"][seat]) if seat is not None else None,
                "winner": state["winner"]}

    def hidden_from(self, state, seat):
        hidden = list(state["deck"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden += hand
        return hidden

    def parse(self, state, seat, text):
        if (resigning := resign.parse(text)) is not None:
            return resigning
        words = text.split()
        if words == ["pass"]:
            return {"pass": True}
        if len(words) == 2 and words[0] == "play":
            return {"play": words[1]}
        raise IllegalMove("bad-notation", "Write 'play <card>' or 'pass'.", "TOY-2")

    def format(self, move):
        if resign.is_resign(move):
            return resign.NOTATION
        return "pass" if "pass" in move else f"play {move['play']}"

    def result(self, state):
        if state["winner"] is None:
            return None
        if state["winner"] == -1:
            return Result((), "Nobody reached the target.", "no-winner")
        return Result((state["winner"],), f"Reached {state['target']}.", "target")

    def to_json(self, state):
        return state

    def from_json(self, data):
        return data

    def render(self, view, seat):
        hand = " ".join(f"{c}({VALUES[c]})" for c in view["hand"] or []) or "-"
        return (f"Total {view['total']}/{view['target']}, seat {view['turn']} to play, deck {view['deck']}\n"
                f"Hand sizes: {view['hand_sizes']}\nYour hand: {hand}")


GAME = RaceGame()
