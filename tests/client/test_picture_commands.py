"""`herald show --svg/--open`, `herald link [--revoke]` and `herald mail-format` against a real server."""
from __future__ import annotations

import sys
import time
import webbrowser
import xml.etree.ElementTree as ET

import pytest
import requests

from client import exitcodes
from tests.server.live import serving
from server.config import reconfigure


@pytest.fixture
def server_url(tmp_path, toy_game, game_seeds):
    from server.app import create_app
    from server.config import load_config
    from server.table.seeds import SOURCE

    config = load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                          "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_SECRET_KEY": "k" * 32})
    app = create_app({**config, SOURCE: game_seeds})
    with serving(app) as url:
        reconfigure(app, public_url=url)  # the links point here
        yield url


@pytest.fixture
def castle_game(herald):
    ann, ben = herald.register("ann"), herald.register("ben")
    created = herald.json("new", "castle-assault", "--seats", 2, "--option", "first-player=0", token=ann)
    for invite, token in zip(created["invites"], (ann, ben)):
        herald.json("join", invite["code"], token=token)
    return created["id"], ann, ben


def test_show_writes_the_board_as_svg(herald, castle_game, tmp_path):
    game, ann, _ = castle_game
    target = tmp_path / "board.svg"
    result = herald("show", game, "--svg", target, token=ann)
    assert result.exit_code == 0 and "Castle Assault" in result.stdout  # the text board as before
    root = ET.parse(target).getroot()
    assert root.get("data-game") == "castle-assault" and "ann (you)" in "".join(root.itertext())


def test_show_open_hands_the_picture_to_the_browser(herald, castle_game, tmp_path, monkeypatch):
    """$BROWSER is the user's browser command; here one that copies what it is given."""
    game, ann, _ = castle_game
    opened = tmp_path / "opened.svg"
    browser = tmp_path / "browser.py"
    browser.write_text("import shutil, sys, urllib.parse, urllib.request\n"
                       f"shutil.copy(urllib.request.url2pathname(urllib.parse.urlsplit(sys.argv[1]).path), {str(opened)!r})\n")
    monkeypatch.setenv("BROWSER", f"{sys.executable} {browser} %s")
    monkeypatch.setattr(webbrowser, "_tryorder", None)  # read $BROWSER afresh
    monkeypatch.setattr(webbrowser, "_browsers", {})
    assert herald("show", game, "--open", token=ann).exit_code == 0
    for _ in range(100):
        if opened.exists() and opened.stat().st_size:
            break
        time.sleep(0.05)
    assert ET.parse(opened).getroot().get("data-game") == "castle-assault"


def test_show_svg_of_a_game_without_pictures_fails_with_exit_4(herald, two_player_game, tmp_path):
    game, alice, _ = two_player_game
    result = herald("show", game, "--svg", tmp_path / "x.svg", token=alice)
    assert result.exit_code == exitcodes.REJECTED and "no-picture" in result.stderr


def test_link_prints_a_working_page_link_and_revoke_kills_it(herald, castle_game):
    game, ann, _ = castle_game
    url = herald("link", game, token=ann).stdout.strip()
    assert requests.get(url, timeout=10).status_code == 200
    new = herald("link", game, "--revoke", token=ann).stdout.strip()
    assert new != url
    assert requests.get(url, timeout=10).status_code == 403
    assert requests.get(new, timeout=10).status_code == 200


def test_mail_format_is_a_per_player_choice(herald, castle_game):
    _, ann, ben = castle_game
    assert herald.json("mail-format", token=ann) == {"mail_format": "multipart"}
    assert herald.json("mail-format", "plain", token=ann) == {"mail_format": "plain"}
    assert herald.json("mail-format", token=ann) == {"mail_format": "plain"}
    assert herald.json("mail-format", token=ben) == {"mail_format": "multipart"}
    assert herald("mail-format", "html", token=ann).exit_code == 2
