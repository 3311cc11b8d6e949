"""The in-process caches drop their least recently used entry when full, not everything:
a busy server keeps the states of the games being played."""
import pytest

from server import state_cache
from server.db import database


def test_a_full_state_cache_drops_the_least_recently_used_game_only(app):
    state_cache.clear()
    state_cache.put(1, 7, "the state of game 1 at move 7")
    for game in range(2, state_cache.LIMIT + 1):
        state_cache.put(game, 0, f"state {game}")
    assert state_cache.get(1, 7, engine=None) == "the state of game 1 at move 7"  # used: now the newest
    state_cache.put(state_cache.LIMIT + 1, 0, "one game too many")
    assert state_cache.get(1, 7, engine=None) == "the state of game 1 at move 7"
    assert state_cache.get(3, 0, engine=None) == "state 3"
    with database.connection_context(), pytest.raises(LookupError):
        state_cache.get(2, 0, engine=None)  # the least recently used: gone, so read from the database (none there)
    state_cache.clear()
