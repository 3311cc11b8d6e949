"""Per-game clocks (`--days-per-move`, `on_timeout`) and vacations, on a real SQLite database.

The deadline runs are called with a `now` in the future, as cron would call them days later."""
from __future__ import annotations

from datetime import datetime, timedelta

from server.table import deadlines, due_times, timeouts
from server.notify.channels.mail import compose
from server.store.models import Game, Notification, utcnow
from server.store.verify import verify_game

DAY = timedelta(days=1)


def clocked_game(api, players, days=2, on_timeout="resign"):
    created = api.call("POST", "/games", players[0], json={"ruleset": "toy-race", "seats": len(players),
                                                           "days_per_move": days, "on_timeout": on_timeout})
    assert created.status_code == 201 and created.json["days_per_move"] == days
    for player, invite in zip(players, created.json["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    return created.json["id"]


def since_of(api, game_id, player):
    detail = api.game(game_id, player)
    return detail, datetime.fromisoformat(Game.get_by_id(game_id).prompted[0]["since"])


def test_the_deadline_is_shown_reminded_a_day_before_then_the_seat_resigns(api, alice_bob):
    game_id = clocked_game(api, alice_bob)
    detail, since = since_of(api, game_id, alice_bob[0])
    mover = detail["prompted"][0]["seat"]
    shown = detail["clock"]["deadlines"][0]
    assert shown["seat"] == mover and not shown["paused"]
    assert datetime.fromisoformat(shown["deadline"].rstrip("Z")) == since + 2 * DAY
    turn_mail = Notification.get((Notification.game == game_id) & (Notification.seat == mover))
    assert "Answer by" in compose(turn_mail, {"MAIL_FROM": "h@example.org"}).get_content()

    assert timeouts.queue_reminders(since + DAY / 2) == 0           # too early
    assert timeouts.queue_reminders(since + DAY + timedelta(minutes=1)) == 1
    assert timeouts.queue_reminders(since + DAY + timedelta(hours=2)) == 0  # once a day
    assert timeouts.apply_overdue(since + DAY * 1.5).applied == []  # not yet
    assert deadlines.apply_defaults(timedelta(hours=1), since + 3 * DAY).applied == []  # --after leaves it alone

    report = timeouts.apply_overdue(since + 2 * DAY + timedelta(minutes=1))
    assert [(seat, text) for _, _, seat, text in report.applied] == [(mover, "resign")]
    over = api.game(game_id, alice_bob[0])
    assert over["status"] == "finished" and over["result"]["winners"] == [1 - mover]
    assert verify_game(Game.get_by_id(game_id)).ok


def test_with_default_and_no_default_answer_the_seat_keeps_waiting(api, alice_bob):
    game_id = clocked_game(api, alice_bob, days=1, on_timeout="default")
    _, since = since_of(api, game_id, alice_bob[0])
    assert timeouts.apply_overdue(since + 5 * DAY).applied == []  # a toy turn has no default answer
    assert api.game(game_id, alice_bob[0])["status"] == "active"
    assert timeouts.queue_reminders(since + 5 * DAY) == 1  # but it is reminded


def test_a_vacation_stops_the_clock_tells_the_others_and_ends_when_i_move(api, alice_bob):
    game_id = clocked_game(api, alice_bob)
    detail, since = since_of(api, game_id, alice_bob[0])
    mover = detail["prompted"][0]["seat"]
    away, other = alice_bob[mover], alice_bob[1 - mover]
    until = (utcnow() + 10 * DAY).replace(microsecond=0)
    started = api.call("POST", "/players/me/vacation", away, json={"until": until.isoformat()})
    assert started.status_code == 201 and started.json["on_vacation"] and started.json["left"] == 30 - 10
    clock = api.game(game_id, other)["clock"]["deadlines"][0]
    assert clock["paused"] and datetime.fromisoformat(clock["deadline"].rstrip("Z")) >= until + DAY
    told = Notification.get((Notification.kind == "vacation") & (Notification.player == other["id"]))
    assert f"{away['name']} is on vacation" in compose(told, {"MAIL_FROM": "h@example.org"}).get_content()
    assert timeouts.apply_overdue(since + 5 * DAY).applied == []  # paused
    assert timeouts.queue_reminders(since + 5 * DAY) == 0

    assert api.play_first_legal(game_id, alice_bob).status_code == 201  # moving ends the vacation
    status = api.call("GET", "/players/me/vacation", away).json
    assert not status["on_vacation"] and status["used"] == 1 and status["left"] == 29


def test_vacation_allowance_and_dates_are_checked(api, alice_bob):
    alice = alice_bob[0]
    too_long = api.call("POST", "/players/me/vacation", alice, json={"until": (utcnow() + 40 * DAY).date().isoformat()})
    assert too_long.status_code == 422 and too_long.json["error"]["code"] == "vacation-allowance"
    past = api.call("POST", "/players/me/vacation", alice, json={"until": "2020-01-01"})
    assert past.status_code == 422 and past.json["error"]["code"] == "bad-date"
    garbage = api.call("POST", "/players/me/vacation", alice, json={"until": "next tuesday"})
    assert garbage.status_code == 422 and garbage.json["error"]["code"] == "bad-date"
    assert api.call("DELETE", "/players/me/vacation", alice).status_code == 409
    ok = api.call("POST", "/players/me/vacation", alice, json={"until": (utcnow() + 3 * DAY).date().isoformat()})
    assert ok.status_code == 201
    assert api.call("POST", "/players/me/vacation", alice, json={"until": (utcnow() + 5 * DAY).date().isoformat()}).status_code == 409
    back = api.call("DELETE", "/players/me/vacation", alice).json
    assert not back["on_vacation"] and back["used"] <= 1


def test_short_vacations_cost_the_time_away_not_a_day_each(api, alice_bob):
    """Three vacations ended within seconds each raised 'used' by a day (3 of 30 gone for
    minutes away): the time away is summed over the year and rounded up once."""
    alice = alice_bob[0]
    until = (utcnow() + 5 * DAY).date().isoformat()
    for _ in range(3):
        assert api.call("POST", "/players/me/vacation", alice, json={"until": until}).status_code == 201
        back = api.call("DELETE", "/players/me/vacation", alice).json
    assert back["used"] == 1 and back["left"] == 29


def test_cli_clock_in_show_and_vacation(herald):
    ana, ben = herald.register("ana"), herald.register("ben")
    created = herald("new", "toy-race", "--seats", 2, "--days-per-move", 3, "--on-timeout", "resign", token=ana)
    assert "Clock: 3 days per move; at a passed deadline: resign." in created.stdout
    game_id = int(created.stdout.split()[2])
    codes = [line.split()[-1] for line in created.stdout.splitlines() if "herald join" in line and "seat" in line]
    herald("join", codes[0], token=ana)
    herald("join", codes[1], token=ben)
    shown = herald("show", game_id, token=ana).stdout
    assert "Clock: 3 days per move" in shown and "answer by" in shown
    asked = herald.json("show", game_id, token=ana)["prompted"][0]["seat"]
    away, other = (ana, ben) if asked == 0 else (ben, ana)
    gone = herald("vacation", "--until", (utcnow() + 5 * DAY).date().isoformat(), token=away)
    assert gone.exit_code == 0 and "On vacation until" in gone.stdout
    assert "(clock paused: on vacation)" in herald("show", game_id, token=other).stdout
    assert "5 used" in herald("vacation", token=away).stdout
    assert "Not on vacation" in herald("vacation", "--end", token=away).stdout


def test_operator_command_clocks_acts_and_mails(api, alice_bob, config, tmp_path):
    """`herald server clocks` as cron runs it, after the asked seat waited three days (the wait
    is written into the game row with its due times, as if the days had passed)."""
    from click.testing import CliRunner

    from server.cli import server

    game_id = clocked_game(api, alice_bob)
    game = Game.get_by_id(game_id)
    waited = [{**p, "since": (utcnow() - 3 * DAY).isoformat(timespec="seconds")} for p in game.prompted]
    Game.update(prompted=waited, **due_times.columns(game, waited)).where(Game.id == game_id).execute()
    env = {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
           "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}
    result = CliRunner().invoke(server, ["clocks"], env=env)
    assert result.exit_code == 0, result.output
    assert "ran out of time: 'resign'" in result.output and "applied 1 move(s)" in result.output
    assert api.game(game_id, alice_bob[0])["status"] == "finished"
    assert any(f"#{game_id} is over" in p.read_text() for p in (tmp_path / "mail").glob("*.eml"))


def test_the_server_wide_fallback_and_reminders_respect_vacations(api, alice_bob):
    """`deadlines --after` and `remind --after` skip a seat whose player is away."""
    from server.table import reminders

    game_id = api.start_game(alice_bob)
    mover = api.game(game_id, alice_bob[0])["prompted"][0]["seat"]
    until = (utcnow() + 3 * DAY).isoformat(timespec="seconds")
    assert api.call("POST", "/players/me/vacation", alice_bob[mover], json={"until": until}).status_code == 201
    game = Game.get_by_id(game_id)
    assert deadlines.expired_seats(game, timedelta(hours=1), utcnow() + DAY) == []
    assert reminders.due_seats(game, timedelta(hours=1), utcnow() + DAY) == []
    assert deadlines.expired_seats(game, timedelta(hours=1), utcnow() + 4 * DAY) == [mover]  # back: counting again


def test_a_day_per_move_is_reminded_halfway_not_with_the_turn_mail(api, alice_bob):
    """With one day per move, "a day before the deadline" is the moment the seat is asked: the
    reminder waits until half the time has passed."""
    game_id = clocked_game(api, alice_bob, days=1)
    _, since = since_of(api, game_id, alice_bob[0])
    assert timeouts.queue_reminders(since + timedelta(minutes=1)) == 0
    assert timeouts.queue_reminders(since + timedelta(hours=11)) == 0
    assert timeouts.queue_reminders(since + timedelta(hours=12, minutes=1)) == 1


def test_daily_reminders_come_at_the_same_time_each_day(api, alice_bob):
    """An hourly timer that reminded a waiting seat at 12:00 reminds it at 12:00 the next day,
    not at 13:00 (a reminder is "a day" after the last one give or take the timer's minutes)."""
    from server.table import reminders

    game_id = clocked_game(api, alice_bob, days=1, on_timeout="default")  # a toy turn: no default answer
    _, since = since_of(api, game_id, alice_bob[0])
    sent = Notification.update(status="sent").where(Notification.kind == "reminder")  # as notify sends them
    first = since + 2 * DAY
    assert timeouts.queue_reminders(first) == 1
    sent.execute()
    assert timeouts.queue_reminders(first + DAY - timedelta(seconds=2)) == 1  # the next day's run, a little early
    plain = api.start_game(alice_bob)
    waited = datetime.fromisoformat(Game.get_by_id(plain).prompted[0]["since"])
    assert reminders.queue_reminders(timedelta(hours=24), waited + DAY) == 1
    sent.execute()
    assert reminders.queue_reminders(timedelta(hours=24), waited + 2 * DAY - timedelta(seconds=2)) == 1


def test_the_server_wide_reminders_leave_clocked_games_to_their_clock(api, alice_bob):
    """`remind --after 24h` does not remind a clocked game's seat every day: its clock reminds it
    a day before its deadline (`herald server clocks`)."""
    from server.table import reminders

    game_id = clocked_game(api, alice_bob, days=5)
    _, since = since_of(api, game_id, alice_bob[0])
    assert reminders.queue_reminders(timedelta(hours=24), since + 2 * DAY) == 0
    assert timeouts.queue_reminders(since + 4 * DAY + timedelta(minutes=1)) == 1


def test_a_vacation_begun_after_the_deadline_does_not_move_it(api, alice_bob):
    """Time that has run out stays run out: a vacation taken after the deadline (before the
    hourly timer acted on it) neither moves the deadline nor saves the seat."""
    from server.store.models import Vacation

    game_id = clocked_game(api, alice_bob, days=2, on_timeout="resign")
    detail, since = since_of(api, game_id, alice_bob[0])
    mover = detail["prompted"][0]["seat"]
    late = since + 2 * DAY + timedelta(minutes=5)
    Vacation.create(player=alice_bob[mover]["id"], start=late, until=late + 10 * DAY)
    game = Game.get_by_id(game_id)
    assert timeouts.deadline(game, game.prompted[0], late + timedelta(minutes=1)) == (since + 2 * DAY, False)
    report = timeouts.apply_overdue(late + timedelta(minutes=10))
    assert [(seat, text) for _, _, seat, text in report.applied] == [(mover, "resign")]


def test_a_vacation_begun_in_time_moves_the_deadline_by_its_length(api, alice_bob):
    from server.store.models import Vacation

    game_id = clocked_game(api, alice_bob, days=2)
    detail, since = since_of(api, game_id, alice_bob[0])
    mover = detail["prompted"][0]["seat"]
    Vacation.create(player=alice_bob[mover]["id"], start=since + DAY, until=since + 4 * DAY)
    game = Game.get_by_id(game_id)
    assert timeouts.deadline(game, game.prompted[0], since + 2 * DAY) == (since + 5 * DAY, True)
    assert timeouts.deadline(game, game.prompted[0], since + 4 * DAY) == (since + 5 * DAY, False)
    assert timeouts.apply_overdue(since + 4 * DAY + timedelta(hours=1)).applied == []


def test_a_vacation_until_a_date_ends_at_its_midnight_in_my_zone(api, alice_bob):
    """`until: "2026-10-25"` is the day I am back, as I count days: its midnight in my time zone
    (it was UTC midnight, the evening before in Santiago)."""
    from zoneinfo import ZoneInfo

    alice = alice_bob[0]
    assert api.call("PATCH", "/players/me", alice, json={"timezone": "America/Santiago"}).status_code == 200
    back = (utcnow() + 5 * DAY).date()
    started = api.call("POST", "/players/me/vacation", alice, json={"until": back.isoformat()})
    assert started.status_code == 201, started.json
    midnight = datetime(back.year, back.month, back.day, tzinfo=ZoneInfo("America/Santiago"))
    expected = midnight.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
    assert datetime.fromisoformat(started.json["until"].rstrip("Z")) == expected
    assert "00:00" in started.json["until_text"]
