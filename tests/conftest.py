import os

import pytest

from tests.support.seeds import PerTestSeeds


# Servers the tests start in other processes (gunicorn, `herald server run`) read their
# settings from the environment: many tests register players and fail tokens on purpose from
# one address, so rate limits are off there unless a test turns them on (test_ratelimits.py,
# tests/client/test_retry_after.py). In-process apps get it from their fixtures' configs.
os.environ.setdefault("HERALD_RATELIMIT_ENABLED", "0")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """The `herald` command speaks the locale's language (client/i18n.py): every test starts in
    English, whatever the machine's LC_ALL/LC_MESSAGES/LANG, and a test that wants another
    language sets it."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the rule ID (explained in docs/rules/) that a test checks")
    config.addinivalue_line("markers", "slow: long random playouts")


@pytest.fixture
def game_seeds(request):
    """The seed source of this test's in-process servers (server/table/seeds.py): the same deals on
    every run, different ones in every test; `game_seeds.pin(seed)` where a test needs one deal."""
    return PerTestSeeds(request.node.nodeid)
