"""What a decision put to a player is made of: one frozen record per kind (see phases/__init__)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core.protocol import Event
from core.rng import Rng
from core.wizards_quest.state import Frame, State


@dataclass(frozen=True)
class Decision:
    """A kind of decision: the frame "ask-<kind>" on the stack waits for its seat's answer."""

    kind: str  # the frame's kind without "ask-"
    moves: frozenset[str]  # the move types that answer it (others: "wrong-move")
    rule: str  # the rule of what is asked: shape errors name it
    prompt: str  # the Prompt's kind (turn, setup, loss, ...)
    text: str  # the prompt's sentence when `describe` is None
    legal: Callable[[State, Frame], list[dict]]  # the answers, or patterns with examples beside them
    resolve: Callable[[State, Frame, dict, Rng, list[Event]], None]  # check and carry out; pops the frame
    auto: Callable[[State, Frame], dict | None] | None = None  # the answer when there is no real choice
    describe: Callable[[State, Frame], str] | None = None  # the prompt's sentence, with the frame's details
