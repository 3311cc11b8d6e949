"""One Medieval Mastery table, three languages (issue 27): Ann reads English in New York,
Stina Swedish in Stockholm, Hanna Hungarian in Budapest. The game runs through a real HTTP
server and its mail through a real SMTP server; every mail is in its reader's language
(Content-Language, and no English sentence left in the Swedish and Hungarian ones: the
game's own events, prompts and board included) and its dates in the reader's zone, and a
reminder due at 23:30 in Stockholm waits there until 08:00 but goes to New York at once."""
from __future__ import annotations

import re
from datetime import timedelta

import json

import pytest
import requests

from core import games
from core.rng import Rng

from server.notify.channels.mail import compose, deliver_pending
from server.store.models import Notification, Snapshot
from server.table.reminders import queue_reminders
from tests.server.live import serving
from tests.support.untranslated import untranslated
from tests.server.test_quiet_hours import next_local

HOUR = timedelta(hours=1)
READERS = {"ann": ("en", "America/New_York"), "stina": ("sv", "Europe/Stockholm"), "hanna": ("hu", "Europe/Budapest")}
MOVES = 12


class Http:
    """The API over real HTTP, for players as the registration answered them."""

    def __init__(self, url: str):
        self.url = url

    def call(self, method: str, path: str, player: dict | None = None, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {player['token']}"} if player else {}
        return requests.request(method, self.url + path, headers=headers, timeout=30, **kwargs)

    def ok(self, method: str, path: str, player: dict | None = None, **kwargs) -> dict:
        answer = self.call(method, path, player, **kwargs)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


@pytest.fixture
def table(smtp_config, mailbox, toy_game):
    from server.app import create_app
    from server.store.db import database

    relay = mailbox.start()
    with serving(create_app(smtp_config)) as url:
        http = Http(url)
        players = {}
        for name, (language, zone) in READERS.items():
            players[name] = http.ok("POST", "/players", json={"name": name, "email": f"{name}@example.org",
                                                              "language": language})
            http.ok("PATCH", "/players/me", players[name], json={"timezone": zone})
        seated = list(players.values())
        created = http.ok("POST", "/games", seated[0], json={"ruleset": "medieval-mastery", "seats": 3,
                                                             "days_per_move": 3})
        for player, invite in zip(seated, created["invites"]):
            http.ok("POST", "/games/join", player, json={"invite": invite["code"]})
        game, engine, rng = created["id"], games["medieval-mastery"], Rng("three languages", scheme=2)
        for _ in range(MOVES):
            deliver_pending(smtp_config)
            detail = http.ok("GET", f"/games/{game}", seated[0])
            if detail["status"] != "active":
                break
            seat = next(p["seat"] for i, player in enumerate(seated)  # a window's prompt shows only to its seat
                        for p in http.ok("GET", f"/games/{game}", player)["prompted"] if p["seat"] == i)
            state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game).state))
            http.ok("PUT", f"/games/{game}/moves/{detail['version']}", seated[seat],
                    json={"move": engine.random_move(state, seat, rng)})
        deliver_pending(smtp_config)
        yield relay, players, game, url
    database.close()


def table_url(table) -> str:
    return table[3]


def test_each_reader_gets_every_mail_in_their_language_and_zone(table, smtp_config):
    relay, players, game, _url = table
    by_reader = {name: [m for m in relay.messages if str(m["To"]) == f"{name}@example.org"] for name in READERS}
    for name, (language, _zone) in READERS.items():
        assert by_reader[name], f"{name} got no mail"
        assert {str(m["Content-Language"]) for m in by_reader[name]} == {language}
    for name in ("stina", "hanna"):
        for message in by_reader[name]:
            row = Notification.get_by_id(int(message["X-Herald-Notification"]))
            english = text_of(compose(row, smtp_config, language="en"))
            assert not untranslated(english, text_of(message)), (name, row.kind, text_of(message))
    asked = {name: [text_of(m) for m in by_reader[name] if re.search(r"\d:\d\d.{0,4}(CES?T|E[SD]T)", text_of(m))]
             for name in READERS}
    assert any("EST" in t or "EDT" in t for t in asked["ann"]), "Ann's deadline is not in New York time"
    assert all("EST" not in t and "EDT" not in t for t in asked["stina"] + asked["hanna"])
    assert any("CET" in t or "CEST" in t for t in asked["stina"])


def test_a_reminder_at_night_in_stockholm_waits_there_but_not_in_new_york(table, smtp_config):
    relay, players, game, _url = table
    http = Http(table_url(table))
    for first, second in (("ann", "stina"), ("stina", "ann")):  # each waited for in a game of their own
        created = http.ok("POST", "/games", players[first], json={"ruleset": "toy-race", "seats": 2})
        for name, invite in zip((first, second), created["invites"]):
            http.ok("POST", "/games/join", players[name], json={"invite": invite["code"]})
    deliver_pending(smtp_config)
    evening = next_local(Notification.select().order_by(Notification.id.desc()).first().created + 2 * HOUR,
                         "Europe/Stockholm", 23, 30)
    queue_reminders(HOUR, now=evening)
    rows = {row.email: row for row in Notification.select().where(Notification.kind == "reminder")}
    assert rows, "nobody was reminded"
    before = len(relay.messages)
    deliver_pending(smtp_config, now=evening)
    sent = {str(m["To"]) for m in relay.messages[before:]}
    morning_stockholm = next_local(evening, "Europe/Stockholm", 8, 0)
    for email, row in rows.items():
        held = Notification.get_by_id(row.id)
        if email in ("stina@example.org", "hanna@example.org"):  # 23:30 in Stockholm and Budapest
            assert email not in sent and held.status == "pending" and held.next_attempt == morning_stockholm
        else:  # 17:30 in New York
            assert email in sent
