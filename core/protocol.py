"""The one protocol every game implements, and the values it speaks in.

The platform (server, client, tests) knows games only through this interface and
the registry in `core.registry`. A game's state is opaque to the platform: it only
ever turns it into JSON (`to_json`), back (`from_json`), and hashes it.

Moves are plain JSON objects (dicts of str/int/bool/list/dict/None, never floats),
so they can be logged, compared canonically and sent over HTTP unchanged.
Seats are numbered 0..players-1 in clockwise order.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from core import canonical, resign, undo
from core.records import Event as Event, IllegalMove as IllegalMove, visible as visible, with_message
from core.rng import Rng
from core.text import join, say, say_n, term
from core.statekeys import Shape

Move = dict
State = Any


# The kinds of prompt every seat may be told of: whose turn it is is public at any table.
PUBLIC_PROMPT_KINDS = frozenset({"turn"})


@dataclass(frozen=True)
class Prompt:
    """A seat that must decide now. `kind`: turn, reaction, face-down, loss, setup, ...

    `text` says in one sentence what is asked (it goes into the notification mail).
    It must not reveal anything the prompted seat's opponents may not know.
    """

    seat: int
    kind: str
    text: str

    def to_json(self) -> dict:
        return with_message({"seat": self.seat, "kind": self.kind, "text": self.text}, self.text)


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (none: nobody won), a sentence for players, and
    `code`, a stable kebab-case reason a script can test ("last-castle", "resigned", ...;
    each game lists its codes in core/<game>/README.md)."""

    winners: tuple[int, ...]
    reason: str
    code: str = ""

    def to_json(self) -> dict:
        return with_message({"winners": list(self.winners), "reason": self.reason, "code": self.code}, self.reason)


def declared_code(codes: dict[str, str], code: str | None, reason: str) -> str:
    """`code` when the game declares it; an ending the game never declared is a bug in the
    engine, raised loudly, so a reworded reason can never quietly lose its code."""
    if code is None or code not in codes:
        raise ValueError(f"No declared result code for the ending {reason!r} (got {code!r})")
    return code


def option_value(table: Mapping[str, "Option"], options: Mapping[str, Any], name: str, key: str | None = None) -> Any:
    """The one way to read an option as a game plays it: its stored value, or for a game created
    before the option existed (no such key in its options), the option's `legacy` reading.
    `table` is the game's options, `options` the game's stored copy of them (a state's, or
    normalized ones); `key` is the name the state stores it under where that is not `name`
    (Wizard's Quest keeps three options of rules version 1 under short keys). Each engine reads
    through its options.py's `option(state, name)`, this read bound to its table (`option_reader`)."""
    value = options.get(name if key is None else key)
    return table[name].legacy if value is None else value


def option_reader(table: Mapping[str, "Option"], stored_as: Mapping[str, str] | None = None) -> Callable[[Any, str], Any]:
    """`option_value` bound to a game's options, as its rules read them on their hot paths:
    `read(state, name)` is `option_value(table, state["options"], name, stored_as.get(name))`,
    with each option's legacy reading and stored key looked up once (one call per read, not two).
    Each engine's options.py makes its `option` with it."""
    legacy = {name: option.legacy for name, option in table.items()}
    if not stored_as:
        def read(state: Any, name: str) -> Any:
            value = state["options"].get(name)
            return legacy[name] if value is None else value
        return read
    keys = {name: stored_as.get(name, name) for name in table}

    def read_stored(state: Any, name: str) -> Any:
        value = state["options"].get(keys[name])
        return legacy[name] if value is None else value
    return read_stored


@dataclass(frozen=True, kw_only=True)
class Option:
    """A game option (a rules switch). `kind` is bool, int or str.

    Options are how a game keeps every rules version it was ever played under (see
    `Game.rules_version`). `since` is the rules version that introduced the option: a game
    created under an earlier version has no such key in its options (so its stored states and
    hashes stay byte for byte what they were) and plays it as `legacy`, the reading before
    the change. `earlier_defaults` holds ((last_version, default), ...) where a later version
    changed the default: a game normalised for an earlier version gets the old default.
    `internal`: not a choice for players (the random stream, a reading kept only so that old
    games replay); `herald rulesets` and the player guides leave it out, a game still takes it.
    """

    default: Any
    help: str
    choices: tuple | None = None
    kind: type = str
    rule: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    since: int = 1
    legacy: Any = None
    earlier_defaults: tuple = ()
    internal: bool = False

    def default_for(self, rules_version: int) -> Any:
        """The default a game created under `rules_version` was given."""
        for last_version, default in sorted(self.earlier_defaults):
            if rules_version <= last_version:
                return default
        return self.default

    def coerce(self, name: str, value: Any) -> Any:
        if isinstance(value, str) and self.kind is not str:
            text = value.strip().lower()
            if self.kind is bool:
                if text in ("1", "true", "yes", "on"):
                    value = True
                elif text in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise IllegalMove("bad-option", say("Option {name} takes true or false, not {value}.", name=name,
                                                             value=repr(value)))
            elif self.kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise IllegalMove("bad-option", say("Option {name} takes a whole number, not {value}.", name=name,
                                                             value=repr(value))) from None
        if self.kind is bool and not isinstance(value, bool):
            raise IllegalMove("bad-option", say("Option {name} takes true or false.", name=name))
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalMove("bad-option", say("Option {name} takes a whole number.", name=name))
        if self.kind is str and not isinstance(value, str):
            raise IllegalMove("bad-option", say("Option {name} takes a word.", name=name))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise IllegalMove("bad-option", say("Option {name} must be one of: {allowed}.", name=name, allowed=allowed))
        if self.minimum is not None and value < self.minimum:
            raise IllegalMove("bad-option", say("Option {name} must be at least {minimum}.", name=name,
                                                 minimum=self.minimum))
        if self.maximum is not None and value > self.maximum:
            raise IllegalMove("bad-option", say("Option {name} must be at most {maximum}.", name=name,
                                                 maximum=self.maximum))
        return value

    def to_json(self) -> dict:
        return {
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices is not None else None,
            "type": self.kind.__name__,
            "rule": self.rule,
            "since": self.since,
            "internal": self.internal,
        }


class Game(ABC):
    """Base class of a game's rules. Subclasses implement the abstract methods.

    Contract (checked for every registered game by tests/core/test_conformance.py):
    - `apply` never mutates its input state and is deterministic;
    - after every move, `from_json(to_json(s))` hashes equal to `s`;
    - `view(state, seat)` holds none of `hidden_from(state, seat)` and never the seed;
    - while `result(state)` is None, `prompts(state)` is not empty;
    - `random_move` only returns moves that `apply` accepts.
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict[str, Option] = {}
    # The rules version new games are created under. A rules fix raises it and reaches
    # stored games only through options (`Option.since`/`legacy`), so every stored game
    # keeps replaying under the rules it was played with. The server records it per game.
    rules_version: int = 1
    # The layout of `to_json`. A change of layout raises it, and `upgrade_state` lifts a
    # stored state of an older layout; the server records the format of every hash it stores.
    state_format: int = 1
    # Older layouts that differ from the current one only by renamed keys, each declared once
    # (core/statekeys.py: {1: state.FORMAT_1}); `upgrade_state` and `downgrade_state` follow
    # the declaration both ways, so a game with renamed keys writes no upgrade code of its own.
    renamed_layouts: dict[int, Shape] = {}
    # Declared facts, so that tests and tools need not hard-code them per game: a number of
    # moves no real game reaches (random playouts stop there), and whether any seat ever
    # holds something another seat may not see (hands, face-down cards, hidden treasure).
    max_moves: int = 100_000
    hidden_information: bool = False
    # Whether who is asked, and what, always follows from what every seat knows (no window that
    # only a holder of some card is asked in): the server then shows every seat every prompt, as
    # such a game's own board says them; otherwise another seat's prompt only of kind "turn".
    public_prompts: bool = False
    # The rule IDs the shared preamble of `apply` names: "bad-seat", "game-over",
    # "not-your-turn", "bad-move" (see `apply`).
    preamble_rules: dict[str, str] = {}
    # A seat skipped at a passed deadline (`on_timeout: skip`, core/skip.py) plays the first of
    # these that is legal; none: the rules let nobody skip (`no_skip_rule` says which rule).
    skip_moves: tuple[dict, ...] = ()
    no_skip_rule: str | None = None
    # Every `Result.code` the game can end with, and when (a line for players and docs), as
    # python-chess declares its Termination: a code is looked up, never made from the
    # reason's English, and an ending with no declared code is an engine error, not "".
    result_codes: dict[str, str] = {}

    # --- the protocol -------------------------------------------------------------

    @abstractmethod
    def setup(self, players: int, options: dict, seed: str, scenario: dict | None = None, *,
              rules_version: int | None = None) -> State:
        """A new game. `rules_version` (default: the current one) decides which options exist
        and their defaults: pass a stored game's version to replay it as it was played."""
        ...

    @abstractmethod
    def prompts(self, state: State) -> list[Prompt]:
        ...

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move, or where the choice is unbounded, patterns: a dict with a
        "pattern" key (its text form with <placeholders>) and "help". A pattern always comes
        with some concrete examples beside it, so that a script choosing only among the
        listed concrete moves can always play on and finish the game."""
        ...

    @abstractmethod
    def random_move(self, state: State, seat: int, rng: Rng) -> Move:
        ...

    def random_playout(self, state: State, rng: Rng, limit: int) -> tuple[State, list[tuple[int, Move]]]:
        """The random player from `state` until the game ends or `limit` moves are played: the last
        state and the (seat, move) list. Each move's seat is drawn among the prompted seats with
        `rng.below`, then the move with `random_move` from the same `rng`: this loop of `prompts`,
        `random_move` and `apply`, which a game may run faster by overriding it with the same
        outcome (the same moves, the same last state; tests/core/test_conformance.py compares the
        two), e.g. on one private copy of the state with no per-move copy and none of `apply`'s
        checks, which a move of the game's own random player passes by construction. Rollouts and
        benchmarks play millions of such moves. `state` is never changed."""
        moves: list[tuple[int, Move]] = []
        while len(moves) < limit and self.result(state) is None:
            prompts = self.prompts(state)
            seat = prompts[rng.below(len(prompts))].seat
            move = self.random_move(state, seat, rng)
            state, _ = self.apply(state, seat, move)
            moves.append((seat, move))
        return state, moves

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """A move by `seat`: the new state and what happened, or IllegalMove. Never mutates
        `state`. The checks every game makes come first, in this order, each naming the game's
        rule from `preamble_rules`: a seat of this game, a resignation (any time), the move's
        shape, a game still running, a standing answer (any time), a seat that is asked now.
        Only then `apply_decision` does the game's own work."""
        return self.checked_apply(state, seat, move, self.apply_decision)

    def next_state(self, state: State, seat: int, move: Move) -> State:
        """`apply`'s new state without what happened, for whoever would throw the events away
        (`verify`, a state rebuilt from the log): the same checks, errors and state. A game whose
        events cost something to write may override it to leave them out (with `checked_apply`)."""
        return self.apply(state, seat, move)[0]

    def checked_apply(self, state: State, seat: int, move: Move, decide) -> tuple[State, list[Event]]:
        """`apply`'s shared preamble, then `decide` (`apply_decision`, or a variant of it with the
        same outcome) on a move the seat may make now."""
        rules = self.preamble_rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.player_count(state):
            raise IllegalMove("bad-seat", say("There is no seat {seat} in this game.", seat=repr(seat)), rules.get("bad-seat"))
        if isinstance(move, dict) and move.get("type") == "resign":  # core.resign.MOVE
            return self._resign(state, seat, move)
        self.check_shape(state, seat, move)
        if self.result(state) is not None:
            raise IllegalMove("game-over", say("The game is over."), rules.get("game-over"))
        if move.get("type") == "standing":
            return self.apply_standing(state, seat, move)
        if not self.is_asked(state, seat):
            raise IllegalMove("not-your-turn", say("You are not asked to decide anything now ({waiting}).",
                                                   waiting=self.waiting_text(state, seat)),
                              self.not_asked_rule(state, seat))
        return decide(state, seat, move)

    def _resign(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """A resignation, accepted at any time while the game runs, whoever is asked."""
        resign.check(move, self.preamble_rules.get("bad-move"))
        if self.result(state) is not None:
            raise IllegalMove("game-over", say("The game is over."), self.preamble_rules.get("game-over"))
        return self.apply_resign(state, seat, move)

    # The hooks of `apply`, for a game that uses its preamble (a game that overrides `apply`
    # needs none of them; one that does not must define player_count, check_shape and
    # apply_decision, and `apply` says which is missing).

    def is_asked(self, state: State, seat: int) -> bool:
        """Is `seat` asked to decide now? From `prompts`; a game may answer it more cheaply."""
        return any(prompt.seat == seat for prompt in self.prompts(state))

    def is_out(self, state: State, seat: int) -> bool:
        """Has `seat` left the game that goes on (resigned, or put out by the rules)? It is
        never asked again; a game nobody leaves before its end keeps this default."""
        return False

    def player_count(self, state: State) -> int:
        raise NotImplementedError(f"{type(self).__name__} plays through Game.apply's preamble, which needs player_count")

    def check_shape(self, state: State, seat: int, move: Move) -> None:
        """Refuse a move that is not one of the game's kinds with its fields (core.movespec)."""
        raise NotImplementedError(f"{type(self).__name__} plays through Game.apply's preamble, which needs check_shape")

    def apply_resign(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """A well-formed resignation in a game not yet over (checked by `apply`)."""
        raise IllegalMove("bad-move", say("{game} has no resignation.", game=term(self.title)),
                          self.preamble_rules.get("bad-move"))

    def apply_standing(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        raise IllegalMove("bad-move", say("{game} has no standing answers.", game=term(self.title)),
                          self.preamble_rules.get("bad-move"))

    def apply_decision(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        raise NotImplementedError(f"{type(self).__name__} plays through Game.apply's preamble, which needs apply_decision")

    def not_asked_rule(self, state: State, seat: int) -> str | None:
        """The rule a not-your-turn error names: by default `preamble_rules`'s; a game whose
        windows or battles ask other seats names the rule that decides who is asked now."""
        return self.preamble_rules.get("not-your-turn")

    def shown_to(self, prompt: Prompt, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may be told of this prompt: every prompt in a game
        whose prompts are public, else a prompt of a public kind (whose turn it is) or its own.
        Another seat's prompt in a window only a holder of some card is asked in would tell
        what that seat holds (the server shows prompts by the same test: server/table/prompts.py)."""
        return self.public_prompts or prompt.kind in PUBLIC_PROMPT_KINDS or prompt.seat == seat

    def waiting_text(self, state: State, seat: int | None = None) -> str:
        """Who the game waits for, for the not-your-turn message to `seat`: the seats it may be
        told of (`shown_to`), and "another seat" for any it may not."""
        prompts = self.prompts(state)
        seats = [say("seat {seat}", seat=prompt.seat) for prompt in prompts if self.shown_to(prompt, seat)]
        if len(seats) < len(prompts):
            seats.append(say("another seat"))
        if not seats:
            return say("waiting for nobody")
        return say("waiting for {seats}", seats=join(", ", seats))

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict:
        ...

    @abstractmethod
    def parse(self, state: State, seat: int, text: str) -> Move:
        ...

    @abstractmethod
    def format(self, move: Move) -> str:
        ...

    @abstractmethod
    def result(self, state: State) -> Result | None:
        ...

    @abstractmethod
    def to_json(self, state: State) -> dict:
        ...

    @abstractmethod
    def from_json(self, data: dict) -> State:
        ...

    @abstractmethod
    def render(self, view: dict, seat: int | None) -> str:
        """The terminal picture of a view (what `herald show` prints)."""
        ...

    # --- optional, with sensible defaults ------------------------------------------

    def summary(self, view: dict, seat: int | None) -> str:
        """The position for mails: by default the whole board as that seat sees it, since a
        player in a slow game often decides from the mail alone."""
        return self.render(view, seat)

    def picture(self, view: dict, seat: int | None, touched: frozenset = frozenset(),
                speak: Callable[[Any], str] | None = None) -> str | None:
        """An SVG picture of a view (the game page's and the mails' board), drawn from the view
        only so it can show no secret; seats as {P0}..{P5} slots like `render`. `touched`: the
        words of the last move's notation (`core.picture.touched_tokens`), whose places it
        marks. `speak`: how the reader's language says a message (core/text.py), which every
        word of the picture is; None: English. None: this game draws no picture."""
        return None

    def hidden_from(self, state: State, seat: int | None) -> list[str]:
        """Strings (unique card ids, ...) that must never appear in `view(state, seat)`."""
        return []

    def public_move(self, state: State, seat: int, move: Move) -> bool:
        """May every seat see that `seat` made this exact move? (Else the log shows
        other seats only the events they may see, and not who moved.)"""
        return True

    def default_move(self, state: State, seat: int) -> Move | None:
        """The answer that applies when a prompted seat's deadline passes, if any."""
        return None

    def preview_state(self, state: State) -> State:
        """The state a preview (dry run) applies a move to. By default the state itself; a game
        with "fast" out-of-turn windows (only seats holding an answer are asked) returns it with
        strict windows, so that a preview never shows whether anyone holds an answer."""
        return state

    def undoable(self, state_before: State, seat: int, move: Move, players: int) -> bool:
        """May `seat`'s `move`, made from `state_before`, be taken back by consent? Only if it
        revealed nothing: by default a public move, no draw from the random stream and nothing
        hidden from any seat before now in its view (core/undo.py); never a resignation."""
        return undo.undoable(self, state_before, seat, move, players)
    def known_state(self, state: State, seat: int) -> dict:
        """What `seat` knows of the whole state (for bots, docs/bots.md): the state's JSON without
        the seed, every card hidden from the seat replaced by a token, every other secret blanked.
        Optional: a game without it has no bots beyond `random`."""
        raise NotImplementedError

    def sample_state(self, known: dict, seat: int, rng: Rng) -> State:
        """A full state consistent with `known` (hidden cards dealt from what is unaccounted for,
        a fresh seed from `rng`): one world the seat cannot tell from the real one."""
        raise NotImplementedError

    def upgrade_state(self, data: dict, from_format: int) -> dict:
        """A stored `to_json` of layout `from_format`, lifted to `state_format`. Each engine
        that changes its layout adds a step here (a rename: `renamed_layouts`); without one, an
        old layout is refused."""
        if from_format == self.state_format:
            return data
        if from_format in self.renamed_layouts:
            return self.renamed_layouts[from_format].upgrade(data)
        raise ValueError(f"{self.name} cannot read state format {from_format} (it writes {self.state_format})")

    def downgrade_state(self, data: dict, to_format: int) -> dict | None:
        """Optional: a `to_json` of the current layout written in the older `to_format`, so
        that `verify` can check hashes stored before a format change. None: cannot."""
        if to_format in self.renamed_layouts:
            return self.renamed_layouts[to_format].downgrade(data)
        return data if to_format == self.state_format else None

    # --- shared helpers -----------------------------------------------------------

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                told = say_n("{game} is for {n} player, not {players}.", "{game} is for {n} players, not {players}.",
                             self.max_players, game=term(self.title), players=players)
            else:
                told = say("{game} is for {least} to {most} players, not {players}.", game=term(self.title),
                           least=self.min_players, most=self.max_players, players=players)
            raise IllegalMove("bad-player-count", told)

    def normalize_options(self, given: dict | None, rules_version: int | None = None) -> dict:
        """Defaults filled in, values coerced from text; unknown names refused. Under an
        earlier `rules_version`, options introduced later are left out (the game plays their
        `legacy` reading) and changed defaults take their earlier value."""
        version = self.rules_version if rules_version is None else rules_version
        offered = {name: opt for name, opt in self.options.items() if opt.since <= version}
        given = dict(given or {})
        unknown = sorted(set(given) - set(offered))
        if unknown:
            known = ", ".join(sorted(offered)) if offered else say("none")
            raise IllegalMove("unknown-option", say("{game} has no option {option} (options: {known}).",
                                                    game=term(self.title), option=repr(unknown[0]), known=known))
        return {name: opt.coerce(name, given[name]) if name in given else opt.default_for(version)
                for name, opt in offered.items()}

    def option_value(self, options: Mapping[str, Any], name: str) -> Any:
        """An option as a game plays it: its value, or for a game created before the option
        existed, its legacy reading (`option_value`, the one reader every engine uses)."""
        return option_value(self.options, options, name)

    def digest(self, data: dict) -> str:
        """The hash of a `to_json` (of any layout): canonical.digest, or the same value computed
        more cheaply by a game that knows its states' shape."""
        return canonical.digest(data)

    def state_hash(self, state: State) -> str:
        return self.digest(self.to_json(state))

    def hash_in(self, state: State, state_format: int) -> str | None:
        """The hash `state` has in layout `state_format` (a hash stored before a layout change),
        or None where this engine cannot write that older layout any more."""
        if state_format == self.state_format:
            return self.state_hash(state)
        older = self.downgrade_state(self.to_json(state), state_format)
        return None if older is None else self.digest(older)

    def same_move(self, a: Move, b: Move) -> bool:
        return canonical.dumps(a) == canonical.dumps(b)

    def describe(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "state_format": self.state_format,
            "options": {k: v.to_json() for k, v in self.options.items()},
        }


@dataclass
class Replay:
    """The outcome of replaying a log: final state, per-move hashes and events."""

    state: State
    hashes: list[str] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)


def replay(game: Game, players: int, options: dict, seed: str, moves: Iterable[tuple[int, Move]],
           scenario: dict | None = None) -> Replay:
    """Full replay from the seed, for tests and benchmarks (`server/store/verify.py` walks the log
    itself, so that it can check each stored hash as it goes and stop at an illegal move)."""
    state = game.setup(players, options, seed, scenario)
    out = Replay(state)
    for seat, move in moves:
        state, events = game.apply(state, seat, move)
        out.hashes.append(game.state_hash(state))
        out.events.append(events)
    out.state = state
    return out


def seat_legend(players: int, seat: int | None) -> str:
    """'Players: P0 {P0}, P1 {P1}; you are P1' — for boards that mark seats as P0..P5 to fit
    their cells; the server writes each player's name in place of {Pn}."""
    names = ", ".join(f"P{s} {{P{s}}}" for s in range(players))
    if seat is None:
        return say("Players: {names}", names=names)
    return say("Players: {names}; you are P{seat}", names=names, seat=seat)
