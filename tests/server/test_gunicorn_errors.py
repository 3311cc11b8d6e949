"""Requests gunicorn refuses before Herald sees them are answered in Herald's JSON format
(shipped settings, real gunicorn), not with gunicorn's HTML page."""
import json
import socket

import pytest

from tests.server.gunicorn_live import shipped_gunicorn

pytest.importorskip("gunicorn", reason="these are gunicorn's own answers")


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    with shipped_gunicorn(tmp_path_factory.mktemp("gunicorn"), workers=1) as (port, _):
        yield port


def raw(port: int, request: bytes) -> tuple[int, dict, dict]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body)


@pytest.mark.parametrize("request_bytes, status, code", [
    (b"GET /games/" + b"1" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
    (b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-H%d: y\r\n" % i for i in range(120)) + b"\r\n",
     431, "headers-too-large"),
    (b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n", 431, "headers-too-large"),
    (b"NOT A REQUEST\r\n\r\n", 400, "bad-request"),
    (b"GET /health HTTP/1.1\r\nHost: x\r\nBad Header Name: y\r\n\r\n", 400, "bad-request"),
])
def test_gunicorn_refusals_are_json(port, request_bytes, status, code):
    got, headers, body = raw(port, request_bytes)
    assert got == status and headers["Content-Type"] == "application/json"
    assert body["error"]["code"] == code and body["error"]["message"].endswith(".")


def test_a_normal_request_still_reaches_herald(port):
    status, headers, body = raw(port, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status == 200 and headers["Content-Type"] == "application/json" and isinstance(body, dict)
