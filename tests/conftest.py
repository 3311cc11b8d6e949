import os

import pytest

from tests.support.seeds import PerTestSeeds


# Servers the tests start in other processes (gunicorn, `herald server run`) read their
# settings from the environment: many tests register players and fail tokens on purpose from
# one address, so rate limits are off there unless a test turns them on (test_ratelimits.py,
# tests/client/test_retry_after.py). In-process apps get it from their fixtures' configs.
os.environ.setdefault("HERALD_RATELIMIT_ENABLED", "0")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rule ID (explained in docs/rules/) that a test checks")
    config.addinivalue_line("markers", "slow: long random playouts")


@pytest.fixture
def game_seeds(request):
    """The seed source of this test's in-process servers (server/table/seeds.py): the same deals on
    every run, different ones in every test; `game_seeds.pin(seed)` where a test needs one deal."""
    return PerTestSeeds(request.node.nodeid)
