"""Every route the app serves, found from its URL map (so a route added later is covered):
without a valid token 401, and on a game the caller has no seat in (and did not create) 403."""
import re

PUBLIC = {("GET", "/"), ("GET", "/health"), ("GET", "/rulesets"), ("POST", "/players"), ("GET", "/openapi.json"),
          ("POST", "/players/recover"), ("POST", "/players/recover/redeem"),  # recovery: a lost token
          ("GET", "/docs"), ("GET", "/docs/assets/<path:filename>"),
          ("GET", "/rulesets/<name>/rules"), ("GET", "/rulesets/<name>/explain/<path:thing>"),  # player guides
          ("GET", "/rules"), ("GET", "/rules/<name>"), ("GET", "/rules/<name>/pictures/<picture>.svg")}  # as pages
# Routes for the game's creator, seated or not: a seat named in the query means nothing there.
CREATOR_ONLY = {("POST", "/games/<int(max=9223372036854775807):game_id>/invitations")}
LINKED = "/play/"  # the game page's routes take a signed seat link instead (tests/server/test_play_page.py)


def routes(app):
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, rule.rule


def concrete(path, game):
    path = re.sub(r"<int\([^)]*\):game_id>", str(game), path)
    path = path.replace("<name>", "wizards-quest").replace("<path:thing>", "D2C4")
    path = re.sub(r"<int\([^)]*\):seat>", "1", path)
    return re.sub(r"<int\([^)]*\):seq>", "0", path)


def test_every_route_needs_a_token_and_a_seat(app, api, alice_bob):
    game = api.start_game(alice_bob)
    outsider = api.register("mallory")
    seen = set()
    for method, rule in routes(app):
        path = concrete(rule, game)
        seen.add((method, rule))
        body = {"text": "pass"} if method in ("PUT", "POST") else None
        if (method, rule) in PUBLIC:
            assert api.call(method, path, json=body).status_code != 401, path
            continue
        if rule.startswith(LINKED):  # no link, no page: an API token is not a link either
            for headers in ({}, {"Authorization": f"Bearer {alice_bob[0]['token']}"}):
                response = api.client.open(path + "?timeout=0", method=method, headers=headers, data={"seq": "0"})
                assert response.status_code in (401, 503), (method, path)
            continue
        for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": alice_bob[0]["token"]}):
            response = api.client.open(path + "?timeout=0", method=method, headers=headers, json=body)
            assert response.status_code == 401 and response.json["error"]["code"] == "unauthorized", (method, path)
        if "game_id" in rule:
            response = api.call(method, path + "?timeout=0", outsider, json=body)
            assert response.status_code == 403 and response.json["error"]["code"] == "forbidden", (method, path)
            for seat in (0, 1):  # naming a seat does not make it yours
                response = api.call(method, f"{path}?timeout=0&seat={seat}", outsider, json=body)
                assert response.status_code == 403, (method, path, seat)
            if (method, rule) in CREATOR_ONLY:
                continue
            mine = api.call(method, f"{path}?timeout=0&seat=1", alice_bob[0], json=body)
            assert mine.status_code == 403, (method, path, "alice as bob's seat")
    assert {("PUT", "/games/<int(max=9223372036854775807):game_id>/moves/<int(max=9223372036854775807):seq>"),
            ("GET", "/games/<int(max=9223372036854775807):game_id>/wait")} <= seen


def test_a_taken_seq_is_no_way_around_the_seat_check(api, alice_bob):
    """PUT at a seq already made takes the idempotent-retry path: it checks seats too."""
    game = api.start_game(alice_bob)
    made = api.play_first_legal(game, alice_bob)
    assert made.status_code == 201
    outsider = api.register("mallory")
    for who, query in ((outsider, ""), (outsider, "?seat=0"), (alice_bob[1], "?seat=0")):
        response = api.call("PUT", f"/games/{game}/moves/0{query}", who, json={"move": made.json["move"]})
        assert response.status_code == 403 and response.json["error"]["code"] == "forbidden", query
    # Bob, seated but not the mover, retrying alice's move is a different claim: 409, not her answer.
    response = api.call("PUT", f"/games/{game}/moves/0", alice_bob[1], json={"move": made.json["move"]})
    assert response.status_code == 409 and "events" not in response.json
