"""Bodies over 64 KB are 413 `too-large` also when sent chunked (no Content-Length): the
WSGI layer cuts such a stream off at the limit, which read as bad JSON or, worse, as the
valid JSON document that happened to fit."""
import http.client
import json

from tests.server.live import serving


def send_chunked(url: str, method: str, path: str, body: bytes, token: str | None = None) -> tuple[int, dict]:
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.putrequest(method, path)
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Transfer-Encoding", "chunked")
    if token:
        connection.putheader("Authorization", f"Bearer {token}")
    connection.endheaders()
    for start in range(0, len(body), 8192):
        part = body[start:start + 8192]
        connection.send(b"%x\r\n%s\r\n" % (len(part), part))
    connection.send(b"0\r\n\r\n")
    response = connection.getresponse()
    answer = (response.status, json.loads(response.read()))
    connection.close()
    return answer


def test_chunked_bodies_over_the_limit_are_413(app, api, alice_bob):
    game = api.start_game(alice_bob)
    padded = json.dumps({"name": "padded", "email": "p@example.org"}).encode() + b" " * 100_000
    with serving(app) as url:
        small = send_chunked(url, "POST", "/players", json.dumps({"name": "carol", "email": "c@example.org"}).encode())
        assert small[0] == 201
        status, body = send_chunked(url, "POST", "/players", padded)
        assert (status, body["error"]["code"]) == (413, "too-large")
        huge_move = json.dumps({"text": "play " + "t" * 200_000}).encode()
        status, body = send_chunked(url, "PUT", f"/games/{game}/moves/0", huge_move, alice_bob[0]["token"])
        assert (status, body["error"]["code"]) == (413, "too-large")
        # Authentication still comes first.
        status, body = send_chunked(url, "PUT", f"/games/{game}/moves/0", huge_move)
        assert (status, body["error"]["code"]) == (401, "unauthorized")
    assert api.call("GET", "/games?mine=1", alice_bob[0]).status_code == 200
