"""Turn mails with the board: multipart (the plain text as before + HTML with the board as an
inline PNG and the game-page link), delivered over real SMTP; plain text for who chose it."""
from __future__ import annotations

import json
import re
import struct
from urllib.parse import urlsplit

import pytest

from core import games
from server.notify.mailboard import board_context
from server.notify.channels.mail import deliver_pending
from server.store.models import Notification
from tests.server.conftest import Api

pytest.importorskip("cairosvg", reason="cairosvg is not installed")


@pytest.fixture
def config(config):
    """The shared settings (tests/server/conftest.py), with a key that signs the game-page links."""
    return {**config, "SECRET_KEY": "k" * 32}


@pytest.fixture
def smtp_config(smtp_config, mailbox):
    mailbox.start()
    return smtp_config


@pytest.fixture
def api(client):
    return Api(client)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_a_turn_mail_carries_the_board_and_the_page_link(api, client, smtp_config, mailbox):
    ann, ben = api.register("ann"), api.register("ben")
    game = api.start_game([ann, ben], "castle-assault", {"first-player": 0})
    assert deliver_pending(smtp_config).sent == 2  # ann's turn, then ben's "the game has begun"
    mail = mailbox.handler.messages[0]
    assert mail["To"] == "ann@example.org" and mail.get_content_type() == "multipart/alternative"
    text = mail.get_body(("plain",)).get_content()
    assert "Your turn" in text and f"herald moves {game}" in text  # the plain text as before
    link = re.search(r"https://herald\.example\.org/play/\d+\?t=\S+", text).group(0)
    html_part = mail.get_body(("html",))
    html = html_part.get_content()
    assert link.replace("&", "&amp;") in html or link in html
    image = next(part for part in mail.walk() if part.get_content_type() == "image/png")
    assert f'src="cid:{image["Content-ID"].strip("<>")}"' in html
    width, _ = png_size(image.get_content())
    assert f'width="{width}"' in html and 300 < width < 1000
    page = client.get(f"{urlsplit(link).path}?{urlsplit(link).query}")  # the link opens Ann's page
    assert page.status_code == 200 and "you are seat 0 (ann)" in page.get_data(as_text=True)


def test_the_drawn_view_is_the_seats_own(api, smtp_config):
    """The mail's picture is drawn when it is sent, from the addressed seat's view: no secret.
    The outbox row stores no board of its own."""
    players = [api.register(name) for name in ("ann", "ben", "cat")]
    api.start_game(players, "wizards-quest")
    rows = list(Notification.select().where(Notification.kind.in_(["turn", "started"])))
    assert rows
    engine = games["wizards-quest"]
    for row in rows:
        assert not {"view", "summary", "legal"} & set(row.context)
        view = board_context(row)["view"]
        assert view["hand"] is not None and view["players"] == 3
        others = [s for s in range(3) if s != row.seat]
        stored = set(re.findall(r"[A-Za-z0-9]+", json.dumps(view)))
        for other in others:
            assert not stored & set(api.game(1, players[other])["view"]["hand"] or [])
        assert engine.picture(view, row.seat) is not None


def test_a_player_may_choose_plain_text(api, client, smtp_config, mailbox):
    ann, ben = api.register("ann"), api.register("ben")
    chosen = api.call("PUT", "/players/me/mail-format", ann, json={"mail_format": "plain"})
    assert chosen.status_code == 200 and chosen.json == {"mail_format": "plain"}
    api.start_game([ann, ben], "castle-assault", {"first-player": 0})
    deliver_pending(smtp_config)
    mail = mailbox.handler.messages[0]
    assert mail.get_content_type() == "text/plain"
    assert "/play/" in mail.get_content()  # the link is in the plain text too
    bad = api.call("PUT", "/players/me/mail-format", ann, json={"mail_format": "html"})
    assert bad.status_code == 422
