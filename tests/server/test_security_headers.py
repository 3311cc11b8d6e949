"""Security headers on every answer (server/api/headers.py), and what the OpenAPI document says of
the HTML pages and the chat's `after` (issue 24)."""
from __future__ import annotations

import re

from server.api.routes.schemas import MAX_SEQ
from tests.server.live import serving
from tests.client.conftest import make_app

JSON_POLICY = "default-src 'none'; frame-ancestors 'none'"


def assert_hardened(response) -> None:
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


def test_a_json_answer_is_never_sniffed_framed_or_run(api, alice_bob):
    answer = api.call("GET", "/players/me", alice_bob[0])
    assert answer.status_code == 200 and answer.is_json
    assert_hardened(answer)
    assert answer.headers["Content-Security-Policy"] == JSON_POLICY


def test_error_answers_carry_the_same_headers(api, alice_bob):
    refused = [api.call("GET", "/games/1"),                                     # 401, no token
               api.call("GET", "/games/999", alice_bob[0]),                     # 404 from the API
               api.call("GET", "/no/such/path", alice_bob[0]),                  # 404 from routing
               api.call("POST", "/games", alice_bob[0], json={"ruleset": 7})]  # 422 validation
    assert [r.status_code for r in refused] == [401, 404, 404, 422]
    for answer in refused:
        assert answer.is_json and answer.json["error"]["code"]
        assert_hardened(answer)
        assert answer.headers["Content-Security-Policy"] == JSON_POLICY


def test_the_docs_page_runs_only_its_own_scripts_and_is_never_framed(tmp_path):
    import urllib.request

    with serving(make_app(tmp_path)) as url, urllib.request.urlopen(url + "/docs", timeout=30) as page:
        html, policy = page.read().decode(), page.headers["Content-Security-Policy"]
        assert page.headers["X-Frame-Options"] == "DENY" and page.headers["X-Content-Type-Options"] == "nosniff"
    rules = dict(rule.strip().split(" ", 1) for rule in policy.split(";"))
    assert rules["default-src"] == "'none'" and rules["frame-ancestors"] == "'none'"
    assert rules["connect-src"] == "'self'"                     # the OpenAPI document, from here only
    scripts = rules["script-src"].split()
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == 1 and len([s for s in scripts if s.startswith("'sha256-")]) == 1


def test_the_play_page_keeps_its_own_policy_and_is_not_framed(client):
    refusal = client.get("/play/1")  # no link: the refusal page
    assert refusal.status_code == 401 and refusal.mimetype == "text/html"
    assert_hardened(refusal)
    assert "script-src 'none'" in refusal.headers["Content-Security-Policy"]


def test_openapi_says_the_play_pages_answer_html(api):
    paths = api.client.get("/openapi.json").json["paths"]
    page, form = paths["/play/{game_id}"]["get"], paths["/play/{game_id}/move"]["post"]
    for answers in (page["responses"], form["responses"]):
        for status, answer in answers.items():
            assert "application/json" not in answer.get("content", {}), status
    assert set(page["responses"]["200"]["content"]) == {"text/html"}
    assert set(page["responses"]["default"]["content"]) == {"text/html"}
    assert "303" in form["responses"] and set(form["responses"]["default"]["content"]) == {"text/html"}
    assert set(form["requestBody"]["content"]) == {"application/x-www-form-urlencoded"}
    assert paths["/play/{game_id}/wait"]["get"]["responses"]["default"] == {"$ref": "#/components/responses/DEFAULT_ERROR"}


def test_the_chats_after_has_the_apis_largest_number_as_its_maximum(api, alice_bob):
    (after,) = [p for p in api.client.get("/openapi.json").json["paths"]["/games/{game_id}/chat"]["get"]["parameters"]
                if p["name"] == "after"]
    assert after["schema"]["maximum"] == MAX_SEQ and after["schema"]["minimum"] == 0
    game_id = api.start_game(alice_bob)
    last = api.call("GET", f"/games/{game_id}/chat?after={MAX_SEQ}", alice_bob[0])
    assert last.status_code == 200 and last.json["messages"] == []
    for beyond in (MAX_SEQ + 1, 2 ** 64):
        refused = api.call("GET", f"/games/{game_id}/chat?after={beyond}", alice_bob[0])
        assert refused.status_code == 422 and refused.json["error"]["code"] == "invalid-input", refused.json
        assert "after" in refused.json["error"]["message"]
