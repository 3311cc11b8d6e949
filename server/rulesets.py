"""The games this server can host, found through core's registry."""
from __future__ import annotations

import logging

from core import games
from core.protocol import Game
from server.errors import ApiError, msg

log = logging.getLogger(__name__)


def engine(name: str) -> Game:
    """The rules engine for a ruleset name, or 422 `unknown-ruleset`."""
    if not isinstance(name, str) or name not in games:
        known = ", ".join(available_names()) or "none"
        raise ApiError(422, "unknown-ruleset", msg("There is no game called %(name)s here (games: %(games)s).",
                                                   name=repr(name), games=known))
    try:
        return games[name]
    except Exception:  # a game module still being written must not take the server down
        log.exception("ruleset %s failed to import", name)
        raise ApiError(422, "unknown-ruleset", msg("The game %(name)s is not available on this server.",
                                                   name=repr(name))) from None


def available() -> list[Game]:
    """Every registered game whose module imports (a game still being written is skipped)."""
    found = []
    for name in list(games):
        try:
            found.append(games[name])
        except Exception:  # not importable yet: skip it, keep serving the others
            continue
    return found


def available_names() -> list[str]:
    return [g.name for g in available()]
