"""The Game object: the platform's protocol over setup, phases (the decisions), flow (the
driver), legal (legal and random moves) and view."""
from __future__ import annotations

from typing import cast

from core import resign
from core.medieval_mastery import battle, flow, legal, notation, rules, setup
from core.medieval_mastery import resign as mm_resign
from core.medieval_mastery import view as views
from core.medieval_mastery.options import OPTIONS, option
from core.medieval_mastery.phases import DECISIONS, asked_rule, current_rule, decision_of, legal_moves
from core.medieval_mastery.state import FORMAT_1, HASHER, Ctx, State, clone, clone_for_move
from core.records import new_event
from core.medieval_mastery.notation import PLAIN_TESTS, plain_shape
from core.medieval_mastery.phases.turn import DECISION as MAIN, TURN_MOVES
from core.medieval_mastery.words import reread, seat_word
from core.memo import Memo
from core.phase import prompt, refusal
from core.protocol import Game, IllegalMove, Result, declared_code
from core.text import join, say, term

__all__ = ["GAME", "MedievalMastery", "clone"]

_last_prompts: tuple = (None, (), ())  # the last state asked for, its prompts and the seats asked
TURN_PROMPTS = Memo(4096)  # (seat, stage, step) -> the turn's Prompt
OTHER_PROMPTS = Memo(4096)  # (phase, window kind or None, *seats asked) -> _prompts' Prompts, as a tuple
# The phases whose prompts are their decision's fixed text (commit, support) or the window's kind's.
ASKED_BY_SEATS = frozenset({"window", "commit", "support"})


RESULT_CODES = {
    "vp-target": "a player controls the target VP (13, 11 with Skirmish; MM-WIN-2)",
    "team-target": "a team controls the team target (MM-OPT-ALLIANCE-3)",
    "castle-conquered": "an attacker wins a Castle Siege battle (MM-OPT-SIEGE)",
    "resigned": "the other players resigned (MM-WIN-2)",
}



class MedievalMastery(Game):
    name = "medieval-mastery"
    title = "Medieval Mastery"
    min_players = 2
    max_players = 6
    options = OPTIONS
    # 2: issue 9, resource timing, Fear/Vigour choice, Alliance with Skirmish; 3: the `rng` option
    # (random stream scheme 2 for new games). See options.py.
    rules_version = 3
    # 2: readable state keys (issue 15); stored games of format 1 keep the short ones (state.FORMAT_1).
    state_format = 2
    renamed_layouts = {1: FORMAT_1}
    result_codes = RESULT_CODES
    hidden_information = True  # decks, other hands and face-down conflict cards
    skip_moves = ({"type": "skip"}, {"type": "end"})  # every step after MM-TURN-1 is optional
    max_moves = 20_000  # random playouts end in a few hundred moves; no real game comes near
    preamble_rules = {"bad-seat": "MM-SETUP-1", "game-over": "MM-WIN-2", "not-your-turn": "MM-TURN-9",
                      "bad-move": "MM-TURN-2"}

    # --- setup -------------------------------------------------------------------------

    def check_options(self, players: int, options: dict) -> None:
        """MM-OPT-ALLIANCE-1 and -7. Alliance with Skirmish is allowed (rules version 2): no rulebook
        forbids it; the team target stays the Alliance rule's (or `team-target`), core/medieval_mastery/README.md."""
        teams = self.option_value(options, "teams")
        if teams == "2" and players not in (4, 6):
            raise IllegalMove("bad-option", say("Teams of 2 need 4 or 6 players."), "MM-OPT-ALLIANCE-1")
        if teams == "3" and players != 6:
            raise IllegalMove("bad-option", say("Teams of 3 need 6 players."), "MM-OPT-ALLIANCE-1")
        if teams != "none" and self.option_value(options, "siege"):
            raise IllegalMove("bad-option", say("{alliance} cannot be combined with {siege}.", alliance=term("Alliance"),
                                                siege=term("Castle Siege")), "MM-OPT-ALLIANCE-7")
        target = self.option_value(options, "team-target")
        if target and teams == "none":
            raise IllegalMove("bad-option", say("A team target needs {alliance} teams (option teams).",
                                                alliance=term("Alliance")), "MM-OPT-ALLIANCE-3")
        if target:
            board = rules.BOARDS[players]
            total = sum(vp * len(slots) for vp, slots in board.slots_by_vp.items())
            if target > total:
                raise IllegalMove("bad-option", say("A team target of {target} VP cannot be reached: the {players}-player "
                                                    "map holds {total} VP in all.", target=target, players=players,
                                                    total=total), "MM-OPT-ALLIANCE-3")

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self.check_players(players)
        options = self.normalize_options(options, rules_version)
        self.check_options(players, options)
        st, _events = setup.setup_state(players, options, str(seed))
        if scenario is not None:
            st = setup.apply_scenario(st, scenario)
        return st

    # --- protocol ---------------------------------------------------------------------

    def prompts(self, state):
        global _last_prompts
        last = _last_prompts  # one read: another thread may replace it, never change it
        if last[0] is state:  # asked again for the same state (the server, then the apply preamble)
            return list(last[1])
        if state["win"] is not None:
            return []
        phase = state["phase"]
        if phase == "main":
            # The active player's turn (most moves) asks for the Prompt of the seat and step in
            # TURN_PROMPTS first: the same one, made by the same call (its text is turn.asked's,
            # of stage and step).
            seat = state["active"]
            key = (seat, state["stage"], state["step"])
            turn = TURN_PROMPTS.get(key)
            if turn is None:
                turn = TURN_PROMPTS.keep(key, prompt(DECISIONS["main"], seat, state, seat))
            _last_prompts = (state, (turn,), (seat,))
            return [turn]
        seats = legal.prompted(state)
        if phase in ASKED_BY_SEATS:
            # A window, the conflict cards, a support opportunity: OTHER_PROMPTS, by what _prompts
            # reads (the seats asked, and the window's kind: WINDOW_TEXT), the same Prompts.
            key = (phase, state["window"]["kind"] if phase == "window" else None, *seats)
            found = OTHER_PROMPTS.get(key)
            if found is None:
                found = OTHER_PROMPTS.keep(key, tuple(self._prompts(state)))
        else:
            found = tuple(self._prompts(state))
        _last_prompts = (state, found, tuple(seats))  # states are values: never changed once made
        return list(found)

    def _prompts(self, state):
        """Its decision's Prompt (core.phase.prompt, made once) for each seat asked, outside the
        active player's turn (prompts answers that itself)."""
        if state["win"] is not None:
            return []
        phase = state["phase"]
        decision = DECISIONS[phase] if phase != "choice" else decision_of(state)  # (decision_of, mostly inlined)
        return [prompt(decision, seat, state, seat) for seat in legal.prompted(state)]

    def legal_moves(self, state, seat):
        return legal_moves(state, seat)

    # legal.random_move itself (in the active player's turn legal.random_main), without a frame
    # of the game's between.
    random_move = staticmethod(legal.random_move)

    def preview_state(self, state):
        """Strict windows: in fast mode a preview would show who holds a Fracture or support card."""
        return {**state, "options": {**state["options"], "windows": "strict"}}

    def default_move(self, state, seat):
        return legal.default_move(state, seat)

    # --- the hooks of Game.apply (the shared preamble) ----------------------------------

    def not_asked_rule(self, state, seat):
        """The rule that decides who is asked now, not always the turn's: a window, a battle or a
        choice asks someone else."""
        return asked_rule(state)

    def is_out(self, state, seat):
        return seat in state.get("gone", ())  # resigned (MM-WIN-2); the rules put nobody out

    def is_asked(self, state, seat):
        """The seats prompted, without building the prompts."""
        return seat in legal.prompted(state)

    def player_count(self, state):
        return state["players"]

    def apply(self, state, seat, move):
        """Game.apply: the shared preamble, then apply_decision. A move that plainly passes every
        check of the preamble goes straight to apply_decision: a seat of the game (an int, not a
        bool), a decision's move (no resignation or standing answer) whose shape check_shape
        passes at a glance (notation.plain_shape), in a running game (no winner), from a seat
        asked now (legal.prompted; the seats `prompts` named, when it was last asked for this very
        state: the random player asks it just before the move). Any other move takes the preamble,
        which refuses it as it always did (the same code, rule and message);
        tests/core/medieval_mastery/test_apply_paths.py compares the two."""
        if type(move) is dict and type(seat) is int and 0 <= seat < state["players"] and state["win"] is None:
            kind, phase = move.get("type"), state["phase"]  # (plain_shape's test of the kind, without its frame)
            test = PLAIN_TESTS.get(kind) if type(kind) is str else None
            if ((test(move) if test is not None else plain_shape(move))
                    and (seat == state["active"] if phase == "main"
                         else seat in (last[2] if (last := _last_prompts)[0] is state else legal.prompted(state)))):
                return self.apply_decision(state, seat, move)
        return self.checked_apply(state, seat, move, self.apply_decision)

    def check_shape(self, state, seat, move):
        """The MOVES table; a shape error names the rule of what the seat is asked now."""
        try:
            notation.check_shape(move)
        except IllegalMove as err:  # worked out only on the error path
            err.rule = current_rule(state, seat)
            raise

    def apply_resign(self, state, seat, move):
        return mm_resign.apply(state, seat, move)

    def apply_standing(self, state, seat, move):
        """A standing answer to Fracture windows, from any seat at any time (MM-ASYNC-2); a window
        waiting for this seat may move on at once."""
        st = clone_for_move(state)
        ctx = Ctx(st, state)
        ctx.values("standing")[seat] = move["pass"]
        ctx.ev.append(new_event((say("Standing answer set: {move}.", move=notation.format_move(move)), (seat,), None)))
        flow.settle(ctx)
        ctx.close()
        return st, ctx.ev

    def waiting_text(self, state, seat=None):
        """Whom the game waits for, told to `seat`: a seat asked in a fast window is named to
        itself alone (`Game.shown_to`), to the others as "another seat"."""
        prompts = sorted(self.prompts(state), key=lambda prompt: prompt.seat)
        named: list = [f"P{prompt.seat}" for prompt in prompts if self.shown_to(prompt, seat)]
        if len(named) < len(prompts):
            named.append(say("another seat"))
        waiting = join(", ", named) if named else say("nobody")
        return say("waiting for {seats}, turn of {active}", seats=waiting, active=seat_word(state["active"]))

    def apply_decision(self, state, seat, move):
        """The decision asked now refuses a move it does not take (core.phase.check), or carries
        it out on a copy-on-write working copy (core.phase.decide); then what follows by itself.
        (check and decide inlined, and decision_of when no choice is asked: every move comes here.)"""
        phase = state["phase"]
        decision = DECISIONS[phase] if phase != "choice" else decision_of(state)
        kind = move["type"]
        try:
            if kind not in decision.moves:
                raise refusal(decision, kind, state, seat, move)
            st = clone_for_move(state)
            ctx = Ctx(st, state)
            if decision is MAIN and seat == st["active"]:  # (the turn's move: turn.resolve, without its frame)
                TURN_MOVES[kind](ctx, seat, move)
            else:
                decision.resolve(ctx, seat, move)
        except IllegalMove as err:
            add_legal(err, state, seat)
            raise
        if st["win"] is not None or st["phase"] in SETTLING:  # (flow.settle has nothing to do otherwise)
            flow.settle(ctx)
        if ctx._rng is not None:  # (ctx.close: only a move that drew has a counter to store)
            ctx.close()
        return st, ctx.ev

    def public_move(self, state, seat, move):
        if not isinstance(move, dict):
            return True
        kind = move.get("type")
        if kind in ("standing", "conflict"):
            return False
        if state.get("phase") in ("window", "support") and kind == "pass" and option(state, "windows") == "fast":
            return False  # fast: being asked at all shows a Fracture / support card in hand
        return True

    def view(self, state, seat):
        return views.view(state, seat)

    def hidden_from(self, state, seat):
        return views.hidden_from(state, seat)

    def render(self, view, seat):
        return views.render(view, seat)

    def picture(self, view, seat, touched=frozenset(), speak=None):
        from core.medieval_mastery import picture  # Jinja2 is loaded only by who draws

        return picture.picture(view, seat, touched, speak)

    # --- the bots' worlds (sample.py, loaded only by the bots) ------------------------------

    def known_state(self, state, seat):
        from core.medieval_mastery import sample
        return sample.known_state(state, seat)

    def sample_state(self, known, seat, rng):
        from core.medieval_mastery import sample
        return sample.sample_state(known, seat, rng)

    def parse(self, state, seat, text):
        if (resigning := resign.parse(text)) is not None:
            return resigning
        rule = current_rule(state, seat) if isinstance(seat, int) and 0 <= seat < state["players"] else None
        return notation.parse(text, rule)

    def format(self, move):
        return resign.NOTATION if resign.is_resign(move) else notation.format_move(move)

    def result(self, state):
        win = state["win"]
        if win is None:
            return None
        return Result(tuple(win["seats"]), reread(win["reason"]), result_code(state))

    def to_json(self, state):
        """The state is JSON-native already and never changed in place (apply works on a clone)."""
        return state

    def from_json(self, data):
        return data

    def digest(self, data):
        """canonical.digest, reusing the text of the parts moves share (state.HASHER), in either
        format: a format-1 downgrade keeps the state's lists, so verify of old games is cheap too."""
        return HASHER.digest(data)


def add_legal(err: IllegalMove, state: State, seat: int) -> None:
    """A decision's refusal is told what is legal instead (worked out only on the error path)."""
    if err.legal is None:
        err.legal = [m["pattern"] if "pattern" in m else notation.format_move(m) for m in legal_moves(state, seat)][:40]


# The phases flow.settle runs steps in (a window, a battle), besides ending a won game.
SETTLING = frozenset({"window", "battle"})


def result_code(st: State) -> str:
    """The stable reason code of a finished game (core/medieval_mastery/README.md), read from the
    position so that stored states keep their layout: a castle taken in a siege, a VP target
    reached (by a player or a team), else a resignation."""
    win = cast(dict, st["win"])
    if "code" in win:  # a resignation or later rule may name its own
        return declared_code(RESULT_CODES, win["code"], win["reason"])
    b = st["battle"]
    if b is not None and b["siege"] and b["step"] == battle.END and win["seats"] == [b["attacker"]]:
        return "castle-conquered"
    if sum(rules.vp(st, seat) for seat in win["seats"]) >= rules.target_vp(st):
        return "team-target" if option(st, "teams") != "none" else "vp-target"
    return "resigned"


GAME = MedievalMastery()
