"""Wizard's Quest as a core.protocol.Game (rules: shared/rules/wizards-quest.md), and its options.

Rules version 2 (issue 9, checked against the Hungarian original) changed three readings. A game
created under rules version 1 has no key for an option introduced later and plays its `legacy`
reading, so its stored states and hashes stay what they were (see core.protocol.Option).
"""
from __future__ import annotations

from typing import cast

from core import resign
from core.protocol import Event, Game, IllegalMove, Option, Prompt, Result
from core.rng import Rng
from core.wizards_quest import flow, legal, notation, view as V
from core.wizards_quest import resign as wq_resign
from core.wizards_quest.phases import DECISIONS
from core.wizards_quest.setup import apply_scenario
from core.wizards_quest.state import LEGACY_READINGS, State, new_state

OPTIONS = {
    "blank-treasure": Option(False, "Hide a blank treasure too; hidden treasure types are secret.",
                             kind=bool, rule="WQ-VAR-BLANK-1"),
    "two-player-rules": Option(True, "With two players: 5 men for hiding on your own territory, "
                                     "20 starting men placed 10/20/10.", kind=bool, rule="WQ-VAR-2P-1"),
    # The battle chapter gives no bridge bonus; only the boat rule mentions one (WQ-STR-11).
    "bridge-bonus": Option(0, "Defence bonus against attacks over a bridge, orc raids included (0 = the "
                              "battle chapter of the original, 1 = the reconstructed +1).",
                           choices=(0, 1), kind=int, rule="WQ-STR-11", earlier_defaults=((1, 1),)),
    # Only the original's reading is offered; 'whole-hand' exists for games created before it.
    "ring-window": Option("drawn-card", "Which card may be played when the ring is collected: only the card "
                                        "drawn for it (the original; the only choice for new games).",
                          choices=("drawn-card",), rule="WQ-CARDS-4", since=2, legacy=LEGACY_READINGS["ring-window"]),
    # Likewise: each boat card is one crossing, any number a turn; 'one-per-turn' is the old reading.
    "boat-limit": Option("none", "How many boats a player may use in one turn: any number, each boat card "
                                 "one crossing (the original; the only choice for new games).",
                         choices=("none",), rule="WQ-BOAT-2", since=2, legacy=LEGACY_READINGS["boat-limit"]),
}


class WizardsQuest(Game):
    name = "wizards-quest"
    title = "Wizard's Quest"
    min_players = 2
    max_players = 6
    options = OPTIONS
    rules_version = 2  # issue 9: ring window, boats, bridge bonus (the options above)

    def setup(self, players: int, options: dict, seed: str, scenario: dict | None = None, *,
              rules_version: int | None = None) -> State:
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
        flow.settle(st, flow.rng_of(st), [])
        return st

    def prompts(self, state: State) -> list[Prompt]:
        f = flow.current(state)
        if f is None:
            return []
        decision = DECISIONS[f["k"][4:]]
        return [Prompt(f["seat"], decision.prompt, decision.prompt_text(state, f))]

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return legal.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: Rng) -> dict:
        return legal.random_move(state, seat, rng)

    def default_move(self, state: State, seat: int) -> dict | None:
        return legal.default_move(state, seat)

    def apply(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        if resign.is_resign(move) and self._is_seat(state, seat):
            return wq_resign.apply(state, seat, move)
        try:
            return self._apply(state, seat, move)
        except IllegalMove as err:
            if err.legal is None and self._is_seat(state, seat) and err.code != "game-over":
                hints = [self.format(m) if "pattern" not in m else m["pattern"]
                         for m in self.legal_moves(state, seat) if m.get("type") != "standing"]
                err.legal = hints[:15] or None
            raise

    @staticmethod
    def _is_seat(state: State, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["np"]

    def _apply(self, st: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        """The checks every move goes through, in order, then the standing order or the decision."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("bad-move", "A move is a JSON object with a \"type\".", flow.rule_now(st))
        unknown = set(move).difference(("type",), notation.FIELDS.get(move["type"], ()))
        if unknown:
            raise IllegalMove("bad-move", f"A {move['type']!r} move has no field {sorted(unknown, key=str)[0]!r}.",
                              flow.rule_now(st))
        if not self._is_seat(st, seat):
            raise IllegalMove("bad-seat", f"There is no seat {seat!r} in this game.", "WQ-TABLE-1")
        if st["win"] is not None:
            raise IllegalMove("game-over", "The game is over.", "WQ-END-3")
        if move["type"] == "standing":
            return flow.apply_standing(st, seat, move)
        f = flow.current(st)
        if f is None or f["seat"] != seat:
            waiting = f" (waiting for seat {f['seat']})" if f is not None else ""
            raise IllegalMove("not-your-turn", f"You are not being asked to decide anything now{waiting}.",
                              "WQ-START-2")
        return flow.apply_decision(st, seat, move)

    def view(self, state: State, seat: int | None) -> dict:
        return V.make_view(state, seat, self.prompts(state))

    def known_state(self, state: State, seat: int) -> dict:
        from core.wizards_quest import sample
        return sample.known_state(state, seat)

    def sample_state(self, known: dict, seat: int, rng: Rng) -> State:
        from core.wizards_quest import sample
        return cast(State, sample.sample_state(known, seat, rng))

    def hidden_from(self, state: State, seat: int | None) -> list[str]:
        hidden = list(state["deck"]) + list(state["disc"])
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden += hand
        return hidden

    def public_move(self, state: State, seat: int, move: dict) -> bool:
        """Standing orders are private; a discarded ring card is not shown (WQ-TABLE-9)."""
        return not (isinstance(move, dict) and move.get("type") in ("standing", "discard"))

    def parse(self, state: State, seat: int, text: str) -> dict:
        if (resigning := resign.parse(text)) is not None:
            return resigning
        return notation.parse_text(text, flow.rule_now(state))

    def format(self, move: dict) -> str:
        return resign.NOTATION if resign.is_resign(move) else notation.format_move(move)

    def result(self, state: State) -> Result | None:
        if state["win"] is None:
            return None
        return Result(tuple(state["win"]), result_sentence(state["win"], state["why"]))

    def to_json(self, state: State) -> dict:
        return state  # type: ignore[return-value]  # the state is JSON already

    def from_json(self, data: dict) -> State:
        return data  # type: ignore[return-value]

    def render(self, view: dict, seat: int | None) -> str:
        return V.render_view(view, seat)

    def picture(self, view: dict, seat: int | None, touched: frozenset = frozenset()) -> str | None:
        from core.wizards_quest import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched)


GAME = WizardsQuest()


def result_sentence(winners: list[int], why: str) -> str:
    """The stored reason ("collected all three treasures", kept as it is in the state so stored
    games hash alike) as a sentence naming the winner."""
    if why and why[0].islower() and len(winners) == 1:
        return f"{{P{winners[0]}}} {why}."
    return why if not why or why.endswith(".") else why + "."
