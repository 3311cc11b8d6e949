"""Mail a player can read (issue 26): the board and its legend exactly as `herald show` prints
them, never hard-wrapped by Herald or by the transfer encoding, and an HTML part that says
everything the text part says, greeting once. Real SQLite file, real HTTP server, the real
`herald` command line, mail caught by a real SMTP server."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from core import games
from core.rng import Rng
from server.notify.channels.mail import deliver_pending
from server.store.models import Snapshot
from tests.client.conftest import Herald
from tests.server.conftest import Api
from tests.server.live import serving

pytest.importorskip("cairosvg", reason="cairosvg is not installed")

WIDE = 78  # what a hard wrap would have cut at


@pytest.fixture
def mail_config(smtp_config, mailbox):
    """The shared SMTP settings (tests/server/conftest.py), with replies by mail signed."""
    mailbox.start()
    return {**smtp_config, "SECRET_KEY": "k" * 32, "REPLY_ADDRESS": "turns@play.example.org",
            "MAIL_FROM": "herald@play.example.org"}


@pytest.fixture
def app(mail_config):
    from server.app import create_app
    from server.store.db import database

    yield create_app(mail_config)
    database.close()


def plain(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


@pytest.mark.parametrize("ruleset", ["castle-assault", "medieval-mastery", "wizards-quest"])
def test_the_mailed_board_is_the_board_herald_show_prints(app, mail_config, mailbox, tmp_path, ruleset):
    with serving(app) as url:
        herald = Herald(url, tmp_path)
        tokens = {name: herald.register(name) for name in ("ana", "ben", "cyd")}
        created = herald.json("new", ruleset, "--seats", 3, token=tokens["ana"])
        for name, invite in zip(tokens, created["invites"]):
            herald.json("join", invite["code"], token=tokens[name])
        deliver_pending(mail_config)
        turns = [m for m in mailbox.handler.messages if str(m["Subject"]).endswith("your move")]
        assert turns
        for message in turns:
            name = str(message["To"]).partition("@")[0]
            seat = int(re.search(r"is waiting\s+for\s+you,\s+seat (\d+)", plain(message)).group(1))
            shown = herald("show", created["id"], "--seat", seat, token=tokens[name])
            assert shown.exit_code == 0, shown.output
            board = shown.stdout.split(f"\n\nGame {created['id']} (")[0]
            assert max(len(line) for line in board.splitlines()) > WIDE  # a board a wrap would break
            assert board in plain(message)
            part = message.get_body(("plain",))
            encoding = str(part["Content-Transfer-Encoding"]).lower()
            assert encoding in ("7bit", "8bit", "quoted-printable")  # readable as it travels, never base64
            if encoding == "7bit":  # nothing to decode: every board line travels whole
                raw = message.as_bytes().decode("ascii")
                assert all(line in raw.replace("\r\n", "\n") for line in board.splitlines())


class _Text(HTMLParser):
    """The text a reader sees in an HTML part (no head, no style)."""

    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("head", "style", "script")
        if tag in ("p", "br", "pre", "div", "li", "tr"):
            self.parts.append("\n")

    def handle_endtag(self, tag):
        self.skip -= tag in ("head", "style", "script")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_text(message) -> str:
    reader = _Text()
    reader.feed(message.get_body(("html",)).get_content())
    return "".join(reader.parts)


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_the_html_part_says_what_the_text_part_says_and_greets_once(app, mail_config, mailbox):
    api = Api(app.test_client())
    seated = [api.register(name) for name in ("ana", "ben", "cyd")]
    created = api.call("POST", "/games", seated[0], json={"ruleset": "castle-assault", "seats": 3,
                                                           "options": {"first-player": 0}, "days_per_move": 3,
                                                           "reserve_days": 7})
    for player, invite in zip(seated, created.json["invites"]):
        assert api.call("POST", "/games/join", player, json={"invite": invite["code"]}).status_code == 200
    game_id, engine, rng = created.json["id"], games["castle-assault"], Rng("html-recap")
    found = None
    for _ in range(60):
        deliver_pending(mail_config)
        found = next((m for m in mailbox.handler.messages if "Since your last move:" in plain(m)), None)
        if found is not None:
            break
        detail = api.game(game_id, seated[0])
        seat = next(s for s, player in enumerate(seated) if any(
            p["seat"] == s for p in api.game(game_id, player)["prompted"]))
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        assert api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", seated[seat],
                        json={"move": move}).status_code == 201
    assert found is not None, "no seat was mailed a recap"
    text, html = plain(found), squeeze(html_text(found))
    for piece in ("Since your last move:", "Answer by", "Now: ", "To answer by mail, reply with",
                  "herald play", "To stop these mails"):
        assert piece in text and piece in html, piece
    for line in text.splitlines():  # every line of the text: the recap, the board, the moves, the link
        assert squeeze(line) in html, line
    greeting = text.splitlines()[0]
    assert greeting.startswith("Hello ") and text.count(greeting) == 1 and html.count(squeeze(greeting)) == 1
