"""Wizard's Quest as a core.protocol.Game (rules: shared/rules/wizards-quest.md); its options are
in options.py."""
from __future__ import annotations

from typing import cast

from core import resign
from core.memo import Memo
from core.movespec import check_move
from core.protocol import Event, Game, IllegalMove, Prompt, Result, declared_code
from core.rng import Rng
from core.text import Msg, P, join, say
from core.wizards_quest import flow, legal, notation, view as V
from core.wizards_quest import resign as wq_resign
from core.wizards_quest.setup import apply_scenario
from core.wizards_quest.options import OPTIONS
from core.wizards_quest.state import FORMAT_1, QUIET, State, new_state




RESULT_CODES = {
    "three-treasures": "a player collected his crown, chest and ring (WQ-GOAL-1)",
    "last-standing": "every other player is out (WQ-END-4)",
    "all-eliminated": "the last players went out together: nobody wins (WQ-END-4)",
    "resigned": "the other player of a two-player game resigned",
}



class WizardsQuest(Game):
    name = "wizards-quest"
    title = "Wizard's Quest"
    min_players = 2
    max_players = 6
    options = OPTIONS
    rules_version = 3  # 2 (issue 9): ring window, boats, bridge bonus; 3 (issue 14): the random stream's scheme 2
    state_format = 2  # 2 (issue 15): readable keys; format 1's short keys are state.FORMAT_1
    renamed_layouts = {1: FORMAT_1}
    max_moves = 20_000  # random games end within a few thousand moves
    skip_moves = ({"type": "done"}, {"type": "end"}, {"type": "break"})  # campaigns and cards are optional
    result_codes = RESULT_CODES
    hidden_information = True  # the deck, other hands, and with the blank treasure the treasures' kinds
    public_prompts = True  # who decides, and what, follows from the map and the round (no secret window)
    preamble_rules = {"bad-seat": "WQ-TABLE-1", "game-over": "WQ-END-3", "not-your-turn": "WQ-START-2",
                      "bad-move": "WQ-ROUND-1"}

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
                raise IllegalMove("bad-scenario", say("The scenario could not be read ({error}).", error=str(err)),
                                  "WQ-SETUP-1") from None
        flow.settle(st, flow.rng_of(st), [])
        return st

    def prompts(self, state: State) -> list[Prompt]:
        f = flow.current(state)
        if f is None:
            return []
        fixed = (f["kind"], f["seat"])  # a decision whose sentence is fixed: its Prompt by frame kind and seat
        prompt = PROMPTS.get(fixed)
        if prompt is not None:
            return [prompt]
        decision = flow.ASKED[f["kind"]]
        key = (f["seat"], decision.prompt, decision.text if decision.describe is None else decision.describe(state, f))
        prompt = PROMPTS.get(key) or PROMPTS.keep(key, Prompt(*key))
        if decision.describe is None and type(f["seat"]) is int:  # (an exact seat: True is never taken for 1)
            PROMPTS.keep(fixed, prompt)
        return [prompt]

    def legal_moves(self, state: State, seat: int) -> list[dict]:
        return legal.legal_moves(state, seat)

    def random_move(self, state: State, seat: int, rng: Rng) -> dict:
        return legal.random_move(state, seat, rng)

    def random_playout(self, state: State, rng: Rng, limit: int) -> tuple[State, list[tuple[int, dict]]]:
        return legal.random_playout(state, rng, limit)

    def default_move(self, state: State, seat: int) -> dict | None:
        return legal.default_move(state, seat)

    # The hooks of Game.apply's shared preamble (bad seat, resignation, shape, game over,
    # standing order, not asked now), then this game's decisions.
    def player_count(self, state: State) -> int:
        return state["players"]

    def is_out(self, state: State, seat: int) -> bool:
        return state["eliminated"][seat]  # no pieces left, or resigned (WQ-END-1)

    def is_asked(self, state: State, seat: int) -> bool:
        frame = flow.current(state)  # one decision at a time, without composing its prompt's text
        return frame is not None and frame["seat"] == seat

    def check_shape(self, state: State, seat: int, move: dict) -> None:
        try:
            check_move(notation.MOVES, move, None)  # notation.check_shape(move, None), without its call
        except IllegalMove as err:  # the rule of what is asked now, looked up only for a refusal
            err.rule = err.rule or flow.rule_now(state)
            raise

    def apply_resign(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return wq_resign.apply(state, seat, move)

    def apply_standing(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return flow.apply_standing(state, seat, move)

    def apply(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        """Game.apply: the shared preamble, then flow's decision (without apply_decision between).
        A move that plainly passes every check of the preamble goes straight to the decision: a
        seat of the game (an int, not a bool), a decision's move (no resignation or standing
        order) whose shape check_move passes at a glance (MoveSpec.plain), from the seat asked now
        in a running game (flow.current: none once there are winners). Any other move takes the
        preamble, which refuses it as it always did (the same code, rule and message)."""
        if type(move) is dict and type(seat) is int and 0 <= seat < state["players"]:
            kind = move.get("type")
            plain = PLAIN.get(kind) if type(kind) is str else None
            if plain is not None and plain(move):
                frame = flow.current(state)
                if frame is not None and frame["seat"] == seat:
                    return flow.decide(state, frame, move)
        return self.checked_apply(state, seat, move, flow.apply_decision)

    def apply_decision(self, state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
        return flow.apply_decision(state, seat, move)

    def next_state(self, state: State, seat: int, move: dict) -> State:
        """apply's checks and state; the rules build no event text for QUIET (verify, rebuilds)."""
        return self.checked_apply(state, seat, move, quiet_decision)[0]

    def waiting_text(self, state: State, seat: int | None = None) -> Msg:
        """Who the game waits for (the not-your-turn refusal says it), as Game's sentence says it
        (every prompt of this game is public: `public_prompts`)."""
        seats = [say("seat {seat}", seat=prompt.seat) for prompt in self.prompts(state)]
        return say("waiting for {seats}", seats=join(", ", seats)) if seats else say("waiting for nobody")

    def view(self, state: State, seat: int | None) -> dict:
        return V.make_view(state, seat, self.prompts(state))

    def known_state(self, state: State, seat: int) -> dict:
        from core.wizards_quest import sample
        return sample.known_state(state, seat, self.hidden_from(state, seat))

    def sample_state(self, known: dict, seat: int, rng: Rng) -> State:
        from core.wizards_quest import sample
        return cast(State, sample.sample_state(known, seat, rng))

    def hidden_from(self, state: State, seat: int | None) -> list[str]:
        hidden = list(state["deck"]) + list(state["discard"])
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
        if state["winners"] is None:
            return None
        return Result(tuple(state["winners"]), result_sentence(state["winners"], state["reason"]), result_code(state["reason"]))

    def to_json(self, state: State) -> dict:
        return state  # type: ignore[return-value]  # the state is JSON already

    def from_json(self, data: dict) -> State:
        return data  # type: ignore[return-value]

    def render(self, view: dict, seat: int | None) -> str:
        return V.render_view(view, seat)

    def picture(self, view: dict, seat: int | None, touched: frozenset = frozenset(), speak=None) -> str | None:
        from core.wizards_quest import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched, speak)


def quiet_decision(state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    return flow.apply_decision(state, seat, move, QUIET)


GAME = WizardsQuest()
MOVES = notation.MOVES  # the kinds of move
# apply's plain path: each decision's kind of move and its MoveSpec.plain (no resignation or
# standing order, and no kind without a cheap test)
PLAIN = {kind: spec.plain for kind, spec in MOVES.items() if kind not in ("standing", "resign") and spec.plain is not None}
# (seat, kind, text) -> its Prompt, a frozen value built once (asked after every move); and (frame
# kind, seat) -> the same Prompt for a decision without `describe`, whose text its kind fixes
PROMPTS = Memo(4096)


# The stable reason codes of Result (core/wizards_quest/README.md), from the reason stored in the state.
REASON_CODES = {"collected all three treasures": "three-treasures", "last player standing": "last-standing",
                "every player was eliminated": "all-eliminated"}



def result_code(why: str) -> str:
    """The code of a stored reason (kept as written, so stored games hash alike)."""
    return declared_code(RESULT_CODES, REASON_CODES.get(why, "resigned" if why.endswith(" resigned") else None), why)


def result_sentence(winners: list[int], why: str) -> Msg:
    """The stored reason ("collected all three treasures", kept as it is in the state so stored
    games hash alike) as a sentence naming the winner."""
    one = len(winners) == 1
    if one and why == "collected all three treasures":
        return say("{player} collected all three treasures.", player=P(winners[0]))
    if one and why == "last player standing":
        return say("{player} last player standing.", player=P(winners[0]))
    if not one and why == "every player was eliminated":
        return say("every player was eliminated.")
    seat = V.resigned(why)
    if seat is not None:
        return say("{player} resigned.", player=P(seat))
    if why and why[0].islower() and one:  # (a reason no engine writes now: said as stored)
        return say("{player} {reason}.", player=P(winners[0]), reason=why)
    return say("{reason}", reason=why if not why or why.endswith(".") else why + ".")
