"""Rate limits per client address (Flask-Limiter): 429 `rate-limited` with Retry-After and a
JSON body; registration, name-taken answers, joins and token failures each counted."""
import pytest


@pytest.fixture
def limited(config, toy_game):
    """An app with small limits of its own (the other tests run with limits off)."""
    from server.app import create_app
    from server.store.db import database

    app = create_app({**config, "RATELIMIT_ENABLED": True, "RATELIMIT_REGISTER": "3 per minute",
                      "RATELIMIT_NAME_TAKEN": "2 per minute", "RATELIMIT_JOIN": "4 per minute",
                      "RATELIMIT_AUTH_FAILURES": "3 per hour"})
    yield app.test_client()
    database.close()


def register(client, name, address="127.0.0.1"):
    return client.post("/players", json={"name": name, "email": f"{name}@example.org"},
                       environ_base={"REMOTE_ADDR": address})


def assert_limited(response, what):
    assert response.status_code == 429, response.json
    error = response.json["error"]
    assert error["code"] == "rate-limited" and what in error["message"] and "try again in" in error["message"]
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= error["details"]["retry_after"] + 1
    return retry_after


def test_registrations_are_limited_per_address(limited):
    assert [register(limited, f"p{i}").status_code for i in range(3)] == [201] * 3
    assert 50 <= assert_limited(register(limited, "p3"), "registrations") <= 61
    assert register(limited, "p4", address="127.0.0.2").status_code == 201  # another address


def test_name_taken_answers_are_limited_so_names_cannot_be_probed(limited):
    assert register(limited, "alice").status_code == 201
    assert [register(limited, "alice", "127.0.0.3").status_code for _ in range(2)] == [409, 409]
    assert_limited(register(limited, "alice", "127.0.0.3"), "names already taken")
    assert_limited(register(limited, "bob", "127.0.0.3"), "names already taken")  # no more probing at all


def test_past_the_limit_wrong_tokens_get_429_on_every_endpoint_and_right_ones_still_work(limited):
    token = register(limited, "alice").json["token"]
    wrong = {"Authorization": "Bearer not-a-token"}
    assert [limited.get("/players/me", headers=wrong).status_code for _ in range(3)] == [401] * 3
    assert 3000 <= assert_limited(limited.get("/players/me", headers=wrong), "wrong token") <= 3601
    assert_limited(limited.get("/games", headers=wrong), "wrong token")  # one counter for every endpoint
    assert_limited(limited.post("/games/join", json={"invite": "x"}), "wrong token")  # no token is wrong too
    assert limited.get("/games", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert limited.get("/players/me", headers=wrong, environ_base={"REMOTE_ADDR": "127.0.0.9"}).status_code == 401


def test_a_browser_refused_by_a_limit_on_the_game_page_gets_a_page(limited):
    """A game page opened without its link counts as a wrong token; past the limit the browser
    got raw JSON ('{"error": {"code": "rate-limited", ...}}'). It gets the refusal page, with the
    same status and Retry-After; a script, or the page's own long-poll, still gets JSON."""
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    statuses = [limited.get("/play/1", headers=browser, environ_base={"REMOTE_ADDR": "127.0.0.7"}).status_code
                for _ in range(3)]
    assert statuses == [401] * 3
    page = limited.get("/play/1", headers=browser, environ_base={"REMOTE_ADDR": "127.0.0.7"})
    assert page.status_code == 429 and page.mimetype == "text/html" and int(page.headers["Retry-After"]) > 1
    assert "try again in" in page.get_data(as_text=True)
    polled = limited.get("/play/1/wait", environ_base={"REMOTE_ADDR": "127.0.0.7"})
    assert polled.status_code == 429 and polled.json["error"]["code"] == "rate-limited"


def test_joins_are_limited(limited):
    token = register(limited, "alice").json["token"]
    auth = {"Authorization": f"Bearer {token}"}
    statuses = [limited.post("/games/join", json={"invite": f"nosuchinvite{i:04d}"}, headers=auth).status_code
                for i in range(5)]
    assert statuses == [404] * 4 + [429]


def test_limits_off_and_malformed_limits(config):
    from server.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="HERALD_RATELIMIT_JOIN"):
        load_config({"HERALD_RATELIMIT_JOIN": "lots"})
    assert load_config({"HERALD_RATELIMIT_ENABLED": "off"})["RATELIMIT_ENABLED"] is False
    assert load_config({})["RATELIMIT_REGISTER"] == "10 per minute;100 per day"


def test_behind_a_proxy_the_forwarded_address_is_counted(config, toy_game):
    from server.app import create_app
    from server.store.db import database

    client = create_app({**config, "RATELIMIT_ENABLED": True, "RATELIMIT_REGISTER": "1 per minute",
                         "PROXIES": 1}).test_client()
    try:
        first = client.post("/players", json={"name": "a", "email": "a@example.org"},
                            headers={"X-Forwarded-For": "203.0.113.5"})
        second = client.post("/players", json={"name": "b", "email": "b@example.org"},
                             headers={"X-Forwarded-For": "203.0.113.6"})
        third = client.post("/players", json={"name": "c", "email": "c@example.org"},
                            headers={"X-Forwarded-For": "203.0.113.6"})
    finally:
        database.close()
    assert (first.status_code, second.status_code, third.status_code) == (201, 201, 429)


def test_health_has_no_warning_for_one_sqlite_server_counting_in_memory(limited):
    health = limited.get("/health")
    assert health.status_code == 200 and health.json["warnings"] == []


def test_a_shared_store_that_does_not_answer_lets_requests_through_and_health_says_so(config, toy_game):
    """Rate limits in a Redis that is down (or not there): registration and a wrong token are
    answered as usual, unlimited, rather than failing; /health names the store (no password)."""
    pytest.importorskip("redis", reason="the redis client library is not installed (pip install '.[test]')")
    from server.app import create_app
    from server.store.db import database
    from tests.server.mailbox import free_port

    port = free_port()  # nobody listens there
    app = create_app({**config, "RATELIMIT_ENABLED": True, "RATELIMIT_REGISTER": "1 per minute",
                      "RATELIMIT_STORAGE_URI": f"redis://:sesame@127.0.0.1:{port}/0"})
    try:
        client = app.test_client()
        assert [register(client, f"p{i}").status_code for i in range(3)] == [201] * 3
        assert client.get("/players/me", headers={"Authorization": "Bearer wrong"}).status_code == 401
        health = client.get("/health")
        assert health.status_code == 200 and health.json["ok"]
        [warning] = health.json["warnings"]
        assert f"redis://127.0.0.1:{port}/0 does not answer" in warning and "sesame" not in warning
    finally:
        database.close()


def test_a_store_that_cannot_be_used_is_said_at_startup(config, toy_game):
    from server.app import create_app
    from server.config import ConfigError

    with pytest.raises(ConfigError, match="HERALD_RATELIMIT_STORAGE_URI cannot be used"):
        create_app({**config, "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": "nosuchstore://127.0.0.1:1"})
