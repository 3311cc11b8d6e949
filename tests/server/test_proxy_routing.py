"""deploy/nginx/herald-cluster.conf under a real nginx: every request about one game goes to
one server (its game-state cache then serves it), different games spread over the servers,
and everything else goes round-robin. Two tiny HTTP servers stand for two Herald servers and
answer with their name. The one-server block of deploy/README.md (section 5) runs too: its
access log keeps no seat token. Skipped, with the reason, where nginx is not installed."""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.server.mailbox import free_port

SHIPPED = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "herald-cluster.conf"


def nginx_program() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
    if found is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx)")
    return found


class Echo(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # nginx keeps connections to its upstreams alive
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK wait

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        body = json.dumps({"server": self.server.name, "path": self.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_PUT = do_POST = do_PATCH = answer

    def log_message(self, *args):
        pass


def echo_server(name: str) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    server.name = name
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def render(folder: Path, servers: list[ThreadingHTTPServer], port: int) -> Path:
    """The shipped file with this test's server list and a plain-HTTP listen on 127.0.0.1."""
    text = SHIPPED.read_text()
    listing = folder / "herald-servers.conf"
    listing.write_text("".join(f"server 127.0.0.1:{s.server_address[1]} max_fails=2 fail_timeout=10s;\n"
                               for s in servers))
    assert text.count("include /etc/nginx/herald-servers.conf;") == 2
    text = text.replace("include /etc/nginx/herald-servers.conf;", f"include {listing};")
    assert text.count("listen 443 ssl http2;") == 1
    text = text.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{port};")
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("ssl_certificate"))
    assert text.count("/var/log/nginx/herald.access.log") == 1
    text = text.replace("/var/log/nginx/herald.access.log", str(folder / "access.log"))
    site = folder / "herald-cluster.conf"
    site.write_text(text)
    return main_config(folder, "access_log off;", f"include {site};", connections=256)


def main_config(folder: Path, access_log: str, body: str, connections: int) -> Path:
    """nginx's main file for a test: everything it writes inside `folder`, then `body` (the
    site's include, or a block of the guide's) in its http block."""
    main = folder / "nginx.conf"
    main.write_text(f"""
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections {connections}; }}
http {{
    {access_log}
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{body}
}}
""")
    return main


FOLDERS: dict[int, Path] = {}  # each running proxy's folder, by its port


@contextmanager
def nginx(folder: Path, main: Path, port: int):
    """nginx running `main` (checked first) until the block ends, answering on `port`."""
    program = nginx_program()
    checked = subprocess.run([program, "-t", "-p", str(folder), "-e", "stderr", "-c", str(main)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen([program, "-p", str(folder), "-e", "stderr", "-c", str(main), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                request(port, "GET", "/health")
                break
            except OSError as exc:
                if process.poll() is not None or time.monotonic() > deadline:
                    log = folder / "error.log"
                    raise RuntimeError(f"nginx did not start: {log.read_text() if log.exists() else ''}") from exc
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(10)


def new_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="herald-nginx-"))
    os.chmod(folder, 0o755)  # workers run as nobody when nginx starts as root
    return folder


@pytest.fixture
def proxy():
    nginx_program()  # (skips where there is none, before anything is started)
    folder = new_folder()
    servers = [echo_server("a"), echo_server("b")]
    port = free_port()
    main = render(folder, servers, port)
    FOLDERS[port] = folder
    try:
        with nginx(folder, main, port):
            yield port
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
        shutil.rmtree(folder, ignore_errors=True)


def request(port: int, method: str, path: str) -> str:
    """Which server answered."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=b"{}" if method in ("PUT", "POST", "PATCH") else None,
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, body
        return json.loads(body)["server"]
    finally:
        connection.close()


GAME_REQUESTS = [("GET", "/games/{id}"), ("GET", "/games/{id}/wait?timeout=60"), ("GET", "/games/{id}/legal"),
                 ("PUT", "/games/{id}/moves/3"), ("GET", "/games/{id}/picture.svg"), ("GET", "/play/{id}"),
                 ("POST", "/play/{id}/move"), ("GET", "/play/{id}/wait")]


def test_requests_for_one_game_go_to_one_server_and_games_spread(proxy):
    chosen = {}
    for game in range(1, 41):
        answered = {request(proxy, method, path.format(id=game)) for method, path in GAME_REQUESTS * 2}
        assert len(answered) == 1, (game, answered)  # its every request, twice over: one server
        chosen[game] = answered.pop()
    share = sum(1 for server in chosen.values() if server == "a") / len(chosen)
    assert 0.2 <= share <= 0.8, chosen  # consistent hashing spreads the games


def test_requests_about_no_game_go_round_robin(proxy):
    others = [("GET", "/games"), ("POST", "/games"), ("POST", "/games/join"), ("GET", "/games?open=1"),
              ("GET", "/players/me"), ("GET", "/health"), ("GET", "/games/12abc"), ("GET", "/openapi.json")]
    for method, path in others:
        answered = [request(proxy, method, path) for _ in range(4)]
        assert sorted(answered) == ["a", "a", "b", "b"], (path, answered)


def test_the_access_log_keeps_no_query_string(proxy):
    """A game page's link carries its seat's token (?t=...): the shipped format logs the path
    without its query, so the token is in no log file."""
    request(proxy, "GET", "/play/7?t=SEAT-TOKEN-SECRET")
    text = logged(FOLDERS[proxy] / "access.log", "/play/7")
    assert "/play/7" in text and "SEAT-TOKEN-SECRET" not in text, text


def logged(log: Path, path: str) -> str:
    """The log's text once it names `path` (nginx writes a line as its request ends), or as it is after 5 s."""
    text, deadline = "", time.monotonic() + 5
    while path not in text and time.monotonic() < deadline:
        text = log.read_text() if log.exists() else ""
        time.sleep(0.02)
    return text


def one_server_block() -> str:
    """deploy/README.md section 5's nginx configuration (one Herald server behind nginx)."""
    guide = (SHIPPED.parents[1] / "README.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 5. TLS behind a reverse proxy"):guide.index("## 6. ")]
    return re.search(r"```nginx\n(.*?)```", section, re.S).group(1)


def test_the_one_server_example_keeps_the_seat_token_out_of_its_access_log():
    """Section 5's block had no access_log, so nginx's default `combined` format (Debian's
    /var/log/nginx/access.log) logged `GET /play/7?t=...`, the seat's token with it. Run as
    the guide shows it, beside an http-level default log as Debian's nginx.conf has one."""
    nginx_program()
    folder = new_folder()
    upstream, port = echo_server("only"), free_port()
    block = one_server_block()
    for shipped, here in [("listen 443 ssl http2;", f"listen 127.0.0.1:{port};"),
                          ("proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{upstream.server_address[1]};")]:
        assert block.count(shipped) == 1, shipped
        block = block.replace(shipped, here)
    block = block.replace("/var/log/nginx/", f"{folder}/logs/")  # every log it names, here
    block = "\n".join(line for line in block.splitlines() if not line.strip().startswith("ssl_certificate"))
    (folder / "logs").mkdir()
    main = main_config(folder, f"access_log {folder}/logs/access.log;", block, connections=64)
    try:
        with nginx(folder, main, port):
            assert request(port, "GET", "/play/7?t=SEAT-TOKEN-SECRET") == "only"
            deadline = time.monotonic() + 5
            while True:  # (nginx writes a line as its request ends)
                logs = {log.name: log.read_text() for log in (folder / "logs").glob("*.log")}
                if any("/play/7" in text for text in logs.values()) or time.monotonic() > deadline:
                    break
                time.sleep(0.02)
    finally:
        upstream.shutdown()
        upstream.server_close()
        shutil.rmtree(folder, ignore_errors=True)
    assert '"GET /play/7 HTTP/1.1"' in logs.get("herald.access.log", ""), logs
    assert not [name for name, text in logs.items() if "SEAT-TOKEN-SECRET" in text], logs
