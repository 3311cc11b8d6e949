"""`--json` errors: one JSON object on stderr, same exit codes as without --json; `--version`."""
import json

from client import exitcodes

FIELDS = {"code", "message", "rule", "legal", "status"}


def error_object(result) -> dict:
    """The one line on stderr, parsed; fails if stderr holds anything else."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    body = json.loads(lines[0])
    assert set(body) == FIELDS
    return body


def test_illegal_move_is_one_json_object_with_rule_and_legal_moves(herald, two_player_game):
    game, alice, bob = two_player_game
    plain = herald("play", game, "play t99", token=alice)
    result = herald("play", game, "play t99", "--json", token=alice)
    assert result.exit_code == plain.exit_code == exitcodes.REJECTED
    assert result.stdout == ""
    body = error_object(result)
    assert body["code"] == "illegal-move" and body["status"] == 422
    assert body["rule"] == "TOY-2"  # the rule that forbids it, as in the plain message
    assert body["legal"] and all(text.startswith("play t") for text in body["legal"])
    assert body["message"] == "You can only play a card from your hand."


def test_not_found_and_forbidden_keep_the_server_code(herald, two_player_game):
    game, alice, bob = two_player_game
    carol = herald.register("carol")
    missing = herald("show", 999, "--json", token=alice)
    assert missing.exit_code == exitcodes.REJECTED
    assert error_object(missing)["code"] == "not-found" and error_object(missing)["status"] == 404
    forbidden = herald("moves", game, "--json", token=carol)
    assert forbidden.exit_code == exitcodes.REJECTED and error_object(forbidden)["code"] == "forbidden"


def test_bad_token_and_missing_token_exit_7_as_json(herald):
    refused = herald("games", "--json", token="not-a-token")
    assert refused.exit_code == exitcodes.AUTH
    assert error_object(refused)["code"] == "unauthorized" and error_object(refused)["status"] == 401
    missing = herald("games", "--json")
    assert missing.exit_code == exitcodes.AUTH
    assert error_object(missing) == {"code": "no-token", "message": error_object(missing)["message"],
                                     "rule": None, "legal": [], "status": None}
    assert "HERALD_TOKEN" in error_object(missing)["message"]


def test_unreachable_server_exits_6_as_json(offline_herald):
    result = offline_herald("games", "--json", token="whatever")
    assert result.exit_code == exitcodes.UNREACHABLE
    assert error_object(result)["code"] == "unreachable"


def test_usage_errors_exit_2_as_json_even_before_json_is_parsed(herald):
    bad_game = herald("show", "abc", "--json", token="t")  # GAME is parsed before --json
    assert bad_game.exit_code == exitcodes.USAGE
    assert error_object(bad_game)["code"] == "usage" and "not a game number" in error_object(bad_game)["message"]
    unknown = herald("frobnicate", "--json")
    assert unknown.exit_code == exitcodes.USAGE and error_object(unknown)["code"] == "usage"


def test_without_json_errors_stay_plain_text(herald, two_player_game):
    game, alice, bob = two_player_game
    result = herald("play", game, "play t99", token=alice)
    assert result.stderr.startswith("Error: You can only play a card from your hand. (illegal-move, rule TOY-2)")
    assert "Legal moves:" in result.stderr


def test_a_move_text_after_double_dash_is_not_the_json_flag(herald, two_player_game):
    game, alice, bob = two_player_game
    result = herald("play", game, "--", "--json", token=alice)
    assert result.exit_code == exitcodes.REJECTED and result.stderr.startswith("Error:")


def test_version_prints_the_installed_version(herald):
    from importlib.metadata import version

    result = herald("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"herald {version('herald')}"
