"""`herald` honours Retry-After on 429 and 503: it waits and sends the request again, a bounded
number of times, and reports a long wait at once instead of sleeping through it."""
import time

import pytest

from client import exitcodes
from client.api import retry_after_seconds
from tests.client.conftest import Herald
from tests.server.live import serving


@pytest.fixture
def limited_url(tmp_path, toy_game):
    from server.app import create_app
    from server.config import load_config
    from server.store.db import database

    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                                  "HERALD_MAIL_DIR": str(tmp_path / "mail"),
                                  "HERALD_RATELIMIT_REGISTER": "3 per 2 seconds",
                                  "HERALD_RATELIMIT_NAME_TAKEN": "1 per hour"}))
    with serving(app) as url:
        yield url
    database.close()


def test_a_short_retry_after_is_waited_out_and_the_request_sent_again(limited_url, tmp_path):
    herald = Herald(limited_url, tmp_path)
    for name in ("ana", "ben", "cat"):
        assert herald("register", name, f"{name}@example.org").exit_code == 0
    started = time.monotonic()
    fourth = herald("register", "dan", "dan@example.org")  # 429 Retry-After 1-3 s: waited, then 201
    assert fourth.exit_code == 0, fourth.stderr
    assert time.monotonic() - started >= 0.9


def test_a_long_retry_after_is_reported_at_once_with_when_to_try_again(limited_url, tmp_path):
    herald = Herald(limited_url, tmp_path)
    assert herald("register", "ana", "ana@example.org").exit_code == 0
    assert herald("register", "ana", "ana@example.org").exit_code == exitcodes.REJECTED  # name-taken
    started = time.monotonic()
    refused = herald("register", "ana", "ana@example.org")  # 429, Retry-After about an hour
    assert refused.exit_code == exitcodes.REJECTED
    assert "rate-limited" in refused.stderr and "try again in 60 minutes" in refused.stderr
    assert time.monotonic() - started < 60  # reported, not slept through


def test_retry_after_reads_seconds_and_http_dates():
    assert retry_after_seconds("7") == 7
    assert retry_after_seconds(None) is None and retry_after_seconds("soon") is None
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0  # in the past: now
    later = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 30))
    assert 25 <= retry_after_seconds(later) <= 31
