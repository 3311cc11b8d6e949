"""`herald me` and `herald new --invite` against a real server."""
from client import exitcodes


def test_me_shows_name_email_server_mail_setting_and_games_waiting(herald, two_player_game):
    game_id, alice, bob = two_player_game
    result = herald("me", token=alice)
    assert result.exit_code == 0
    assert "name:    alice" in result.stdout and "email:   alice@example.org" in result.stdout
    assert f"server:  {herald.server}" in result.stdout and "mail:    turns" in result.stdout
    assert "waiting: 1 game waiting for you" in result.stdout  # alice is seat 0: her turn
    assert herald.json("me", token=bob)["waiting"] == 0


def test_me_mail_changes_the_setting_and_refuses_unknown_ones(herald):
    alice = herald.register("alice")
    assert herald.json("me", "--mail", "digest", token=alice)["mail"] == "digest"
    assert "mail:    digest (one mail a day" in herald("me", token=alice).stdout
    assert herald("me", "--mail", "weekly", token=alice).exit_code == exitcodes.USAGE


def test_new_invite_mails_an_invitation_per_address(herald, tmp_path):
    alice = herald.register("alice")
    result = herald("new", "toy-race", "--seats", 2, "--invite", "ana@example.org", "--invite", "ben@example.org",
                    token=alice)
    assert result.exit_code == 0, result.stderr
    assert "Invited ana@example.org to seat 0 by mail" in result.stdout
    assert "Invited ben@example.org to seat 1 by mail" in result.stdout
    too_many = herald("new", "toy-race", "--seats", 2, "--invite", "a@example.org", "--invite", "b@example.org",
                      "--invite", "c@example.org", token=alice)
    assert too_many.exit_code == exitcodes.USAGE and "3 invitations for 2 seats" in too_many.stderr
    assert len(herald.json("games", token=alice)) == 1  # refused before any game was made


def test_herald_me_sets_and_shows_the_digest_time(herald):
    alice = herald.register("alice")
    assert herald.json("me", "--mail", "digest", "--digest-at", "7pm", token=alice)["digest_at"] == "19:00"
    assert "digest:  each day at 19:00 your time" in herald("me", token=alice).stdout
    refused = herald("me", "--digest-at", "25", token=alice)
    assert refused.exit_code != 0 and "is not a time of day" in refused.stderr
    assert herald.json("me", token=alice)["digest_at"] == "19:00"
