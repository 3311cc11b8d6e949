"""Picture speed: SVG renders per second per ruleset on one core, and the game page's time to
first paint in headless Chromium against a static file of the same size.

    python -m bench.bench_pictures [--seconds 3] [--loads 15] [--no-browser]

(1) Renders: `Game.picture(view, seat)` for positions spread over random games of every
    player count, the rulesets interleaved round by round; CPU time (one core, fair on a busy
    machine) and wall time. Goal: >= 200 renders/s per ruleset. The view is computed once per
    position, as the server does per request; `view + picture` is printed too.
(2) Time to first paint: the page of a live server (werkzeug, threaded, SQLite) and a static
    copy of the same bytes served by Python's http.server, loaded alternately in one Chromium;
    first-contentful-paint from the browser's Performance API, medians and their ratio.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import logging
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from core import games
from core.rng import Rng
from server.config import reconfigure

POSITIONS = 12


def positions(name: str) -> list[tuple[dict, int, object]]:
    """(state, seat) pairs from random games, a few moves apart."""
    game = games[name]
    found, n = [], 0
    while len(found) < POSITIONS:
        players = game.min_players + n % (game.max_players - game.min_players + 1)
        state, rng = game.setup(players, {}, f"bench-picture-{n}"), Rng(f"bench-picture-{n}")
        for _ in range(60 * (n + 1)):
            if game.result(state) is not None:
                break
            seat = game.prompts(state)[0].seat
            state, _ = game.apply(state, seat, game.random_move(state, seat, rng))
        found.append((state, n % players))
        n += 1
    return found


def render_rates(seconds: float) -> None:
    cases = {name: positions(name) for name in sorted(games)}
    views = {name: [(games[name].view(state, seat), seat) for state, seat in cases[name]] for name in cases}
    cpu = {name: 0.0 for name in cases}
    wall = {name: 0.0 for name in cases}
    count = {name: 0 for name in cases}
    with_view = {name: [0.0, 0] for name in cases}
    deadline = time.monotonic() + seconds * len(cases)
    while time.monotonic() < deadline:  # interleaved: every ruleset once per round
        for name, listed in views.items():
            game = games[name]
            c0, w0 = time.process_time(), time.perf_counter()
            for view, seat in listed:
                game.picture(view, seat)
            cpu[name] += time.process_time() - c0
            wall[name] += time.perf_counter() - w0
            count[name] += len(listed)
            c0 = time.process_time()
            for state, seat in cases[name]:
                game.picture(game.view(state, seat), seat)
            with_view[name][0] += time.process_time() - c0
            with_view[name][1] += len(listed)
    print("(1) SVG renders per second (goal >= 200 per ruleset, one core)")
    print(f"{'ruleset':<18}{'renders/s (CPU)':>17}{'renders/s (wall)':>18}{'view+picture/s':>16}{'SVG size':>10}")
    for name in cases:
        size = sum(len(games[name].picture(v, s)) for v, s in views[name]) // len(views[name])
        print(f"{name:<18}{count[name] / cpu[name]:>17,.0f}{count[name] / wall[name]:>18,.0f}"
              f"{with_view[name][1] / with_view[name][0]:>16,.0f}{size:>9,}B")


def first_paint(loads: int) -> None:
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver_path):
        print("(2) skipped: chromium and chromedriver are not installed")
        return
    import requests
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    from server.app import create_app
    from server.config import load_config
    from tests.server.live import serving

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    folder = Path(tempfile.mkdtemp(prefix="bench-pictures-"))
    app = create_app(load_config({"HERALD_DATABASE_URL": f"sqlite:///{folder / 'herald.db'}",
                                  "HERALD_MAIL_DIR": str(folder / "mail"), "HERALD_SECRET_KEY": "b" * 32}))
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--disable-extensions"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(driver_path), options=options)
    static = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    threading.Thread(target=static.serve_forever, daemon=True).start()
    try:
        with serving(app) as url:
            reconfigure(app, public_url=url)
            link = _wizards_quest_game(requests, url)
            html = requests.get(link, timeout=30).content
            # The same bytes, minus the page's polling script (padded back to the same size).
            start, end = html.index(b"<script"), html.index(b"</script>") + len(b"</script>")
            copy = html[:start] + b"<!--" + b" " * (end - start - 7) + b"-->" + html[end:]
            (folder / "page.html").write_bytes(copy)
            static_url = f"http://127.0.0.1:{static.server_port}/page.html"
            timings = {"page": [], "static": []}
            for _ in range(loads):
                for kind, target in (("page", link), ("static", static_url)):
                    browser.get("about:blank")
                    browser.get(target)
                    timings[kind].append(_fcp(browser))
    finally:
        browser.quit()
        static.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    page, plain = statistics.median(timings["page"]), statistics.median(timings["static"])
    print(f"(2) time to first paint, median of {loads} alternate loads ({len(html):,} bytes, Wizard's Quest page)")
    print(f"    game page {page:.0f} ms, static file {plain:.0f} ms, ratio {page / plain:.2f}")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _fcp(browser) -> float:
    for _ in range(100):
        value = browser.execute_script(
            "var e = performance.getEntriesByName('first-contentful-paint'); return e.length ? e[0].startTime : null;")
        if value is not None:
            return float(value)
        time.sleep(0.02)
    raise RuntimeError("no first-contentful-paint entry")


def _wizards_quest_game(requests, url: str) -> str:
    """A Wizard's Quest game some moves in; the link of its first seat's page."""
    tokens = []
    for name in ("ann", "ben", "cat"):
        answer = requests.post(f"{url}/players", json={"name": name, "email": f"{name}@example.org"}, timeout=10)
        tokens.append({"Authorization": f"Bearer {answer.json()['token']}"})
    created = requests.post(f"{url}/games", json={"ruleset": "wizards-quest", "seats": 3}, headers=tokens[0],
                            timeout=10).json()
    for headers, invite in zip(tokens, created["invites"]):
        requests.post(f"{url}/games/join", json={"invite": invite["code"]}, headers=headers, timeout=10)
    for _ in range(30):
        for headers in tokens:
            legal = requests.get(f"{url}/games/{created['id']}/legal", headers=headers, timeout=10).json()
            concrete = [m for m in legal["moves"] if not m.get("pattern")]
            if legal["prompted"] and concrete:
                requests.put(f"{url}/games/{created['id']}/moves/{legal['version']}", headers=headers,
                             json={"text": concrete[0]["text"]}, timeout=10)
                break
    return requests.get(f"{url}/games/{created['id']}/link", headers=tokens[0], timeout=10).json()["url"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per ruleset for the renders")
    parser.add_argument("--loads", type=int, default=15, help="page loads of each kind for the first paint")
    parser.add_argument("--no-browser", action="store_true", help="skip the time to first paint")
    args = parser.parse_args()
    render_rates(args.seconds)
    if not args.no_browser:
        first_paint(args.loads)


if __name__ == "__main__":
    main()
