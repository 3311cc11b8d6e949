"""The registry of decisions the rules give to players (WQ-TABLE-5, WQ-TABLE-6, WQ-TABLE-7).

KINDS maps a decision kind (the frame "ask-<kind>") to a tuple:
(legal, auto, resolve, prompt kind, prompt text). `legal(st, f)` lists moves or patterns;
`auto(st, f)` is the move the engine makes by itself when there is no real choice or a
standing order applies (else None); `resolve(st, f, move, rng, ev)` checks the move,
carries it out and pops the decision frame. Each *_asks module registers its kinds.
"""
from __future__ import annotations

KINDS: dict[str, tuple] = {}
