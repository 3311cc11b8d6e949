"""Deadlines: a seat that waits too long gets the game's default answer, as an ordinary move."""
from datetime import timedelta

import pytest
from click.testing import CliRunner

from core import games
from core.reference import RaceGame
from server.cli import server
from server.table.deadlines import apply_defaults
from server.store.models import Move, utcnow
from server.store.verify import verify_all


class PatientGame(RaceGame):
    """The toy game where a seat that lets its deadline pass plays its lowest card id."""

    name = "toy-patient"

    def default_move(self, state, seat):
        legal = self.legal_moves(state, seat)
        return sorted(legal, key=lambda m: m.get("play", ""))[0] if legal else None


@pytest.fixture
def patient():
    games.register("toy-patient", PatientGame())
    yield
    games.unregister("toy-patient")


def test_default_answer_applies_after_the_deadline_only(api, alice_bob, patient):
    alice, bob = alice_bob
    game = api.start_game(alice_bob, ruleset="toy-patient")
    lowest = min(api.game(game, alice)["view"]["hand"])
    assert apply_defaults(timedelta(hours=48), now=utcnow() + timedelta(hours=47)).applied == []
    report = apply_defaults(timedelta(hours=48), now=utcnow() + timedelta(hours=49))
    # Alice's default is applied; Bob, prompted just now by it, is not yet past his deadline.
    assert report.applied == [(game, 0, 0, f"play {lowest}")]
    detail = api.game(game, bob)
    assert detail["version"] == 1 and detail["prompted"][0]["seat"] == 1
    row = Move.get(Move.game == game, Move.seq == 0)
    assert (row.seat, row.payload) == (0, {"play": lowest})
    assert [r.problems for r in verify_all()] == [[]]


def test_games_without_a_default_keep_waiting(api, alice_bob):
    game = api.start_game(alice_bob)  # the plain toy game has no default answers
    assert apply_defaults(timedelta(hours=1), now=utcnow() + timedelta(days=5)).applied == []
    assert api.game(game, alice_bob[0])["version"] == 0


def test_deadlines_command(api, alice_bob, patient, config):
    api.start_game(alice_bob, ruleset="toy-patient")
    env = {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
           "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}
    assert "applied 0 default" in CliRunner().invoke(server, ["deadlines", "--after", "1h"], env=env).output
    bad = CliRunner().invoke(server, ["deadlines", "--after", "tomorrow"], env=env)
    assert bad.exit_code == 2


class TwoCardGame(PatientGame):
    """Each turn plays two cards: after the first, the same seat is asked again."""

    name = "toy-two-cards"

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        return {**super().setup(players, options, seed, scenario), "second": False}

    def apply(self, state, seat, move):
        new, events = super().apply(state, seat, move)
        if new["winner"] is None and not state["second"]:
            new["turn"], new["second"] = seat, True
        else:
            new["second"] = False
        return new, events


def test_a_seat_asked_again_after_its_default_is_mailed(api, alice_bob):
    """A player who moves sees the next question in the answer; a seat whose deadline
    passed saw nothing, so its next question is mailed like any new one."""
    from server.store.models import Notification

    games.register("toy-two-cards", TwoCardGame())
    try:
        game = api.start_game(alice_bob, ruleset="toy-two-cards")
        report = apply_defaults(timedelta(hours=48), now=utcnow() + timedelta(hours=49))
        assert [(g, seq, seat) for g, seq, seat, _ in report.applied] == [(game, 0, 0)]
        assert api.game(game, alice_bob[0])["prompted"][0]["seat"] == 0  # her second card
        rows = [(n.seat, n.kind, n.version) for n in Notification.select().order_by(Notification.id)]
        # Alice is told what was played for her, then asked her next question.
        assert rows == [(0, "turn", 0), (1, "started", 0), (0, "defaulted", 1), (0, "turn", 1)]
        # Played by hand, the second card is not mailed: the player has the answer.
        move = api.legal(game, alice_bob[0])["moves"][0]["move"]
        assert api.call("PUT", f"/games/{game}/moves/1", alice_bob[0], json={"move": move}).status_code == 201
        assert Notification.select().count() == 5  # bob's turn mail only
    finally:
        games.unregister("toy-two-cards")


def test_deadlines_exits_1_when_it_skipped_a_game_it_could_not_load(api, alice_bob, patient, config):
    """A broken game was skipped with a traceback and the command exited 0: the timer's unit never
    failed and the game waited forever. The others are done, and the command exits 1."""
    import sqlite3

    from server.store import state_cache
    from tests.server.table.test_clock_reserve import backdate

    broken = api.start_game(alice_bob, ruleset="toy-patient")
    healthy = api.start_game(alice_bob, ruleset="toy-patient")
    for game in (broken, healthy):
        backdate(game, timedelta(hours=3))
    with sqlite3.connect(config["DATABASE_URL"].removeprefix("sqlite:///")) as db:
        db.execute("UPDATE snapshots SET state = '{}' WHERE game_id = ?", (broken,))
    state_cache.clear()
    env = {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
           "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}
    result = CliRunner().invoke(server, ["deadlines", "--after", "1h"], env=env)
    assert result.exit_code == 1 and f"skipped game {broken}" in result.output, result.output
    assert "applied 1 default answer(s)" in result.output
    assert api.game(healthy, alice_bob[0])["version"] == 1
