"""A digest player's own digest time (`players.digest_at`), end to end: the digest scan run on
a simulated clock at the rhythms operators run it (every 15 minutes as the shipped timer does,
or once a day as the first release's did), mail sent through a real SMTP server
(tests/server/mailbox.py), and the time chosen through the API and a reply by mail (the
CLI's `herald me --digest-at`: tests/client/test_me.py)."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from server.notify.channels.mail import deliver_pending
from server.notify.digest import queue_digests
from server.players import localtime
from server.store.models import Player, utcnow
from tests.server.test_quiet_hours import flat, next_local, set_me, text, to

QUARTER = timedelta(minutes=15)


def digests_written(config, start: datetime, end: datetime, every: timedelta = QUARTER) -> list[datetime]:
    """Run the scan from `start` to `end` at the given rhythm, each run followed by `notify`'s
    (to the test's SMTP server, started first); the moments the scan wrote a digest."""
    written, now = [], start
    while now < end:
        if queue_digests(config, now=now):
            written.append(now)
        deliver_pending(config, now=now)
        now += every
    return written


def digest_player(api, name: str, **settings) -> dict:
    player = api.register(name)
    set_me(api, player, mail="digest", quiet_hours="off", **settings)
    return player


def test_a_digest_is_written_once_a_day_at_its_players_time_in_their_zone(api, smtp_config, mailbox):
    """ann in New York chose 18:00; the scan runs every 15 minutes for three days: one digest
    a day, each at the first run at or after 18:00 on her clock, and its mail says so."""
    ann, cat = digest_player(api, "ann", timezone="America/New_York", digest_at="6pm"), api.register("cat")
    api.start_game([ann, cat])
    relay = mailbox.start()
    start = next_local(utcnow() + timedelta(days=1), "America/New_York", 5, 5)  # 13 hours before her time
    assert digests_written(smtp_config, start, start + QUARTER) == [start]  # a new digest player's first: at once
    written = digests_written(smtp_config, start + QUARTER, start + timedelta(days=3))
    assert len(written) == 3
    for moment in written:
        here = localtime.local(moment, Player.get(Player.name == "ann"))
        assert (here.hour, here.minute) == (18, 5), here  # the first run after 18:00 on her clock
    mails = to(relay, "ann@example.org", "waiting for you")
    assert len(mails) == 4
    mail = mails[-1]
    assert "It is written at 18:00 your time: `herald me --digest-at 7:30` changes that." in flat(text(mail))


def test_a_game_that_starts_waiting_after_the_digest_time_waits_for_the_next_day(api, smtp_config, mailbox):
    mailbox.start()
    ann, cat = digest_player(api, "ann", timezone="Europe/Stockholm", digest_at="08:00"), api.register("cat")
    morning = next_local(utcnow() + timedelta(days=1), "Europe/Stockholm", 8, 0)
    assert queue_digests(smtp_config, now=morning) == 0  # nothing waits for her yet: considered, and no mail
    api.start_game([ann, cat])  # a game starts waiting for her at, say, noon
    assert digests_written(smtp_config, morning + QUARTER, morning + timedelta(hours=23, minutes=50)) == []
    assert digests_written(smtp_config, morning + timedelta(hours=24), morning + timedelta(hours=24, minutes=30)) \
        == [morning + timedelta(hours=24)]


def test_a_scan_run_once_a_day_still_writes_one_digest_at_each_run(api, smtp_config, mailbox):
    """An operator who kept the first release's daily 07:00 timer: each run writes each digest
    player's digest (held to the end of their quiet hours, as before), whatever their time."""
    ann, cat = digest_player(api, "ann", timezone="Asia/Tokyo", digest_at="20:00"), api.register("cat")
    api.start_game([ann, cat])
    mailbox.start()
    seven = next_local(utcnow() + timedelta(days=1), "UTC", 7, 0)
    assert digests_written(smtp_config, seven, seven + timedelta(days=3), every=timedelta(days=1)) == \
        [seven, seven + timedelta(days=1), seven + timedelta(days=2)]


def test_moving_the_time_later_gives_no_second_digest_the_same_day(api, smtp_config, mailbox):
    """Digests are at least 12 hours apart: ann's went at 08:00, she moves her time to 09:00
    and then to 19:00; the next is tomorrow's at 19:00."""
    ann, cat = digest_player(api, "ann", digest_at="8"), api.register("cat")
    api.start_game([ann, cat])
    mailbox.start()
    eight = next_local(utcnow() + timedelta(days=1), "UTC", 8, 0)
    assert digests_written(smtp_config, eight, eight + QUARTER) == [eight]
    set_me(api, ann, digest_at="9")
    assert digests_written(smtp_config, eight + QUARTER, eight + timedelta(hours=3)) == []
    set_me(api, ann, digest_at="19:00")
    assert digests_written(smtp_config, eight + timedelta(hours=3), eight + timedelta(hours=24)) == []
    assert digests_written(smtp_config, eight + timedelta(hours=24), eight + timedelta(hours=36)) == \
        [eight + timedelta(hours=35)]


@pytest.mark.parametrize("typed, stored", [("8", "08:00"), ("7pm", "19:00"), ("at 19.45", "19:45")])
def test_a_digest_time_as_typed_and_as_stored(api, typed, stored):
    ann = api.register("ann")
    assert set_me(api, ann, digest_at=typed)["digest_at"] == stored
    assert api.call("GET", "/players/me", ann).json["digest_at"] == stored


@pytest.mark.parametrize("typed, why", [("24", "hours 0-23"), ("7:75", "minutes 0-59"), ("13pm", "1-12 before am or pm"),
                                        ("noon", "is not a time of day"), ("8-9", "is not a time of day")])
def test_a_bad_digest_time_is_refused_with_a_sentence_and_changes_nothing(api, typed, why):
    ann = api.register("ann")
    assert api.call("GET", "/players/me", ann).json["digest_at"] == "08:00"  # the default
    refused = api.call("PATCH", "/players/me", ann, json={"digest_at": typed, "mail": "digest"})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "bad-digest-time", refused.json
    assert why in refused.json["error"]["message"] and "such as 8, 07:30 or 7pm" in refused.json["error"]["message"]
    assert (Player.get(Player.name == "ann").mail, Player.get(Player.name == "ann").digest_at) == ("turns", "08:00")


def test_a_reply_by_mail_sets_the_digest_and_its_time(table):
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "mail digest 7:30")
    assert "now 'digest'" in flat(body(reply)) and "written at 07:30 where you are" in flat(body(reply))
    alice = Player.get(Player.name == "alice")
    assert (alice.mail, alice.digest_at) == ("digest", "07:30")
    [reply] = answer(table, turn, "mail digest half past seven\nmail turns 7:30")
    said = flat(body(reply))
    assert "'half past seven' is not a time of day" in said and "Say 'mail turns', 'mail digest' or 'mail off'." in said
    alice = Player.get(Player.name == "alice")
    assert (alice.mail, alice.digest_at) == ("digest", "07:30")

