"""Quiet hours and dates in the reader's zone, end to end: the reminder and digest scans and
`notify` run with a simulated clock (the `now` cron would call them at), mail goes to a real
SMTP server (tests/server/mailbox.py), and the players set their zones through the API."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from server.notify.channels.mail import compose, deliver_pending
from server.notify.digest import queue_digests
from server.players import localtime
from server.store.models import Game, Notification, Player, utcnow
from server.table import timeouts
from server.table.reminders import queue_reminders

HOUR = timedelta(hours=1)


def next_local(after: datetime, zone: str, hour: int, minute: int = 0) -> datetime:
    """The first moment at or after `after` (naive UTC) when the clock in `zone` shows hour:minute."""
    here = after.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(zone))
    for days in range(3):
        wall = datetime.combine(here.date() + timedelta(days=days), datetime.min.time().replace(hour=hour, minute=minute),
                                tzinfo=ZoneInfo(zone))
        moment = wall.astimezone(timezone.utc).replace(tzinfo=None)
        if moment >= after:
            return moment
    raise AssertionError("no such time in three days")


def last_local(before: datetime, zone: str, hour: int, minute: int = 0) -> datetime:
    """The last moment before `before` (naive UTC) when the clock in `zone` shows hour:minute."""
    here = before.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(zone))
    for days in range(3):
        wall = datetime.combine(here.date() - timedelta(days=days), datetime.min.time().replace(hour=hour, minute=minute),
                                tzinfo=ZoneInfo(zone))
        moment = wall.astimezone(timezone.utc).replace(tzinfo=None)
        if moment < before:
            return moment
    raise AssertionError("no such time in three days")


def set_me(api, player, **settings) -> dict:
    answer = api.call("PATCH", "/players/me", player, json=settings)
    assert answer.status_code == 200, answer.json
    return answer.json


def to(relay, address: str, subject_part: str) -> list:
    return [m for m in relay.messages if str(m["To"]) == address and subject_part in str(m["Subject"])]


def text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def flat(mail: str) -> str:
    """A mail's text on one line: its lines joined (only ASCII white space, so a date keeps
    CLDR's narrow no-break space before "AM")."""
    return re.sub(r"[ \r\n]+", " ", mail)


def test_a_reminder_due_at_night_in_stockholm_waits_for_8_there_and_goes_once(api, smtp_config, mailbox):
    """23:30 in Stockholm is 17:30 in New York: the same reminder goes at once to the New
    Yorker and at 08:00 Stockholm time to the Swede, once, whatever the scans and runs between."""
    ann, ben, cat = api.register("ann"), api.register("ben"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm")
    set_me(api, ben, timezone="America/New_York")
    api.start_game([ann, cat])
    api.start_game([ben, cat])
    relay = mailbox.start()
    deliver_pending(smtp_config)  # turn mails go at once, at any hour (the opponent has just moved)
    assert len(to(relay, "ann@example.org", "your move")) == len(to(relay, "ben@example.org", "your move")) == 1

    evening = next_local(utcnow() + 2 * HOUR, "Europe/Stockholm", 23, 30)
    assert localtime.local(evening, Player.get(Player.name == "ben")).hour in (16, 17, 18)  # daytime over there
    assert queue_reminders(HOUR, now=evening) == 2
    deliver_pending(smtp_config, now=evening)
    assert len(to(relay, "ben@example.org", "Reminder")) == 1
    assert to(relay, "ann@example.org", "Reminder") == []

    morning = next_local(evening, "Europe/Stockholm", 8, 0)
    held = Notification.get((Notification.kind == "reminder") & (Notification.email == "ann@example.org"))
    assert held.status == "pending" and held.next_attempt == morning and held.created == evening
    for hour in range(1, 8):  # cron's hourly `remind --after 1h` and `notify` through the night
        moment = evening + hour * HOUR
        if moment >= morning:
            break
        queue_reminders(HOUR, now=moment)
        deliver_pending(smtp_config, now=moment)
    deliver_pending(smtp_config, now=evening, ignore_backoff=True)  # the operator's flush does not wake her either
    assert to(relay, "ann@example.org", "Reminder") == []
    assert Notification.select().where((Notification.kind == "reminder")
                                       & (Notification.email == "ann@example.org")).count() == 1  # no second one

    assert deliver_pending(smtp_config, now=morning).sent == 1
    deliver_pending(smtp_config, now=morning + HOUR)
    [reminder] = to(relay, "ann@example.org", "Reminder")
    assert Notification.get_by_id(held.id).status == "sent"
    # its "waiting since" is written in Stockholm time, as ann reads dates
    assert re.search(r"since \w+ \d{1,2} \w+, \d\d:\d\d CES?T\.", flat(text(reminder))), text(reminder)
    assert len(to(relay, "ben@example.org", "Reminder")) >= 2  # awake: reminded every period (`--after 1h`)


def test_a_reminder_held_for_the_night_is_dropped_if_the_player_moves_first(api, smtp_config, mailbox):
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm")
    game = api.start_game([ann, cat])
    relay = mailbox.start()
    deliver_pending(smtp_config)
    evening = next_local(utcnow() + 2 * HOUR, "Europe/Stockholm", 23, 30)
    assert queue_reminders(HOUR, now=evening) == 1
    assert api.play_first_legal(game, [ann, cat]).status_code == 201  # an insomniac: she moves at once
    deliver_pending(smtp_config, now=next_local(evening, "Europe/Stockholm", 8, 0))
    assert to(relay, "ann@example.org", "Reminder") == []
    assert Notification.get(Notification.kind == "reminder").status == "dropped"


def test_a_reminder_held_for_the_night_is_dropped_if_the_player_goes_on_vacation(api, smtp_config, mailbox):
    """Held overnight, it would have reminded a player on vacation of a deadline their vacation
    has moved since."""
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm")
    set_me(api, cat, timezone="Europe/Stockholm")
    game = api.start_game([ann, cat])
    asked = [ann, cat][api.game(game, ann)["prompted"][0]["seat"]]
    relay = mailbox.start()
    deliver_pending(smtp_config)
    evening = next_local(utcnow() + 2 * HOUR, "Europe/Stockholm", 23, 30)
    assert queue_reminders(HOUR, now=evening) == 1
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", asked, json={"until": until}).status_code == 201
    deliver_pending(smtp_config, now=next_local(evening, "Europe/Stockholm", 8, 0))
    assert to(relay, asked["email"], "Reminder") == []
    assert Notification.get(Notification.kind == "reminder").status == "dropped"


def test_a_reminder_held_for_the_night_goes_once_the_player_turns_quiet_hours_off(api, smtp_config, mailbox):
    """A Dutch player replied 'quiet off' and was told reminders now go at any hour, yet her
    reminder, held for the old quiet hours, still waited for the morning: changing the quiet
    hours (or the zone) now moves what was held for the old ones."""
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm")
    api.start_game([ann, cat])
    relay = mailbox.start()
    deliver_pending(smtp_config)
    evening = next_local(utcnow() + 2 * HOUR, "Europe/Stockholm", 23, 30)
    assert queue_reminders(HOUR, now=evening) == 1
    deliver_pending(smtp_config, now=evening)
    assert to(relay, "ann@example.org", "Reminder") == []  # held for the night
    set_me(api, ann, quiet_hours="off")
    deliver_pending(smtp_config, now=evening)
    assert len(to(relay, "ann@example.org", "Reminder")) == 1


def test_quiet_hours_off_or_elsewhere_send_at_once(api, smtp_config, mailbox):
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm", quiet_hours="off")
    api.start_game([ann, cat])
    relay = mailbox.start()
    evening = next_local(utcnow() + 2 * HOUR, "Europe/Stockholm", 23, 30)
    assert queue_reminders(HOUR, now=evening) == 1
    deliver_pending(smtp_config, now=evening)
    assert len(to(relay, "ann@example.org", "Reminder")) == 1


def test_the_deadline_reminder_waits_too_but_the_deadline_does_not_move(api, smtp_config, mailbox):
    """`herald server clocks` reminds a day before the deadline; the reminder waits out the
    night, the deadline stays where the clock put it, and the mail says it in Stockholm time."""
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm")
    created = api.call("POST", "/games", ann, json={"ruleset": "toy-race", "seats": 2, "days_per_move": 2}).json
    for player, invite in zip((ann, cat), created["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    game = Game.get_by_id(created["id"])
    due = datetime.fromisoformat(game.prompted[0]["since"]) + 2 * timedelta(days=1)
    relay = mailbox.start()
    # A moment of the reminder's day (the day before the deadline) inside Stockholm's night
    # (22:00-08:00) whose morning still comes before the deadline, whatever hour the test runs:
    # the last night's end before the deadline, and that night from its start or from the day's.
    morning = last_local(due, "Europe/Stockholm", 8, 0)
    night = max(last_local(morning, "Europe/Stockholm", 22, 0), due - timedelta(days=1)) + timedelta(seconds=1)
    assert night < morning < due
    assert timeouts.queue_reminders(night) == 1
    deliver_pending(smtp_config, now=night)
    assert to(relay, "ann@example.org", "Reminder") == []
    deliver_pending(smtp_config, now=morning)
    [reminder] = to(relay, "ann@example.org", "Reminder")
    assert api.game(game.id, ann)["clock"]["deadlines"][0]["deadline"] == due.isoformat(timespec="seconds") + "Z"
    written = localtime.format_when(due, Player.get(Player.name == "ann"))
    assert f"Answer by {written}." in flat(text(reminder))


def test_a_digest_waits_out_the_night_and_leaves_out_games_answered_meanwhile(api, smtp_config, mailbox):
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/Stockholm", mail="digest")
    first, second = api.start_game([ann, cat]), api.start_game([ann, cat])
    relay = mailbox.start()
    evening = next_local(utcnow() + HOUR, "Europe/Stockholm", 23, 30)
    assert queue_digests(smtp_config, now=evening) == 1
    assert queue_digests(smtp_config, now=evening + 21 * HOUR) == 0  # still held: one digest, not two
    deliver_pending(smtp_config, now=evening)
    assert to(relay, "ann@example.org", "waiting for you") == []
    assert api.play_first_legal(first, [ann, cat]).status_code == 201
    deliver_pending(smtp_config, now=next_local(evening, "Europe/Stockholm", 8, 0))
    [digest] = to(relay, "ann@example.org", "waiting for you")
    assert str(digest["Subject"]) == "[Herald] 1 game waiting for you"
    assert f"Game {second} " in text(digest) and f"Game {first} " not in text(digest)


# --- dates in the reader's zone and language -------------------------------------------------

def clocked(api, players, days=2) -> int:
    created = api.call("POST", "/games", players[0], json={"ruleset": "toy-race", "seats": len(players),
                                                           "days_per_move": days}).json
    for player, invite in zip(players, created["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    return created["id"]


def test_a_deadline_in_a_mail_is_written_in_its_readers_zone_and_language(api, smtp_config, mailbox, monkeypatch):
    """The row stores the deadline in UTC; the mail writes it when it is sent, for whoever
    it goes to: English in Europe/London, Swedish in Europe/Stockholm (the language column is
    lang-l's: until it lands, the test sets the attribute on the players row it reads)."""
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Europe/London", quiet_hours="off")
    game_id = clocked(api, [ann, cat])
    turn = Notification.get((Notification.kind == "turn") & (Notification.game == game_id))
    assert set(turn.context) >= {"deadline_at"} and "deadline" not in turn.context
    context = {**turn.context, "deadline_at": "2031-12-02T18:00:00"}  # a Tuesday evening in December, to come
    Notification.update(context=context).where(Notification.id == turn.id).execute()
    relay = mailbox.start()
    deliver_pending(smtp_config)
    [mail] = to(relay, "ann@example.org", "your move")
    assert "Answer by Tuesday 2 December, 18:00 GMT." in text(mail)

    set_me(api, ann, timezone="Europe/Stockholm")
    reader = localtime.reader

    def swedish(player_id):
        row = reader(player_id)
        row.language = "sv"
        return row

    monkeypatch.setattr(localtime, "reader", swedish)
    assert "Answer by tisdag 2 december 19:00 CET." in compose(Notification.get_by_id(turn.id), smtp_config).get_content()


def test_an_answer_in_the_game_and_a_vacation_end_are_written_for_each_reader(api, smtp_config):
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="America/New_York")
    set_me(api, cat, timezone="Asia/Kolkata")
    game_id = clocked(api, [ann, cat])
    detail = api.game(game_id, ann)
    [entry] = detail["clock"]["deadlines"]
    due = datetime.fromisoformat(entry["deadline"].rstrip("Z"))
    assert entry["deadline"].endswith("Z")  # the JSON stays in UTC, for machines
    assert entry["deadline_text"] == localtime.format_when(due, Player.get(Player.name == "ann"))
    assert entry["deadline_text"].endswith(("EST", "EDT"))
    assert api.game(game_id, cat)["clock"]["deadlines"][0]["deadline_text"].endswith("IST")  # English in India
    [asked] = api.call("GET", "/me/next", ann).json
    assert asked["deadline"] == entry["deadline"] and asked["deadline_text"] == entry["deadline_text"]

    until = (utcnow() + timedelta(days=5)).replace(microsecond=0)
    away = api.call("POST", "/players/me/vacation", ann, json={"until": until.isoformat()}).json
    assert away["until_text"] == localtime.format_when(until, Player.get(Player.name == "ann"), "year")
    told = Notification.get((Notification.kind == "vacation") & (Notification.player == cat["id"]))
    assert told.context["until_at"] == until.isoformat()
    mail = compose(told, smtp_config).get_content()
    written = localtime.format_when(until, Player.get(Player.name == "cat"), "year")
    assert written.endswith("IST") and f"ann is on vacation until {written}." in flat(mail)


# --- the settings ------------------------------------------------------------------------

def test_the_api_sets_a_zone_and_quiet_hours_and_refuses_bad_ones_with_a_sentence(api):
    made = api.client.post("/players", json={"name": "ann", "email": "ann@example.org", "timezone": "europe/stockholm"})
    assert made.status_code == 201 and made.json["timezone"] == "Europe/Stockholm"
    assert made.json["quiet_hours"] == "22:00-08:00"
    ann = made.json
    me = set_me(api, ann, timezone="Europe/Budapest", quiet_hours="23-7")
    assert (me["timezone"], me["quiet_hours"], me["mail"]) == ("Europe/Budapest", "23:00-07:00", "turns")
    assert set_me(api, ann, quiet_hours=None)["quiet_hours"] is None
    assert set_me(api, ann, quiet_hours="off")["quiet_hours"] is None
    assert set_me(api, ann, mail="digest")["timezone"] == "Europe/Budapest"  # what is left out stays
    for body, code, words in [({"timezone": "Europe/Budapesth"}, "bad-timezone", "Did you mean Europe/Budapest"),
                              ({"timezone": "Mars/Olympus"}, "bad-timezone", "is not a time zone Herald knows"),
                              ({"quiet_hours": "8-8"}, "bad-quiet-hours", "starts where it ends"),
                              ({"quiet_hours": "25-3"}, "bad-quiet-hours", "hours 0-24"),
                              ({}, "invalid-input", "at least one of")]:
        refused = api.call("PATCH", "/players/me", ann, json=body)
        assert refused.status_code == 422 and refused.json["error"]["code"] == code, refused.json
        assert words in refused.json["error"]["message"]
    bad = api.client.post("/players", json={"name": "ben", "email": "ben@example.org", "timezone": "Nowhere"})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "bad-timezone"
    assert Player.select().where(Player.name == "ben").count() == 0
    assert api.call("GET", "/players/me", ann).json["quiet_hours"] is None


def test_a_reply_by_mail_sets_the_zone_and_the_quiet_hours(table):
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "timezone Europe/Stockholm\nquiet 23-7")
    said = body(reply)
    assert "Your time zone is now Europe/Stockholm" in said and "quiet hours are now 23:00-07:00" in said
    ann = Player.get(Player.name == "alice")
    assert (ann.timezone, ann.quiet_hours) == ("Europe/Stockholm", "23:00-07:00")
    [reply] = answer(table, turn, "timezone Europe/Stokholm\nquiet off\nlog")
    said = " ".join(body(reply).split())  # (sentences at a mail's width)
    assert "Did you mean Europe/Stockholm?" in said and "no quiet hours now" in said
    assert "(Times in Europe/Stockholm.)" in said or "(none yet)" in said
    assert Player.get(Player.name == "alice").quiet_hours is None



def test_remind_says_how_many_wait_for_quiet_hours(api, config):
    """`herald server remind` as cron runs it, at whatever hour: ann's quiet hours are made to
    cover this one, and her seat to have waited two hours."""
    from click.testing import CliRunner

    from server.cli import server
    from server.table import due_times

    ann, cat = api.register("ann"), api.register("cat")
    hour = utcnow().hour
    set_me(api, ann, quiet_hours=f"{hour}-{(hour + 2) % 24}")
    game = Game.get_by_id(api.start_game([ann, cat]))
    waited = [{**p, "since": (utcnow() - 2 * HOUR).isoformat(timespec="seconds")} for p in game.prompted]
    Game.update(prompted=waited, **due_times.columns(game, waited)).where(Game.id == game.id).execute()
    env = {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"], "HERALD_CONFIG": "",
           "HERALD_SMTP_HOST": ""}
    result = CliRunner().invoke(server, ["remind", "--after", "1h"], env=env)
    assert result.exit_code == 0, result.output
    assert "queued 1 reminder(s); 1 wait for their players' quiet hours" in result.output
    assert Notification.get(Notification.kind == "reminder").status == "pending"
    health = api.client.get("/health").json["outbox"]
    assert health == {"pending": 1, "oldest_pending_seconds": None}  # waiting for her morning is no fault


def test_a_digest_says_each_clocked_games_deadline_in_its_readers_zone(api, smtp_config, mailbox):
    """A player on the daily digest gets no reminders: the digest itself says by when each
    clocked game must be answered, written when it is sent, as its reader reads dates."""
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, timezone="Asia/Kathmandu", mail="digest", quiet_hours="off")
    game_id = clocked(api, [ann, cat], days=3)
    if api.game(game_id, ann)["prompted"][0]["seat"] != 0:  # ann must be the one asked
        assert api.play_first_legal(game_id, [ann, cat]).status_code == 201
    due = datetime.fromisoformat(api.game(game_id, ann)["clock"]["deadlines"][0]["deadline"].rstrip("Z"))
    relay = mailbox.start()
    assert queue_digests(smtp_config) == 1
    deliver_pending(smtp_config)
    [digest] = to(relay, "ann@example.org", "waiting for you")
    written = localtime.format_when(due, localtime.reader(ann["id"]))
    assert "+0545" in written and f"Answer by {written}." in flat(text(digest))


def test_a_vacation_ended_at_once_is_not_announced(api, smtp_config, mailbox):
    """`herald vacation --until ...` then `--end` before the notices went out: the other players
    are not told of a vacation that is over."""
    ann, cat = api.register("ann"), api.register("cat")
    api.start_game([ann, cat])
    relay = mailbox.start()
    deliver_pending(smtp_config)
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", ann, json={"until": until}).status_code == 201
    assert api.call("DELETE", "/players/me/vacation", ann).status_code == 200
    deliver_pending(smtp_config)
    assert to(relay, "cat@example.org", "vacation") == []
    assert Notification.get(Notification.kind == "vacation").status == "dropped"


def test_a_vacation_ended_early_is_announced_to_those_told_of_it_once(api, smtp_config, mailbox):
    """`herald vacation --end` after the notices went out: each player told of the vacation is
    told, once, that the player is back and their clock runs again, in their own language."""
    ann, cat, dan = api.register("ann"), api.register("cat"), api.register("dan")
    assert api.call("PATCH", "/players/me", cat, json={"language": "sv"}).status_code == 200
    api.start_game([ann, cat])
    relay = mailbox.start()
    deliver_pending(smtp_config)
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", ann, json={"until": until}).status_code == 201
    deliver_pending(smtp_config)
    [away] = to(relay, "cat@example.org", "ann är på semester")
    api.start_game([ann, dan])  # a game begun during the vacation: dan was never told of it
    assert api.call("DELETE", "/players/me/vacation", ann).status_code == 200
    deliver_pending(smtp_config)
    deliver_pending(smtp_config)
    [back] = to(relay, "cat@example.org", "ann är tillbaka")
    assert "ann är tillbaka från semestern. Hens klocka i parti" in flat(text(back))
    assert to(relay, "dan@example.org", "back") == [] and to(relay, "ann@example.org", "back") == []


def test_a_back_notice_is_dropped_if_its_player_is_away_again_before_it_goes(api, smtp_config, mailbox):
    ann, cat = api.register("ann"), api.register("cat")
    api.start_game([ann, cat])
    relay = mailbox.start()
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", ann, json={"until": until}).status_code == 201
    deliver_pending(smtp_config)
    assert api.call("DELETE", "/players/me/vacation", ann).status_code == 200
    assert api.call("POST", "/players/me/vacation", ann, json={"until": until}).status_code == 201
    deliver_pending(smtp_config)
    assert to(relay, "cat@example.org", "is back") == []
    assert Notification.get(Notification.kind == "back").status == "dropped"
    assert len(to(relay, "cat@example.org", "is on vacation")) == 2  # told of the second one


def test_mail_off_brings_no_news_of_the_table_either(api, smtp_config, mailbox):
    """`mail off` is only the answers to one's own mail, invitations and the account's mail: no
    game begun, seat taken or vacation news either, which a player on `turns` still gets."""
    ann, cat = api.register("ann"), api.register("cat")
    assert api.call("PATCH", "/players/me", ann, json={"mail": "off"}).status_code == 200
    relay = mailbox.start()
    api.start_game([ann, cat])
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", cat, json={"until": until}).status_code == 201
    deliver_pending(smtp_config)
    assert api.call("DELETE", "/players/me/vacation", cat).status_code == 200
    deliver_pending(smtp_config)
    assert [str(m["Subject"]) for m in relay.messages if str(m["To"]) == "ann@example.org"] == []
    assert to(relay, "cat@example.org", "has begun")  # (cat is on `turns`)


def test_no_digest_while_its_player_is_on_vacation(api, smtp_config, mailbox):
    ann, cat = api.register("ann"), api.register("cat")
    set_me(api, ann, mail="digest", quiet_hours="off")
    api.start_game([ann, cat])
    api.start_game([cat, ann])
    until = (utcnow() + timedelta(days=3)).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", ann, json={"until": until}).status_code == 201
    assert queue_digests(smtp_config) == 0
    assert queue_digests(smtp_config, now=utcnow() + timedelta(days=4)) == 1  # back: the games wait for her
