"""Mailed codes cannot flood a mailbox (issue 24): `POST /players/recover` and
`POST /players/me/email` are limited per client address and per address mailed, with the
limits the server ships with, and their answers never tell whether an address is registered."""
from __future__ import annotations

import pytest

from server.store.models import Notification

PER_TARGET = 5  # the shipped RATELIMIT_MAIL_TO: 5 per hour
PER_CLIENT = 20  # the shipped RATELIMIT_MAIL_REQUESTS: 20 per hour


@pytest.fixture
def shipped(config, toy_game):
    """The API of an app with the shipped limits on (the other server tests turn them off)."""
    from server.app import create_app
    from server.store.db import database
    from tests.server.conftest import Api

    yield Api(create_app({**config, "RATELIMIT_ENABLED": True}).test_client())
    database.close()


def recover(api, email: str, client: str = "127.0.0.1"):
    return api.call("POST", "/players/recover", json={"email": email}, environ_base={"REMOTE_ADDR": client})


def mails_to(email: str) -> int:
    return Notification.select().where(Notification.email == email).count()


def limited(response, what: str) -> dict:
    """A 429 in the API's error format, with Retry-After; its body without the seconds."""
    assert response.status_code == 429, response.json
    error = response.json["error"]
    assert error["code"] == "rate-limited" and what in error["message"] and "try again in" in error["message"]
    assert 1 <= int(response.headers["Retry-After"]) <= error["details"]["retry_after"] + 1
    return {**error, "details": {**error["details"], "retry_after": None}}


def test_thirty_recoveries_for_one_address_mail_it_a_bounded_number_of_times(shipped):
    shipped.register("alice")
    # Spelt differently, the address is one mailbox: each spelling finds alice's account.
    spellings = ["alice@example.org", "Alice@Example.org", "ALICE@EXAMPLE.ORG"]
    answers = [recover(shipped, spellings[i % 3]) for i in range(30)]
    assert [a.status_code for a in answers] == [202] * PER_TARGET + [429] * (30 - PER_TARGET)
    limited(answers[-1], "codes were asked for that mail address")
    assert mails_to("alice@example.org") == PER_TARGET


def test_registered_and_unregistered_addresses_get_the_same_answers(shipped):
    shipped.register("alice")
    for _ in range(30):
        known = recover(shipped, "alice@example.org", "127.0.0.2")
        unknown = recover(shipped, "nobody@example.org", "127.0.0.3")
        assert known.status_code == unknown.status_code
        if known.status_code == 202:
            assert (known.json["sent_to"], unknown.json["sent_to"]) == ("alice@example.org", "nobody@example.org")
        else:
            assert limited(known, "try again") == limited(unknown, "try again")
    assert known.status_code == 429


def test_another_client_is_still_limited_for_that_address(shipped):
    shipped.register("alice")
    assert [recover(shipped, "alice@example.org").status_code for _ in range(PER_TARGET)] == [202] * PER_TARGET
    limited(recover(shipped, "alice@example.org", "127.0.0.9"), "that mail address")
    limited(recover(shipped, "alice+again@example.org", "127.0.0.10"), "that mail address")  # a +tag: one mailbox
    assert recover(shipped, "bob@example.org", "127.0.0.9").status_code == 202
    assert mails_to("alice@example.org") == PER_TARGET


def test_one_client_is_limited_across_addresses(shipped):
    statuses = [recover(shipped, f"u{i}@example.org", "127.0.0.4").status_code for i in range(PER_CLIENT + 5)]
    assert statuses == [202] * PER_CLIENT + [429] * 5
    limited(recover(shipped, "u99@example.org", "127.0.0.4"), "requests for mailed codes from your address")
    assert recover(shipped, "u99@example.org", "127.0.0.5").status_code == 202


def test_address_change_codes_are_limited_per_target_and_share_its_count(shipped):
    alice = shipped.register("alice")
    shipped.register("bob")
    answers = [shipped.call("POST", "/players/me/email", alice, json={"email": "victim@example.org"})
               for _ in range(30)]
    assert [a.status_code for a in answers] == [202] * PER_TARGET + [429] * (30 - PER_TARGET)
    limited(answers[-1], "that mail address")
    assert mails_to("victim@example.org") == PER_TARGET
    # One mailbox, one count: recovery codes and address-change codes together.
    limited(recover(shipped, "victim@example.org", "127.0.0.6"), "that mail address")
    for _ in range(PER_TARGET):
        assert recover(shipped, "bob@example.org", "127.0.0.7").status_code == 202
    limited(shipped.call("POST", "/players/me/email", alice, json={"email": "bob@example.org"},
                         environ_base={"REMOTE_ADDR": "127.0.0.8"}), "that mail address")
    assert mails_to("bob@example.org") == PER_TARGET


def test_the_mail_limits_are_settings():
    from server.config import ConfigError, load_config

    shipped = load_config({})
    assert (shipped["RATELIMIT_MAIL_TO"], shipped["RATELIMIT_MAIL_REQUESTS"]) == (
        "5 per hour;20 per day", "20 per hour;100 per day")
    with pytest.raises(ConfigError, match="HERALD_RATELIMIT_MAIL_TO"):
        load_config({"HERALD_RATELIMIT_MAIL_TO": "often"})
