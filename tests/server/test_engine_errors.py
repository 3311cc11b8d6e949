"""A bug inside a rules engine is loud: 500 `engine-error`, a log line with the traceback, the
game and the move number, and nothing stored; a player's bad notation is still a 422."""
import logging

import pytest
from click.testing import CliRunner

from core.protocol import IllegalMove
from server.cli import server
from server.store.models import Game, Move


def assert_engine_error(response, caplog, game_id, seq):
    assert response.status_code == 500, response.json
    error = response.json["error"]
    assert error["code"] == "engine-error" and "bug" in error["message"]
    assert error["details"] == {"game": game_id, "seq": seq}
    logged = [r for r in caplog.records if r.name == "herald.engine"]
    assert logged and logged[-1].exc_info and f"game {game_id}, seq {seq}" in logged[-1].getMessage()
    assert "planted bug" in logged[-1].getMessage()


@pytest.mark.parametrize("bug,body", [("apply", {"move": {"play": "t0"}}), ("parse", {"text": "play t0"})])
def test_an_engine_bug_on_the_move_path_is_a_logged_500_and_nothing_is_stored(api, alice_bob, buggy, caplog,
                                                                              bug, body):
    game_id = api.start_game(alice_bob, ruleset=buggy.name)
    mover = alice_bob[api.game(game_id, alice_bob[0])["prompted"][0]["seat"]]
    card = api.legal(game_id, mover)["moves"][0]["move"]["play"]
    body = {"move": {"play": card}} if "move" in body else {"text": f"play {card}"}
    buggy.bug = bug
    caplog.set_level(logging.ERROR)
    response = api.call("PUT", f"/games/{game_id}/moves/0", mover, json=body)
    assert_engine_error(response, caplog, game_id, 0)
    assert Move.select().count() == 0 and Game.get_by_id(game_id).version == 0
    buggy.bug = None
    assert api.call("PUT", f"/games/{game_id}/moves/0", mover, json=body).status_code == 201


@pytest.mark.parametrize("bug", ["summary", "picture"])  # the text's board, the HTML part's PNG
def test_an_engine_bug_drawing_a_mail_is_loud_and_the_mail_is_kept(api, alice_bob, buggy, config, caplog, bug):
    """The position in a mail is drawn when it is sent (server/notify/mailboard.py), not on the move
    path: a bug there is an engine error logged with the game and the mail's seq; the mail
    is kept as failed with that reason (not retried as if the relay had said "later"), and
    `notify` exits 4. Once the engine is fixed, `notify --retry-failed` sends it."""
    from server.notify.channels.mail import deliver_pending
    from server.store.models import Notification

    game_id = api.start_game(alice_bob, ruleset=buggy.name)
    deliver_pending(config)
    mover = alice_bob[api.game(game_id, alice_bob[0])["prompted"][0]["seat"]]
    card = api.legal(game_id, mover)["moves"][0]["move"]["play"]
    buggy.bug = bug
    assert api.call("PUT", f"/games/{game_id}/moves/0", mover, json={"move": {"play": card}}).status_code == 201
    caplog.set_level(logging.ERROR)
    result = CliRunner().invoke(server, ["notify"], env=notify_env(config))
    assert result.exit_code == 4 and "could not compose 1" in result.output, result.output
    row = Notification.get((Notification.kind == "turn") & (Notification.version == 1))
    assert row.status == "failed" and f"planted bug in {bug}" in row.last_error, row.last_error
    assert f"game {game_id}, seq 1" in row.last_error and "--retry-failed" in row.last_error
    logged = [r for r in caplog.records if r.name == "herald.engine"]
    assert logged and logged[-1].exc_info and f"game {game_id}, seq 1" in logged[-1].getMessage()
    later = CliRunner().invoke(server, ["notify", "--ignore-backoff"], env=notify_env(config))
    assert later.exit_code == 0 and "sent 0," in later.output  # kept, not tried again by itself
    assert Notification.get_by_id(row.id).attempts == 1
    buggy.bug = None
    fixed = CliRunner().invoke(server, ["notify", "--retry-failed"], env=notify_env(config))
    assert fixed.exit_code == 0 and "sent 1," in fixed.output, fixed.output
    assert Notification.get_by_id(row.id).status == "sent"


def notify_env(config) -> dict:
    return {"HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_MAIL_DIR": config["MAIL_DIR"],
            "HERALD_CONFIG": "", "HERALD_SMTP_HOST": ""}


@pytest.mark.parametrize("bug", ["view", "picture"])
def test_an_engine_bug_drawing_the_picture_is_a_logged_500(api, alice_bob, buggy, caplog, bug):
    game_id = api.start_game(alice_bob, ruleset=buggy.name)
    buggy.bug = bug
    caplog.set_level(logging.ERROR)
    assert_engine_error(api.call("GET", f"/games/{game_id}/picture.svg", alice_bob[0]), caplog, game_id, 0)


def test_bad_notation_the_engine_refuses_is_still_a_422(api, alice_bob, buggy):
    game_id = api.start_game(alice_bob, ruleset=buggy.name)
    mover = alice_bob[api.game(game_id, alice_bob[0])["prompted"][0]["seat"]]
    response = api.call("PUT", f"/games/{game_id}/moves/0", mover, json={"text": "jump over the moon"})
    assert response.status_code == 422 and response.json["error"]["code"] == "bad-notation"
    assert response.json["error"]["rule"] == "TOY-2" and response.json["error"]["legal"]


def test_an_engine_bug_in_a_view_is_a_logged_500(api, alice_bob, buggy, caplog):
    game_id = api.start_game(alice_bob, ruleset=buggy.name)
    buggy.bug = "view"
    caplog.set_level(logging.ERROR)
    assert_engine_error(api.call("GET", f"/games/{game_id}", alice_bob[0]), caplog, game_id, 0)
    assert_engine_error(api.call("GET", f"/games/{game_id}/render", alice_bob[0]), caplog, game_id, 0)


def test_an_engine_bug_when_the_last_player_joins_is_a_logged_500_and_the_seat_stays_free(api, alice_bob, buggy,
                                                                                         caplog):
    created = api.call("POST", "/games", alice_bob[0], json={"ruleset": buggy.name, "seats": 2, "options": {}}).json
    api.call("POST", "/games/join", alice_bob[0], json={"invite": created["invites"][0]["code"]})
    buggy.bug = "setup"
    caplog.set_level(logging.ERROR)
    response = api.call("POST", "/games/join", alice_bob[1], json={"invite": created["invites"][1]["code"]})
    assert_engine_error(response, caplog, created["id"], 0)
    assert Game.get_by_id(created["id"]).status == "open"
    buggy.bug = None
    again = api.call("POST", "/games/join", alice_bob[1], json={"invite": created["invites"][1]["code"]})
    assert again.status_code == 200


def test_an_engine_bug_while_creating_a_game_is_a_500_not_a_bad_option(api, alice_bob, buggy, caplog):
    buggy.bug = "setup"
    caplog.set_level(logging.ERROR)
    response = api.call("POST", "/games", alice_bob[0], json={"ruleset": buggy.name, "seats": 2, "options": {}})
    assert response.status_code == 500 and response.json["error"]["code"] == "engine-error"
    buggy.bug = None
    with pytest.raises(IllegalMove, match="at most 60"):  # a real bad option is still the engine's "no"
        buggy.normalize_options({"target": 61})
