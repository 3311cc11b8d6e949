"""Every error is JSON: {"error": {code, message, rule?, legal?, details}}; this is the
error a client caused or must know about, with its stable code, raised anywhere in the
server. The HTTP layer turns it (and every other exception) into that body:
server/api/error_handlers.py.

Its message is a `Sentence` where the server wrote it (`msg(...)`): the English text, which
logs, operators' commands and old callers read as any string, that also keeps its catalog
message and values, so that the API answers it in the requester's language and mail-in in
the sender's (server/web/i18n/catalogs.py, `said`; `python -m server.web.i18n.extract` finds
every `msg`/`msg_n`). The `code` is the same in every language.
"""
from __future__ import annotations

import logging

from core.protocol import IllegalMove

log = logging.getLogger(__name__)

LEGAL_CAP = 40


class Sentence(str):
    """An English sentence that can be said again in another language: as a string it is the
    English text; `message` (and `plural`, `number` for a count) is its catalog message, with
    %(name)s placeholders, and `values` what fills them (a value may be a Sentence too)."""

    message: str
    plural: str | None
    number: int | None
    values: dict

    def __new__(cls, message: str, values: dict, plural: str | None = None, number: int | None = None):
        english = message if plural is None or number == 1 else plural
        self = super().__new__(cls, english % values)
        self.message, self.plural, self.number, self.values = message, plural, number, values
        return self

    def __str__(self) -> str:
        return self  # str(exc) of an exception raised with a Sentence keeps it translatable

    def __reduce__(self):
        return Sentence, (self.message, self.values, self.plural, self.number)

    def to_json(self) -> dict:
        """The sentence as a row stores it, to be said when it is sent (`from_json`)."""
        values = {key: {"sentence": value.to_json()} if isinstance(value, Sentence) else value
                  for key, value in self.values.items()}
        return {"message": self.message, "plural": self.plural, "number": self.number, "values": values}

    @classmethod
    def from_json(cls, data: dict) -> "Sentence":
        values = {key: cls.from_json(value["sentence"]) if isinstance(value, dict) and "sentence" in value else value
                  for key, value in (data.get("values") or {}).items()}
        return cls(data["message"], values, data.get("plural"), data.get("number"))


def msg(message: str, /, **values) -> Sentence:
    """A server's sentence for a player, marked for translation: `msg("There is no game
    %(game)s.", game=7)`. Names and numbers go in as values, never pasted into the message."""
    return Sentence(message, values)


def msg_n(singular: str, plural: str, number: int, /, **values) -> Sentence:
    """A sentence that depends on a count (`%(num)d` is the count, unless given): each language
    has its own plural forms (Russian three)."""
    values.setdefault("num", number)
    return Sentence(singular, values, plural, number)


def N_(template: str) -> str:
    """A game text's template (`{named}` slots, as stored in an event's "msg" id) marked for the
    catalogs; said in a reader's language by server/web/i18n/gametext.py."""
    return template


GAME_STATUS = {"open": msg("open"), "active": msg("active"), "finished": msg("finished"),
               "cancelled": msg("cancelled")}


def status_word(status: str) -> str:
    """A game's status as a sentence says it ("The game is %(status)s"): translatable."""
    return GAME_STATUS.get(status, status)


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


def no_such_game(game_id: int) -> ApiError:
    """404 `not-found` for a game id that names no game."""
    return ApiError(404, "not-found", msg("There is no game %(game)s.", game=game_id))


def inconsistent_game(game_id: int) -> ApiError:
    """The snapshot disagrees with the games row for good: a hand edit, not a client's doing."""
    log.error("game %s: snapshot does not match the games row", game_id)
    return ApiError(500, "inconsistent-game", msg("This game's stored state is inconsistent; the operator "
                                                  "should run 'herald server verify'."))
