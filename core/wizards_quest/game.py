"""Wizard's Quest as a core.protocol.Game (rules: shared/rules/wizards-quest.md)."""
from __future__ import annotations

from core import resign
from core.protocol import Game, IllegalMove, Option, Prompt, Result
from core.wizards_quest import resign as wq_resign
from core.wizards_quest import ai, engine, notation, view as V
from core.wizards_quest.board import IDS
from core.wizards_quest.decisions import KINDS
from core.wizards_quest.options import OPTIONS
from core.wizards_quest.newgame import TableRng, apply_scenario, new_state

STANDING = [{"type": "standing", "losses": "men-first"}, {"type": "standing", "losses": "ask"}]


class WizardsQuest(Game):
    name = "wizards-quest"
    title = "Wizard's Quest"
    min_players = 2
    max_players = 6
    options = OPTIONS
    rules_version = 2  # issue 9: ring window, boats, bridge bonus (core/wizards_quest/options.py)

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self.check_players(players)
        opts = self.normalize_options(options, rules_version)
        st = new_state(players, opts, str(seed))
        if scenario is not None:
            try:
                st = apply_scenario(st, scenario)
            except IllegalMove:
                raise
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
                raise IllegalMove("bad-scenario", f"The scenario could not be read ({err}).", "WQ-SETUP-1") from None
        engine.settle(st, TableRng(st["seed"], st["rng"], st["dice"]), [])
        return st

    def prompts(self, state):
        f = engine.current(state)
        if f is None:
            return []
        kind = KINDS[f["k"][4:]]
        text = kind[4]
        if f["k"] == "ask-place":
            text = f"Place {f['total']} men ({f['why']})."
        elif f["k"] == "ask-loss":
            text = f"Choose which {f['n']} of your pieces on {IDS[f['t']]} are lost ({f['why']})."
        return [Prompt(f["seat"], kind[3], text)]

    def legal_moves(self, state, seat):
        """The answers to this seat's current question; a seat with no question is offered its
        standing orders (legal at any time, also while asked, but not listed then)."""
        f = engine.current(state)
        if f is not None and f["seat"] == seat:
            return KINDS[f["k"][4:]][0](state, f)
        return [dict(m) for m in STANDING]

    def random_move(self, state, seat, rng):
        f = engine.current(state)
        if f is None or f["seat"] != seat:
            return dict(STANDING[rng.below(2)])
        return ai.choose(state, f, seat, rng)

    def apply(self, state, seat, move):
        if resign.is_resign(move) and isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["np"]:
            return wq_resign.apply(state, seat, move)
        try:
            return engine.apply_move(state, seat, move)
        except IllegalMove as err:
            if err.legal is None and isinstance(seat, int) and not isinstance(seat, bool) \
                    and 0 <= seat < state["np"] and err.code != "game-over":
                hints = [self.format(m) if "pattern" not in m else m["pattern"]
                         for m in self.legal_moves(state, seat) if m.get("type") != "standing"]
                err.legal = hints[:15] or None
            raise

    def default_move(self, state, seat):
        """The answer when a prompted seat's deadline passes: the most passive legal choice."""
        f = engine.current(state)
        if f is None or f["seat"] != seat:
            return None
        kind = f["k"][4:]
        if kind in ("place", "scatter"):
            return ai.passive_placement(state, f)
        legal = [m for m in KINDS[kind][0](state, f) if "pattern" not in m]
        for wanted in ({"type": "done"}, {"type": "end"}, {"type": "break"}, {"type": "lose", "hero": ""}):
            if wanted in legal:
                return wanted
        if kind == "take":
            return max(legal, key=lambda m: (m["men"], m["hero"] == ""))
        # a forced card choice: give up the ring's card if allowed, else play one that steers nothing
        plays = [m for m in legal if m["type"] == "discard"] + \
            sorted((m for m in legal if m["type"] == "play"), key=lambda m: len(m))
        return (plays or legal)[0]

    def view(self, state, seat):
        return V.make_view(state, seat, self.prompts(state))

    def known_state(self, state, seat):
        from core.wizards_quest import sample
        return sample.known_state(state, seat)

    def sample_state(self, known, seat, rng):
        from core.wizards_quest import sample
        return sample.sample_state(known, seat, rng)

    def hidden_from(self, state, seat):
        hidden = list(state["deck"]) + list(state["disc"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden += hand
        return hidden

    def public_move(self, state, seat, move):
        """Standing orders are private; a discarded ring card is not shown (WQ-TABLE-9)."""
        return not (isinstance(move, dict) and move.get("type") in ("standing", "discard"))

    def parse(self, state, seat, text):
        if (resigning := resign.parse(text)) is not None:
            return resigning
        return notation.parse_text(text, engine.rule_now(state))

    def format(self, move):
        return resign.NOTATION if resign.is_resign(move) else notation.format_move(move)

    def result(self, state):
        if state["win"] is None:
            return None
        return Result(tuple(state["win"]), result_sentence(state["win"], state["why"]))

    def to_json(self, state):
        return state

    def from_json(self, data):
        return data

    def render(self, view, seat):
        return V.render_view(view, seat)

    def picture(self, view, seat, touched=frozenset()):
        from core.wizards_quest import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched)


GAME = WizardsQuest()


def result_sentence(winners: list, why: str) -> str:
    """The stored reason ("collected all three treasures", kept as it is in the state so stored
    games hash alike) as a sentence naming the winner."""
    if why and why[0].islower() and len(winners) == 1:
        return f"{{P{winners[0]}}} {why}."
    return why if not why or why.endswith(".") else why + "."
