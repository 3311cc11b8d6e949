"""A clock with a reserve (`--clock 1d+2d`), and the deadline actions `bot` and `skip`, on a real
SQLite database. Waits are written into the game row (`since` and its due times), as if the
days had passed; the deadline runs are called as cron calls them."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest

from server.table import due_times, timeouts
from server.web import playpage
from server.notify.channels.mail import compose
from server.store.models import Game, Move, Notification, Seat, utcnow
from server.store.verify import verify_game

DAY = timedelta(days=1)


def new_game(api, players, ruleset="toy-race", **clock):
    created = api.call("POST", "/games", players[0], json={"ruleset": ruleset, "seats": len(players), **clock})
    assert created.status_code == 201, created.json
    for player, invite in zip(players, created.json["invites"]):
        assert api.call("POST", "/games/join", player, json={"invite": invite["code"]}).status_code == 200
    return created.json["id"]


def backdate(game_id: int, waited: timedelta) -> datetime:
    """Every prompted seat has waited `waited` (the games row and its due times, as a move writes them)."""
    game = Game.get_by_id(game_id)
    since = utcnow() - waited
    prompted = [{**p, "since": since.isoformat(timespec="seconds")} for p in game.prompted]
    Game.update(prompted=prompted, **due_times.columns(game, prompted)).where(Game.id == game_id).execute()
    return datetime.fromisoformat(prompted[0]["since"])


def players(api, count):
    return [api.register(name) for name in ("ana", "ben", "cal", "dan")[:count]]


def test_time_beyond_the_move_comes_off_the_reserve_which_does_not_refill(api, alice_bob):
    game_id = new_game(api, alice_bob, days_per_move=1, reserve_days=2, on_timeout="resign")
    detail = api.game(game_id, alice_bob[0])
    assert detail["clock"]["reserve_days"] == 2
    mover = detail["prompted"][0]["seat"]
    since = datetime.fromisoformat(Game.get_by_id(game_id).prompted[0]["since"])
    entry = api.game(game_id, alice_bob[mover])["clock"]["deadlines"][0]
    assert entry["reserve_left"] == 2 * 86400
    assert datetime.fromisoformat(entry["deadline"].rstrip("Z")) == since + 3 * DAY  # move + whole reserve

    backdate(game_id, DAY + DAY / 2)  # half a day beyond the day per move
    assert api.play_first_legal(game_id, alice_bob).status_code == 201
    left = Seat.get((Seat.game == game_id) & (Seat.seat == mover)).reserve_left
    assert 1.5 * 86400 - 120 <= left <= 1.5 * 86400  # 12 hours (and the seconds the test took) are spent

    backdate(game_id, DAY / 2)  # the other seat answers in time: its reserve is untouched
    assert api.play_first_legal(game_id, alice_bob).status_code == 201
    turn_mail = Notification.select().where((Notification.game == game_id) & (Notification.seat == mover)
                                            & (Notification.kind == "turn")).order_by(Notification.id.desc()).first()
    text = compose(turn_mail, {"MAIL_FROM": "h@example.org"}).get_content()
    assert re.search(r"Answer by .* \(1 day per move, plus 1d 1[12]h of reserve left\)", text, re.S)
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 1 - mover)).reserve_left is None  # still whole
    again = Game.get_by_id(game_id)
    since = datetime.fromisoformat(again.prompted[0]["since"])
    assert again.due_at == since + DAY + timedelta(seconds=left)  # the stored due time counts the reserve
    assert timeouts.apply_overdue(since + DAY + timedelta(seconds=left - 60)).applied == []
    report = timeouts.apply_overdue(since + DAY + timedelta(seconds=left + 60))
    assert [text for _, _, _, text in report.applied] == ["resign"]
    assert verify_game(Game.get_by_id(game_id)).ok


@pytest.mark.parametrize("ruleset, clock, code", [
    ("castle-assault", {"days_per_move": 2, "on_timeout": "skip"}, "no-skip"),  # CA-TURN-3: no pass
    ("toy-race", {"days_per_move": 2, "on_timeout": "skip"}, "no-skip"),
    ("toy-no-bots", {"days_per_move": 2, "on_timeout": "bot"}, "no-bots"),
    ("toy-race", {"reserve_days": 3}, "bad-clock"),
])
def test_a_deadline_action_the_game_cannot_carry_out_is_refused_at_creation(api, alice_bob, no_bots_game, ruleset, clock,
                                                                             code):
    """CA-TURN-3: "The action is compulsory: a player cannot pass", so Castle Assault has no skip."""
    refused = api.call("POST", "/games", alice_bob[0], json={"ruleset": ruleset, "seats": 2, **clock})
    assert refused.status_code == 422 and refused.json["error"]["code"] == code
    assert refused.json["error"]["message"].endswith(".")


def test_at_a_passed_deadline_a_house_bot_plays_the_seat_as_an_ordinary_move(api, alice_bob):
    game_id = new_game(api, alice_bob, "castle-assault", days_per_move=1, on_timeout="bot")
    asked = api.game(game_id, alice_bob[0])
    mover = next(p["seat"] for p in Game.get_by_id(game_id).prompted)
    assert asked["clock"]["on_timeout"] == "bot"
    since = backdate(game_id, 2 * DAY)
    report = timeouts.apply_overdue(since + 2 * DAY)
    assert report.applied and {seat for _, _, seat, _ in report.applied} == {mover}
    logged = Move.select().where(Move.game == game_id).order_by(Move.seq)
    assert [m.seat for m in logged] == [mover] * len(report.applied)
    assert verify_game(Game.get_by_id(game_id)).ok
    assert mover not in {p["seat"] for p in Game.get_by_id(game_id).prompted}  # its turn was played
    told = told_by_the_deadline(game_id)
    assert "A house bot played for you:" in told and "default answer" not in told, told


@pytest.mark.rule("MM-TURN-9")
def test_skip_ends_a_medieval_mastery_turn_and_the_next_player_is_asked(api):
    """MM-TURN-2..9 are optional: a skipped seat ends its turn; its MM-TURN-1 knights were placed."""
    seated = players(api, 3)
    game_id = new_game(api, seated, "medieval-mastery", days_per_move=1, on_timeout="skip")
    active = next(p["seat"] for p in Game.get_by_id(game_id).prompted)
    since = backdate(game_id, 2 * DAY)
    report = timeouts.apply_overdue(since + 2 * DAY)
    assert [(seat, text) for _, _, seat, text in report.applied][-1] == (active, "end")
    assert {seat for _, _, seat, _ in report.applied} == {active}
    assert [p["seat"] for p in Game.get_by_id(game_id).prompted] == [(active + 1) % 3]
    assert verify_game(Game.get_by_id(game_id)).ok
    told = told_by_the_deadline(game_id)
    assert "Your turn was skipped:" in told and "default answer" not in told, told
    assert Notification.select().where((Notification.game == game_id) & (Notification.kind == "defaulted")).count() == 1
    assert all(text in told for _, _, _, text in report.applied), (told, report.applied)  # one mail, the whole turn


def test_a_run_that_stops_mid_turn_leaves_a_mail_listing_every_move_it_stored(api, monkeypatch):
    """The mail of a skipped turn lists each move the run stored for the seat, also when the
    run stops between two of them (a crash, a broken game): each move adds itself to the mail
    in its own transaction, not at the run's end."""
    from server.store import state_cache

    seated = players(api, 3)
    game_id = new_game(api, seated, "medieval-mastery", days_per_move=1, on_timeout="skip")
    since = backdate(game_id, 2 * DAY)
    calls, put = [], state_cache.put

    def put_then_stop(*args):  # runs after each move's commit: the run stops after the second
        put(*args)
        calls.append(args)
        if len(calls) == 2:
            raise RuntimeError("the run stops here")

    monkeypatch.setattr(state_cache, "put", put_then_stop)
    report = timeouts.apply_overdue(since + 2 * DAY)
    assert report.skipped, report
    stored = [m.text for m in Move.select().where(Move.game == game_id).order_by(Move.seq)]
    told = told_by_the_deadline(game_id)
    assert len(stored) == 2 and all(text in told for text in stored), (told, stored)


def test_cli_clock_with_reserve_in_new_and_show(herald):
    ana, ben = herald.register("ana"), herald.register("ben")
    created = herald("new", "toy-race", "--seats", 2, "--clock", "3d+7d", "--on-timeout", "resign", token=ana)
    assert "Clock: 3 days per move + 7 days of reserve; at a passed deadline: resign." in created.stdout
    game_id = int(created.stdout.split()[2])
    codes = [line.split()[-1] for line in created.stdout.splitlines() if "herald join" in line and "seat" in line]
    herald("join", codes[0], token=ana)
    herald("join", codes[1], token=ben)
    shown = herald("show", game_id, token=ana).stdout + herald("show", game_id, token=ben).stdout
    assert "+ 7 days of reserve" in shown and "(reserve left: 7d 0h)" in shown
    bad = herald("new", "toy-race", "--seats", 2, "--clock", "three days", token=ana)
    assert bad.exit_code != 0 and "like 3d+7d" in bad.output


def test_a_seat_resigned_at_its_deadline_is_not_told_it_will_be_asked_again(api):
    """The deadline's answer `resign` puts the seat out of a game of three that goes on; its mail
    said 'The game goes on; you are mailed when it is your turn again', which never comes."""
    seated = players(api, 3)
    game_id = new_game(api, seated, days_per_move=1, on_timeout="resign")
    backdate(game_id, 2 * DAY)
    assert [text for *_, text in timeouts.apply_overdue(utcnow()).applied] == ["resign"]
    assert Game.get_by_id(game_id).status == "active"
    text = told_by_the_deadline(game_id)
    assert "your turn again" not in text and "You are out of this game now" in text, text
    assert "The deadline resigned for you:" in text and "default answer" not in text, text


def told_by_the_deadline(game_id: int) -> str:
    """The first mail that tells a seat what its passed deadline played for it, its lines unwrapped."""
    row = (Notification.select().where((Notification.game == game_id) & (Notification.kind == "defaulted"))
           .order_by(Notification.id).first())
    return " ".join(compose(row, {"MAIL_FROM": "h@example.org"}).get_content().split())


def test_a_deadline_is_dated_in_the_language_the_request_asks_for(api, alice_bob):
    """A player who chose no language read 'Tuesday 1 December' among Spanish sentences in a
    Spanish shell or browser: the dates an answer writes follow the request's Accept-Language
    too, as its sentences do; a language the player chose still comes first."""
    game_id = new_game(api, alice_bob, days_per_move=3)
    english = api.call("GET", f"/games/{game_id}", alice_bob[0]).json["clock"]["deadlines"][0]["deadline_text"]
    spanish = api.call("GET", f"/games/{game_id}", alice_bob[0],
                       headers={"Accept-Language": "es-ES,es;q=0.9"}).json["clock"]["deadlines"][0]["deadline_text"]
    weekdays = {"Monday": "lunes", "Tuesday": "martes", "Wednesday": "miércoles", "Thursday": "jueves",
                "Friday": "viernes", "Saturday": "sábado", "Sunday": "domingo"}
    day = english.split()[0]
    assert day in weekdays and spanish.startswith(weekdays[day]), (english, spanish)
    assert api.call("PATCH", "/players/me", alice_bob[0], json={"language": "sv"}).status_code == 200
    chosen = api.call("GET", f"/games/{game_id}", alice_bob[0],
                      headers={"Accept-Language": "es"}).json["clock"]["deadlines"][0]["deadline_text"]
    assert not chosen.startswith(weekdays[day]) and "UTC" in chosen  # Swedish: "tisdag 1 december 02:41 UTC"


def test_cli_says_what_a_passed_deadline_does_in_the_shells_language(herald, monkeypatch):
    ana = herald.register("ana")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    created = herald("new", "toy-race", "--seats", 2, "--clock", "3d+7d", "--on-timeout", "resign", token=ana)
    assert "al vencer el plazo: el asiento abandona." in created.stdout, created.stdout
    assert ": resign." not in created.stdout


def test_a_passed_deadline_with_nothing_to_play_is_said_to_have_passed(api, alice_bob):
    """Under `default` a turn without a default answer keeps waiting past its deadline: its
    reminders, the game's clock and `herald show` say the deadline passed (with its year), not
    "Answer by" a date gone by."""
    from client.clock_output import clock_lines

    game_id = new_game(api, alice_bob, days_per_move=1, on_timeout="default")
    since = backdate(game_id, 3 * DAY)
    assert timeouts.apply_overdue(utcnow()).applied == []  # a toy turn has no default answer
    mover = next(p["seat"] for p in Game.get_by_id(game_id).prompted)
    detail = api.game(game_id, alice_bob[mover])
    entry = detail["clock"]["deadlines"][0]
    assert entry["overdue"] and str((since + DAY).year) in entry["deadline_text"]
    assert timeouts.queue_reminders(utcnow()) == 1
    row = Notification.get((Notification.game == game_id) & (Notification.kind == "reminder"))
    text = " ".join(compose(row, {"MAIL_FROM": "h@example.org"}).get_content().split())
    assert f"Your deadline passed on {entry['deadline_text']}; the game still waits" in text and "Answer by" not in text
    shown = "\n".join(clock_lines({**detail, "my_seat": mover}))
    assert f"you: the deadline passed on {entry['deadline_text']}" in shown and "answer by" not in shown
    page = " ".join(playpage.clock_lines(detail["clock"], mover, "es"))
    assert f"Tu plazo venció el {entry['deadline_text']}" in page and "Responde antes" not in page, page


def test_an_answer_in_a_secret_window_has_its_day_per_move_and_spends_no_reserve(api):
    """In Castle Assault's fast windows only a seat holding an answer card is asked, and the others
    are not shown it. Its answer has `days_per_move` alone: a reserve that shrank (or a deadline
    that reached into it) would tell everyone, on that seat's next turn, that it was asked."""
    from core import games
    from core.rng import Rng
    from tests.server.table.helpers import server_state

    engine, rng = games["castle-assault"], Rng("reserve-window")
    seated = players(api, 3)
    game_id = new_game(api, seated, "castle-assault", days_per_move=1, reserve_days=5)
    slow = None  # the seat that took two days over its window
    for _ in range(600):
        game = Game.get_by_id(game_id)
        [prompt] = game.prompted
        if slow is None and prompt["kind"] != "turn":
            slow = prompt["seat"]
            mine = api.game(game_id, seated[slow])["clock"]["deadlines"]
            since = datetime.fromisoformat(prompt["since"])
            assert datetime.fromisoformat(mine[0]["deadline"].rstrip("Z")) == since + DAY and "reserve_left" not in mine[0]
            since = backdate(game_id, 2 * DAY)
            assert Game.get_by_id(game_id).due_at == since + DAY  # (the scans see the window's own deadline)
            played = api.call("PUT", f"/games/{game_id}/moves/{game.version}", seated[slow], json={"move": {"type": "pass"}})
            assert played.status_code == 201, played.json
            assert Seat.get((Seat.game == game_id) & (Seat.seat == slow)).reserve_left is None  # whole
            continue
        if slow is not None and prompt["kind"] == "turn" and prompt["seat"] == slow:
            watcher = next(s for s in range(3) if s != slow)
            shown = api.game(game_id, seated[watcher])["clock"]["deadlines"][0]
            assert shown["reserve_left"] == 5 * 86400
            return
        state = server_state("castle-assault", game_id)
        move = engine.random_move(state, prompt["seat"], rng)
        played = api.call("PUT", f"/games/{game_id}/moves/{game.version}", seated[prompt["seat"]], json={"move": move})
        assert played.status_code == 201, played.json
    raise AssertionError("no secret window met: widen the search")
