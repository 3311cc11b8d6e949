"""Every error is JSON: {"error": {code, message, rule?, legal?, details}}; this is the
error a client caused or must know about, with its stable code, raised anywhere in the
server. The HTTP layer turns it (and every other exception) into that body:
server/api/error_handlers.py.
"""
from __future__ import annotations

import logging

from core.protocol import IllegalMove

log = logging.getLogger(__name__)

LEGAL_CAP = 40


class ApiError(Exception):
    """An error a client caused or must know about, with its stable code."""

    def __init__(self, status: int, code: str, message: str, *, rule: str | None = None,
                 legal: list | None = None, details: dict | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.legal = legal
        self.details = details or {}

    def body(self) -> dict:
        error = {"code": self.code, "message": self.message, "details": self.details}
        if self.rule is not None:
            error["rule"] = self.rule
        if self.legal is not None:
            error["legal"] = self.legal
        return {"error": error}


def capped_legal(texts: list[str], details: dict) -> list[str]:
    """At most LEGAL_CAP alternatives; details['more'] says how many were left out."""
    if len(texts) > LEGAL_CAP:
        details["more"] = len(texts) - LEGAL_CAP
        return texts[:LEGAL_CAP]
    return texts


def from_illegal(exc: IllegalMove, status: int = 422, code: str | None = None,
                 legal: list[str] | None = None, names=None) -> ApiError:
    """An IllegalMove as an ApiError; the game's own code is kept in details['reason'].
    `names`, where given, writes player names into the game's {P0}..{P5} slots."""
    details = {"reason": exc.code}
    texts = legal if legal is not None else exc.legal
    message = exc.message
    if names is not None:
        message = names(message)
        texts = [names(t) for t in texts] if texts is not None else None
    return ApiError(status, code or exc.code, message, rule=exc.rule,
                    legal=capped_legal(list(texts), details) if texts is not None else None,
                    details=details)


def inconsistent_game(game_id: int) -> ApiError:
    """The snapshot disagrees with the games row for good: a hand edit, not a client's doing."""
    log.error("game %s: snapshot does not match the games row", game_id)
    return ApiError(500, "inconsistent-game", "This game's stored state is inconsistent; the operator "
                    "should run 'herald server verify'.")
