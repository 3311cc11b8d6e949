"""An unexpected exception inside a rules engine is a bug in Herald, not a player's mistake:
it is answered 500 `engine-error` and logged with its traceback, the game and the move
number, so that it is seen and fixed. Only `IllegalMove` (and the server's own ApiError)
is the engine saying "no" to a player."""
from __future__ import annotations

import logging
from contextlib import contextmanager

from peewee import PeeweeException

from core.protocol import IllegalMove
from server.errors import ApiError, msg

log = logging.getLogger("herald.engine")


class EngineError(ApiError):
    def __init__(self, game_id, seq):
        super().__init__(500, "engine-error", msg("The game's rules engine failed on this request. That is a bug "
                                                  "in the server, not your mistake; it has been logged and nothing "
                                                  "was changed."),
                         details={"game": game_id, "seq": seq})


def engine_failed(exc: BaseException, game_id, seq, doing: str) -> EngineError:
    """Log the failure with its traceback and make the 500 answer for it."""
    log.error("engine error while %s: game %s, seq %s: %r", doing, game_id, seq, exc, exc_info=exc)
    return EngineError(game_id, seq)


@contextmanager
def engine_call(game_id, seq, doing: str):
    """Around calls into an engine: IllegalMove, ApiError and database errors (the server's
    own, met while the block also reads or writes) pass through; anything else is an
    EngineError (RecursionError too: an engine must refuse a nested shape, not overflow)."""
    try:
        yield
    except (IllegalMove, ApiError, PeeweeException):
        raise
    except Exception as exc:
        raise engine_failed(exc, game_id, seq, doing) from exc
