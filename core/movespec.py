"""Moves declared as data: one `MoveSpec` per kind of move, checked by one function.

A game lists its kinds of move in `notation.py` as `MOVES: dict[str, MoveSpec]`. The shape of
a move (its type, which fields it has, their kinds and ranges) is then checked here, the same
way in every game and with the same sentences, and the notation help printed by the CLI and
the docs is generated from the same table. What remains in a game is only what a table cannot
say: checks across fields and against the position.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from core.protocol import IllegalMove
from core.text import say

KIND_WORDS = {int: say("a whole number"), str: say("a word"), bool: say("true or false"), list: say("a list"),
              dict: say("an object")}
PLURAL_WORDS = {int: say("whole numbers"), str: say("words"), bool: say("true or false"), dict: say("objects")}


@dataclass(frozen=True, kw_only=True)
class Field:
    """One field of a move. `items` is the kind of a list's elements; `minimum`/`maximum`
    bound a number or a list's length; `choices` lists the allowed values."""

    name: str
    kind: type = str
    required: bool = True
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    items: type | None = None

    def check(self, move_type: str, value: Any, rule: str | None) -> None:
        where = {"field": repr(self.name), "move": repr(move_type)}
        if not _is_kind(value, self.kind):
            raise IllegalMove("bad-move", say("The {field} of a {move} move must be {kind}.", **where,
                                              kind=KIND_WORDS.get(self.kind, self.kind.__name__)), rule)
        if self.items is not None and not all(_is_kind(item, self.items) for item in value):
            raise IllegalMove("bad-move", say("The {field} of a {move} move must list only {kinds}.", **where,
                                              kinds=PLURAL_WORDS.get(self.items, self.items.__name__)), rule)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(choice) for choice in self.choices)
            raise IllegalMove("bad-move", say("The {field} of a {move} move must be one of {allowed}, not {value}.",
                                              **where, allowed=allowed, value=repr(value)), rule)
        size = len(value) if self.kind is list else value
        if self.minimum is not None and size < self.minimum:
            least = (say("The {field} of a {move} move must be at least {minimum} entries.", **where, minimum=self.minimum)
                     if self.kind is list else
                     say("The {field} of a {move} move must be at least {minimum}.", **where, minimum=self.minimum))
            raise IllegalMove("bad-move", least, rule)
        if self.maximum is not None and size > self.maximum:
            most = (say("The {field} of a {move} move must be at most {maximum} entries.", **where, maximum=self.maximum)
                    if self.kind is list else
                    say("The {field} of a {move} move must be at most {maximum}.", **where, maximum=self.maximum))
            raise IllegalMove("bad-move", most, rule)


@dataclass(frozen=True, kw_only=True)
class MoveSpec:
    """A kind of move: its `type`, fields, how it is written (`notation`, with <placeholders>)
    and one sentence of help. `rule` is the rule ID a shape error names (else the caller's)."""

    type: str
    fields: tuple[Field, ...] = ()
    notation: str = ""
    help: str = ""
    rule: str | None = None
    # A cheap test compiled from the fields, passed by the usual well-formed move (random
    # playouts and bots check millions); None where the spec has optional fields or lists.
    plain: Callable[[dict], bool] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", _plain_shape(self))


def check_move(specs: dict[str, MoveSpec], move: Any, rule: str | None = None) -> MoveSpec:
    """The spec of `move`, or IllegalMove "bad-move" naming what is wrong with its shape."""
    kind = move.get("type") if type(move) is dict else None
    if type(kind) is str:
        spec = specs.get(kind)
        if spec is not None and spec.plain is not None and spec.plain(move):
            return spec
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad-move", say('A move is a JSON object with a "type".'), rule)
    spec = specs.get(move["type"])
    if spec is None:
        kinds = ", ".join(sorted(specs))
        raise IllegalMove("bad-move", say("There is no move of type {type} (moves: {kinds}).", type=repr(move["type"]),
                                          kinds=kinds), rule)
    rule = spec.rule or rule
    names = {f.name for f in spec.fields}
    unknown = sorted((key for key in move if key != "type" and key not in names), key=str)
    if unknown:
        raise IllegalMove("bad-move", say("A {move} move has no field {field}.", move=repr(spec.type),
                                          field=repr(unknown[0])), rule)
    for f in spec.fields:
        if f.name in move:
            f.check(spec.type, move[f.name], rule)
        elif f.required:
            raise IllegalMove("bad-move", say("A {move} move needs its {field}.", move=repr(spec.type),
                                              field=repr(f.name)), rule)
    return spec


def notation_help(specs: Iterable[MoveSpec] | dict[str, MoveSpec]) -> list[str]:
    """'notation — help' lines, in the table's order, for the CLI and the docs."""
    listed = specs.values() if isinstance(specs, dict) else specs
    return [f"{spec.notation or spec.type} — {spec.help}" if spec.help else (spec.notation or spec.type)
            for spec in listed]


def _is_kind(value: Any, kind: type) -> bool:
    if kind is int:  # JSON has no separate bool, and True must not pass as 1
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _plain_value(f: Field) -> Callable[[object], bool] | None:
    """A test of one field's value that never accepts what Field.check refuses (None: no cheap test)."""
    if f.kind is bool and f.choices is None:
        return lambda v: type(v) is bool
    if f.kind is int and f.choices is None:
        low, high = f.minimum, f.maximum
        if low is not None and high is not None:
            return lambda v: type(v) is int and low <= v <= high
        return lambda v: type(v) is int and (low is None or low <= v) and (high is None or v <= high)
    if f.kind is object and f.choices is None and f.minimum is None and f.maximum is None and f.items is None:
        return ANY_VALUE  # the game checks it itself
    if f.kind is str and f.minimum is None and f.maximum is None:
        if f.choices is None:
            return lambda v: type(v) is str
        allowed = frozenset(f.choices)
        return lambda v: type(v) is str and v in allowed
    if f.kind is dict and f.choices is None and f.minimum is None and f.maximum is None:
        return lambda v: type(v) is dict
    if f.kind is list and f.choices is None and f.items in (str, int, bool, dict, list, None):
        return _plain_list(f.minimum, f.maximum, f.items)
    return None


def ANY_VALUE(value: object) -> bool:
    """The cheap test of a field that takes any value (never called: only its keys are checked)."""
    return True


def _plain_list(low: int | None, high: int | None, items: type | None) -> Callable[[object], bool]:
    def test(v: object) -> bool:
        if type(v) is not list or (low is not None and len(v) < low) or (high is not None and len(v) > high):
            return False
        return items is None or all(type(item) is items for item in v)  # type(): True is no int here
    return test


def _plain_shape(spec: MoveSpec) -> Callable[[dict], bool] | None:
    """True for a move with only the spec's fields, its required ones among them, each with a
    plainly valid value (None where a field has no cheap test: the full check only)."""
    tests = {f.name: test for f in spec.fields if (test := _plain_value(f)) is not None}
    if len(tests) != len(spec.fields):
        return None
    keys = frozenset(tests) | {"type"}
    required = frozenset(f.name for f in spec.fields if f.required)
    typed = tuple((name, test) for name, test in tests.items() if test is not ANY_VALUE)

    def plain(move: dict) -> bool:  # the keys as sets (in C), then only the values with a test
        fields = move.keys()
        if not (keys.issuperset(fields) and fields >= required):  # (the set's own method, the view's operator:
            return False  # no NotImplemented from frozenset's <= before the view's reflected >=)
        for name, test in typed:
            if name in fields and not test(move[name]):
                return False
        return True
    return plain
