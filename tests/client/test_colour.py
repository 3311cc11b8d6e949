"""Terminal pictures in colour on a tty (Okabe-Ito seat colours); plain for pipes and NO_COLOR."""
import os
import pty
import select
import subprocess
import sys

from client.colour import SEAT_COLOURS, escape, paint
from tests.client.serverprocess import ROOT

ORANGE, SKY_BLUE = "\x1b[1;38;2;230;159;0m", "\x1b[1;38;2;86;180;233m"


def herald_on_a_terminal(herald, token, *args, extra_env=None) -> str:
    """Run `herald ARGS` with its stdout on a pseudo-terminal; what it wrote there."""
    master, slave = pty.openpty()
    env = {**{k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")},
           **{k: v for k, v in herald.env(token).items() if v is not None},
           "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", **(extra_env or {})}
    process = subprocess.Popen([sys.executable, "-c", "from client.cli import main; main()", *map(str, args)],
                               stdout=slave, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(master)
        process.wait(timeout=30)
    assert process.returncode == 0, process.stderr.read()
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_show_on_a_terminal_paints_each_seat_in_its_colour(herald, two_player_game):
    game, alice, bob = two_player_game
    text = herald_on_a_terminal(herald, alice, "show", game)
    assert f"Waiting for seat 0 ({ORANGE}alice\x1b[0m) (you)" in text
    plain = herald("show", game, token=alice).stdout  # not a terminal: as before, no escapes
    assert "\x1b[" not in plain
    assert text.replace(ORANGE, "").replace(SKY_BLUE, "").replace("\x1b[0m", "") == plain


def test_no_color_keeps_the_terminal_picture_plain(herald, two_player_game):
    game, alice, bob = two_player_game
    text = herald_on_a_terminal(herald, alice, "show", game, extra_env={"NO_COLOR": "1"})
    assert "\x1b[" not in text and "Waiting for seat 0 (alice) (you)" in text


def test_the_palette_is_okabe_ito_by_seat():
    assert SEAT_COLOURS == ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00")
    assert escape("#E69F00") == ORANGE


class Terminal:
    def isatty(self):
        return True


def test_seat_marks_of_every_game_get_their_seats_colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    game = {"seats": [{"seat": 0, "name": "ana"}, {"seat": 1, "name": "ben"}, {"seat": 2, "name": "cat"}]}
    text = "[0] ana (you)\n   1/W1  Wall\n  P2 C3: 1 VP, P2x3\nbanana ben"
    painted = paint(text, game, Terminal())
    assert painted.count(escape(SEAT_COLOURS[0])) == 2  # [0] and ana, not the "ana" inside banana
    assert f"{escape(SEAT_COLOURS[1])}1/W1\x1b[0m" in painted and f"{escape(SEAT_COLOURS[1])}ben" in painted
    assert painted.count(escape(SEAT_COLOURS[2])) == 2  # P2 and the P2 of P2x3
