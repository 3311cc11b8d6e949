"""Mails that tell the story: the recap since a seat last acted, questions answered before
their mail went out, what a deadline played, who joined and that the game began — and mails
that read well (short lines, sound headers), over real games and real .eml files."""
from __future__ import annotations

import email
import re
from datetime import timedelta
from email import policy

import pytest

from core import games
from core.rng import Rng
from server.table.deadlines import apply_defaults
from server.notify.channels.mail import deliver_pending
from server.store.models import Notification, utcnow
from tests.core.playout import seats
from tests.server.test_full_games import prompted_seats


def mails(tmp_path, since: int = 0) -> list:
    paths = sorted((tmp_path / "mail").glob("*.eml"))[since:]
    return [email.message_from_bytes(p.read_bytes(), policy=policy.default) for p in paths]


def play_random(api, game_id, seated, engine, rng, count: int, config) -> None:
    """Random legal moves, with `notify` run between them as cron would."""
    import json

    from server.store.models import Snapshot

    for _ in range(count):
        deliver_pending(config)
        detail = api.game(game_id, seated[0])
        if detail["status"] != "active":
            return
        seat = prompted_seats(api, game_id, seated)[0]
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        assert api.call("PUT", f"/games/{game_id}/moves/{detail['version']}", seated[seat],
                        json={"move": move}).status_code == 201


def without_board(text: str) -> str:
    """A mail's text less its board, which goes as `herald show` prints it, lines whole
    (tests/server/test_mail_readable.py)."""
    return re.sub(r"(Your position|Final position from your seat \(\d+\)):\r?\n\r?\n.*?(\r?\n\r?\n|$)", "", text,
                  flags=re.DOTALL)


@pytest.mark.parametrize("ruleset", sorted(games))
def test_every_mail_reads_well(api, config, tmp_path, ruleset):
    """Lines of at most 78 columns but the board's (a single long code or command may not be
    broken), a Subject that starts on its own line, and names, never seat slots."""
    from core import games

    seated = [api.register(name) for name in ("ana", "ben", "cyd", "dan")[:seats(games[ruleset])]]
    game_id = api.start_game(seated, ruleset=ruleset)
    play_random(api, game_id, seated, games[ruleset], Rng(f"mail:{ruleset}"), 40, config)
    deliver_pending(config)
    sent = mails(tmp_path)
    assert {m["Subject"].split(": ")[-1] for m in sent} & {"your move"}
    for message in sent:
        raw = message.as_bytes().decode()
        head, _, _ = raw.partition("\n\n")
        assert not head.startswith("Subject:\n") and "\nSubject:\n" not in head
        assert all(len(line) <= 78 for line in head.splitlines())
        text = message.get_body(("plain",)).get_content()
        for line in without_board(text).splitlines():
            assert len(line) <= 78 or len(line.split()) <= 4, line  # e.g. 'herald token redeem CODE'
        assert "{P" not in text


def test_a_turn_mail_tells_what_happened_since_the_seat_last_moved(api, config, tmp_path):
    from core import games

    seated = [api.register(name) for name in ("ana", "ben", "cyd")]
    game_id = api.start_game(seated, ruleset="castle-assault", options={"first-player": 0})
    play_random(api, game_id, seated, games["castle-assault"], Rng("recap"), 12, config)
    deliver_pending(config)
    turn_mails = [m for m in mails(tmp_path) if m["Subject"].endswith("your move")]
    texts = [m.get_body(("plain",)).get_content() for m in turn_mails]
    later = [text for text in texts if "Since your last move:" in text]
    assert later, "a seat that has moved before is told what happened since"
    # The deal is secret (random), so which recap names a played move varies: at least one does.
    recaps = [text.split("Since your last move:")[1].split("Now: ")[0] for text in later]
    assert any(" played: " in recap and any(name in recap for name in ("ana", "ben", "cyd")) for recap in recaps)
    assert any("Since the game began:" in text or "Since" not in text for text in texts)


def test_a_question_answered_before_its_mail_is_sent_is_not_mailed(api, alice_bob, config, tmp_path):
    game = api.start_game(alice_bob)
    api.play_first_legal(game, alice_bob)  # alice answers before notify runs
    report = deliver_pending(config)
    assert report.dropped == 1
    dropped = Notification.get(Notification.status == "dropped")
    assert (dropped.seat, dropped.kind, dropped.last_error) == (0, "turn", "answered before it was sent")
    assert not any(m["To"] == "alice@example.org" and m["Subject"].endswith("your move") for m in mails(tmp_path))


def test_a_move_made_by_the_deadline_is_mailed_to_its_seat(api, alice_bob, config, tmp_path):
    from core import games
    from tests.server.test_deadlines import TwoCardGame

    games.register("toy-two-cards", TwoCardGame())
    try:
        api.start_game(alice_bob, ruleset="toy-two-cards")
        deliver_pending(config)
        apply_defaults(timedelta(hours=48), now=utcnow() + timedelta(hours=49))
        deliver_pending(config)
    finally:
        games.unregister("toy-two-cards")
    notice = next(m for m in mails(tmp_path) if "your time ran out" in m["Subject"])
    body = notice.get_body(("plain",)).get_content()
    assert notice["To"] == "alice@example.org" and "2 days" in body and "default answer was played" in body


def test_players_hear_who_joined_and_that_the_game_began(api, config, tmp_path):
    """'The game has begun' names who sits where, each seat said in its reader's language."""
    ana, ben, cyd = (api.register(name) for name in ("ana", "ben", "cyd"))
    assert api.call("PATCH", "/players/me", cyd, json={"language": "hu"}).status_code == 200
    created = api.call("POST", "/games", ana, json={"ruleset": "toy-race", "seats": 3}).json
    codes = [invite["code"] for invite in created["invites"]]
    api.call("POST", "/games/join", ben, json={"invite": codes[1]})
    deliver_pending(config)
    [joined] = mails(tmp_path)
    text = joined.get_body(("plain",)).get_content()
    assert joined["To"] == "ana@example.org" and "ben took seat 1" in text and "1 of 3 seats is taken" in text
    api.call("POST", "/games/join", ana, json={"invite": codes[0]})
    api.call("POST", "/games/join", cyd, json={"invite": codes[2]})
    deliver_pending(config)
    later = mails(tmp_path, since=1)
    subjects = sorted((m["To"], m["Subject"].split(": ")[-1].split(" #")[-1]) for m in later)
    assert ("ana@example.org", "ana joined") not in subjects  # nobody is told of their own join
    begun = [m for m in later if m["Subject"].endswith(("has begun", "elkezdődött"))]
    assert {m["To"] for m in begun} | {m["To"] for m in later if m["Subject"].endswith("your move")} >= {
        "ben@example.org", "cyd@example.org"}
    table = {m["To"]: m.get_body(("plain",)).get_content() for m in begun}
    assert "ana (seat 0), ben (seat 1), cyd (seat 2)" in table["ben@example.org"]
    assert "ana (hely: 0), ben (hely: 1), cyd (hely: 2)" in table["cyd@example.org"]


def test_the_link_at_the_foot_of_a_mail_is_alive(api, alice_bob, config, tmp_path, client):
    """Every mail ends with a link: the seat's game page where links are signed, else the
    server's front door, which answers."""
    api.start_game(alice_bob)
    deliver_pending(config)
    for message in mails(tmp_path):
        last = message.get_body(("plain",)).get_content().strip().splitlines()
        link = next(line for line in reversed(last) if line.startswith("https://herald.example.org"))
        path = link.removeprefix("https://herald.example.org") or "/"
        assert client.get(path).status_code == 200, link
