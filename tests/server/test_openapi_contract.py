"""The OpenAPI document says what the server does: every operation declares its success
answer (a 2xx, or the 303 of the game page's form), /health its report, and the move PUT that
a body holds either `move` or `text`. The HTML pages and the chat's `after`:
test_security_headers.py."""


def spec(api):
    return api.client.get("/openapi.json").json


def test_every_operation_declares_its_success_answer(api):
    for path, operations in spec(api)["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert any(code.startswith("2") or code == "303" for code in operation["responses"]), (method, path)


def test_health_declares_what_it_answers(api):
    document = spec(api)
    health = document["paths"]["/health"]["get"]["responses"]
    assert set(health) >= {"200", "503"}
    declared = document["components"]["schemas"]["Health"]["properties"]
    assert set(declared) == set(api.client.get("/health").json) == {"ok", "database", "outbox", "warnings"}


def test_the_move_body_is_move_or_text(api, alice_bob):
    body = spec(api)["components"]["schemas"]["MoveSubmit"]
    assert body["oneOf"] == [{"required": ["move"]}, {"required": ["text"]}]
    game = api.start_game(alice_bob)
    for wrong in ({}, {"move": {"play": "t0"}, "text": "play t0"}):
        answer = api.call("PUT", f"/games/{game}/moves/0", alice_bob[0], json=wrong)
        assert answer.status_code == 422 and "either 'move'" in answer.json["error"]["message"]


def test_every_keyed_operation_declares_the_idempotency_key(api):
    """What takes an Idempotency-Key says so, and its answers the header a replay carries; a
    move, a message and the game page's forms, which ignore it, do not."""
    paths = spec(api)["paths"]
    keyed = {(method, path) for path, operations in paths.items() for method, operation in operations.items()
             if method != "parameters" and any(p.get("name") == "Idempotency-Key" for p in operation.get("parameters", []))}
    assert {("post", "/games"), ("post", "/players"), ("post", "/players/me/token"), ("delete", "/webhooks"),
            ("post", "/games/join")} <= keyed
    assert not {(m, p) for m, p in keyed if m == "get" or p.startswith("/play/")}
    assert ("put", "/games/{game_id}/moves/{seq}") not in keyed and ("post", "/games/{game_id}/chat") not in keyed
    made = paths["/games"]["post"]["responses"]
    assert "Idempotent-Replayed" in made["201"]["headers"] and "headers" not in made.get("429", {})
