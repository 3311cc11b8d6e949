"""A JSON integer longer than Python converts (4,300 digits) in any body is the client's
mistake: 422 `number-too-long`, never a 500, with or without a token."""
import pytest

HUGE = "7" * 4301


@pytest.mark.parametrize("method,path,template", [
    ("POST", "/players", '{"name": "zed", "email": "z@example.org", "extra": %s}'),
    ("POST", "/games", '{"ruleset": "toy-race", "seats": %s}'),
    ("POST", "/games", '{"ruleset": "toy-race", "seats": 2, "options": {"target": -%s}}'),
    ("POST", "/games/join", '{"invite": "abc", "n": [%s]}'),
    ("PUT", "/games/1/moves/0", '{"move": {"play": %s}}'),
])
def test_a_huge_integer_in_a_body_is_422(api, alice_bob, method, path, template):
    api.start_game(alice_bob)
    response = api.call(method, path, alice_bob[0], data=template % HUGE, content_type="application/json")
    assert response.status_code == 422, response.get_data()[:200]
    assert response.json["error"]["code"] == "number-too-long" and "4,300 digits" in response.json["error"]["message"]


def test_without_a_token_a_huge_integer_is_still_no_500(api):
    response = api.call("POST", "/players", data='{"name": %s}' % HUGE, content_type="application/json")
    assert response.status_code == 422 and response.json["error"]["code"] == "number-too-long"


def test_a_long_number_within_the_limit_is_an_ordinary_validation_error(api, alice_bob):
    response = api.call("POST", "/games", alice_bob[0], data='{"ruleset": "toy-race", "seats": %s}' % ("9" * 4300),
                        content_type="application/json")
    assert response.status_code == 422 and response.json["error"]["code"] != "number-too-long"
