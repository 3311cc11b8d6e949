"""Table talk: `herald say GAME "..." [--to N]`, `herald chat`, in `herald log` and in turn mails."""
from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from client import exitcodes
from server.table import chat


def three_seated(herald):
    names = ["ana", "ben", "cal"]
    tokens = [herald.register(n) for n in names]
    created = herald.json("new", "toy-race", "--seats", 3, token=tokens[0])
    for token, invite in zip(tokens, created["invites"]):
        herald.json("join", invite["code"], token=token)
    return created["id"], tokens


def test_say_to_everyone_and_to_one_seat(herald):
    game_id, (ana, ben, cal) = three_seated(herald)
    said = herald("say", game_id, "Good luck, all!", token=ana)
    assert said.exit_code == 0 and "ana: Good luck, all!" in said.stdout
    whisper = herald.json("say", game_id, "Let us gang up on cal", "--to", 1, token=ana)
    assert whisper["to"] == [0, 1]
    assert [m["text"] for m in herald.json("chat", game_id, token=ben)] == ["Good luck, all!", "Let us gang up on cal"]
    assert [m["text"] for m in herald.json("chat", game_id, token=cal)] == ["Good luck, all!"]
    assert "(to seats 0, 1)" in herald("chat", game_id, token=ana).stdout
    # each message's time names its zone: a player's own ("28 Nov, 02:40 UTC" until they choose one)
    assert all(re.match(r"\d{1,2} \w{3}, \d\d:\d\d UTC  ", line) for line in herald("chat", game_id, token=ana).stdout.splitlines())


def test_each_reader_sees_the_talks_times_in_their_zone_and_language(herald, monkeypatch):
    """`herald chat` wrote every time in UTC ("2026-03-20 10:00 UTC") for a player in Stockholm."""
    game_id, (ana, ben, cal) = three_seated(herald)
    herald("say", game_id, "Lycka till!", token=ana)
    assert herald("account", "--timezone", "Europe/Stockholm", token=ben).exit_code == 0
    [message] = herald.json("chat", game_id, token=ben)
    stamp = datetime.fromisoformat(message["created"].rstrip("Z")).replace(tzinfo=ZoneInfo("UTC"))
    there = stamp.astimezone(ZoneInfo("Europe/Stockholm"))
    assert message["created_text"].endswith(f"{there:%H:%M} {there.tzname()}"), message
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    line = herald("chat", game_id, token=ben).stdout.strip()
    assert line.startswith(f"{there.day} ") and f"{there:%H:%M} {there.tzname()}  ana: Lycka till!" in line, line


def test_messages_sit_between_the_moves_in_the_log(herald):
    game_id, (ana, ben, cal) = three_seated(herald)
    tokens = [ana, ben, cal]
    herald("say", game_id, "before any move", token=ben)
    state = herald.json("show", game_id, token=ana)
    mover = tokens[state["prompted"][0]["seat"]]
    herald.json("play", game_id, herald.json("moves", game_id, token=mover)[0]["text"], token=mover)
    herald("say", game_id, "nice move", token=cal)
    lines = herald("log", game_id, token=ana).stdout.splitlines()
    assert lines[0] == "   >> ben: before any move"
    assert lines[-1] == "   >> cal: nice move" and any("played" in line for line in lines[1:-1])
    assert [m["text"] for m in herald.json("log", game_id, token=ana)["chat"]] == ["before any move", "nice move"]


def test_size_rate_and_who_may_talk_are_limited(herald):
    game_id, (ana, ben, cal) = three_seated(herald)
    too_long = herald("say", game_id, "x" * (chat.MAX_CHARS + 1), token=ana)
    assert too_long.exit_code == exitcodes.REJECTED and "message-too-long" in too_long.stderr
    stranger = herald.register("dan")
    assert "forbidden" in herald("say", game_id, "hi", token=stranger).stderr
    assert "bad-recipient" in herald("say", game_id, "hi", "--to", 7, token=ana).stderr
    for i in range(chat.RATE_LIMIT):
        assert herald("say", game_id, f"message {i}", token=ben).exit_code == 0
    flood = herald("say", game_id, "one more", token=ben)
    assert flood.exit_code == exitcodes.REJECTED and "too-many-messages" in flood.stderr
    assert herald("say", game_id, "others may still talk", token=cal).exit_code == 0


def test_a_turn_mail_carries_the_talk_since_the_last_one(api, alice_bob, app):
    from server.store.models import Notification

    alice, bob = alice_bob
    game_id = api.start_game([alice, bob])
    mover = api.game(game_id, alice)["prompted"][0]["seat"]
    other = alice_bob[1 - mover]
    api.call("POST", f"/games/{game_id}/chat", alice_bob[mover], json={"text": "your turn soon", "to": [1 - mover]})
    api.call("POST", f"/games/{game_id}/chat", other, json={"text": "hm"})
    assert api.play_first_legal(game_id, alice_bob).status_code == 201
    with app.app_context():
        mail = (Notification.select().where((Notification.game == game_id) & (Notification.seat == 1 - mover))
                .order_by(Notification.id.desc()).first())
    assert [m["text"] for m in mail.context["chat"]] == ["your turn soon", "hm"]
    from server.notify.channels.mail import compose  # the text a player reads
    body = compose(mail, {"MAIL_FROM": "herald@example.org"}).get_content()
    assert "Table talk since your last mail:" in body and "hm" in body
