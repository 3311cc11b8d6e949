"""Each player command against a real server: output shapes, and exit codes of failures."""
import json

from client import exitcodes


def test_register_json_has_token_id_and_name(herald):
    player = herald.json("register", "carol", "carol@example.org")
    assert player["name"] == "carol" and player["token"] and "id" in player


def test_register_human_output_shows_how_to_export_the_token(herald):
    result = herald("register", "dave", "dave@example.org")
    assert result.exit_code == 0
    token = result.stdout.splitlines()[1]
    assert f"export HERALD_TOKEN={token}" in result.stdout
    assert herald.json("games", token=token) == []  # the printed token really works


def test_register_save_lets_later_commands_run_without_a_token(herald):
    result = herald("register", "erin", "erin@example.org", "--save")
    assert result.exit_code == 0 and "Saved server and token" in result.stdout
    assert herald("games").exit_code == 0  # no HERALD_TOKEN: taken from the saved file
    assert herald.json("games") == []


def test_duplicate_name_is_rejected_with_exit_4(herald):
    herald.register("frank")
    result = herald("register", "frank", "other@example.org")
    assert result.exit_code == exitcodes.REJECTED and "name-taken" in result.stderr


def test_rulesets_lists_games_and_their_options(herald):
    rules = {r["name"]: r for r in herald.json("rulesets")}
    assert rules["toy-race"]["max_players"] == 4 and "target" in rules["toy-race"]["options"]
    text = herald("rulesets").stdout
    assert "toy-race" in text and "--option target=VALUE" in text


def test_rulesets_shows_players_options_only(herald):
    """The random stream and the readings kept for old games are the server's business: the
    JSON marks them `internal`, the listing leaves them out."""
    rules = {r["name"]: r for r in herald.json("rulesets")}
    assert rules["castle-assault"]["options"]["rng"]["internal"] is True
    assert rules["castle-assault"]["options"]["windows"]["internal"] is False
    text = herald("rulesets").stdout
    assert "--option windows=VALUE" in text and "--option bridge-bonus=VALUE" in text
    for internal in ("rng", "defend-limit", "rebuild", "cards", "ring-window", "boat-limit"):
        assert f"--option {internal}=" not in text, internal


def test_new_json_has_id_and_one_invite_per_seat(herald):
    token = herald.register("gina")
    created = herald.json("new", "toy-race", "--seats", 3, "--option", "target=30", token=token)
    assert "id" in created
    assert sorted(i["seat"] for i in created["invites"]) == [0, 1, 2]
    assert len({i["code"] for i in created["invites"]}) == 3
    assert created["options"]["target"] == 30


def test_new_with_a_bad_option_value_is_rejected(herald):
    token = herald.register("hank")
    result = herald("new", "toy-race", "--seats", 2, "--option", "target=lots", token=token)
    assert result.exit_code == exitcodes.REJECTED and "target" in result.stderr


def test_join_json_has_game_and_seat_and_an_invite_works_once(herald):
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    code = {i["seat"]: i["code"] for i in created["invites"]}[1]
    assert herald.json("join", code, token=bob) == {"game": created["id"], "seat": 1}
    again = herald("join", code, token=alice)
    assert again.exit_code == exitcodes.REJECTED and "invite-used" in again.stderr


def test_games_lists_mine_and_open_ones(herald):
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, "--public", token=alice)
    herald.json("join", created["invites"][0]["code"], token=alice)
    assert [g["id"] for g in herald.json("games", token=alice)] == [created["id"]]
    assert herald.json("games", token=bob) == []
    assert created["id"] in [g["id"] for g in herald.json("games", "--open", token=bob)]
    assert str(created["id"]) in herald("games", "--open", token=bob).stdout


def test_show_prints_the_picture_and_who_is_prompted(herald, two_player_game):
    game, alice, bob = two_player_game
    text = herald("show", game, token=alice).stdout
    assert "Your hand:" in text  # the game's own render
    assert "Waiting for seat 0 (alice) (you): Play a card" in text
    assert "(you)" not in herald("show", game, token=bob).stdout
    assert "<- your move" in herald("games", token=alice).stdout
    assert "<- your move" not in herald("games", token=bob).stdout
    raw = herald.json("show", game, token=bob)
    assert raw["my_seat"] == 1 and raw["status"] == "active" and raw["prompted"][0]["seat"] == 0


def test_moves_lists_notation_one_per_line_and_nothing_when_not_prompted(herald, two_player_game):
    game, alice, bob = two_player_game
    listed = herald.json("moves", game, token=alice)
    assert listed and all(set(m) >= {"text", "move"} for m in listed)
    assert herald("moves", game, token=alice).stdout.splitlines() == [m["text"] for m in listed]
    assert herald.json("moves", game, token=bob) == []


def test_illegal_move_prints_message_rule_and_alternatives_and_exits_4(herald, two_player_game):
    """TOY-2: only a card from your own hand may be played."""
    game, alice, bob = two_player_game
    legal = [m["text"] for m in herald.json("moves", game, token=alice)]
    bobs_card = herald.json("show", game, token=bob)["view"]["hand"][0]
    result = herald("play", game, f"play {bobs_card}", token=alice)
    assert result.exit_code == exitcodes.REJECTED
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Error: ") and "illegal-move" in lines[0] and "rule TOY-2" in lines[0]
    assert lines[1] == "Legal moves:" and [line.strip() for line in lines[2:]] == legal
    assert herald.json("show", game, token=alice)["version"] == 0  # nothing was played


def test_out_of_turn_and_bad_notation_exit_4(herald, two_player_game):
    game, alice, bob = two_player_game
    assert herald("play", game, "pass", token=bob).exit_code == exitcodes.REJECTED
    garbled = herald("play", game, "dance wildly", token=alice)
    assert garbled.exit_code == exitcodes.REJECTED and "bad-notation" in garbled.stderr


def test_play_json_is_the_servers_answer(herald, two_player_game):
    game, alice, bob = two_player_game
    move = herald.json("moves", game, token=alice)[0]
    answer = herald.json("play", game, move["text"], token=alice)
    assert answer["seq"] == 0 and answer["version"] == 1 and answer["move"] == move["move"]
    assert herald.json("moves", game, token=bob)  # now it is Bob's turn


def test_log_shows_each_visible_event_and_hides_other_hands(herald, two_player_game):
    game, alice, bob = two_player_game
    move = herald.json("moves", game, token=alice)[0]
    herald.json("play", game, move["text"], token=alice)
    mine, theirs = herald("log", game, token=alice).stdout, herald("log", game, token=bob).stdout
    assert "played" in theirs and "You drew" in mine and "You drew" not in theirs
    assert herald("log", game, "--from", 1, token=alice).stdout.strip() == ""


def test_wait_times_out_with_exit_5(herald, two_player_game):
    game, alice, bob = two_player_game
    result = herald("wait", game, "--timeout", 1, "--json", token=bob)
    assert result.exit_code == exitcodes.TIMEOUT
    assert json.loads(result.stdout)["reason"] == "timeout"


def test_wait_on_a_game_without_my_seat_says_so_at_once(herald, two_player_game):
    """A creator watching a game (no seat in it) waited for ever: the game never asks them."""
    carol = herald.register("carol")
    created = herald.json("new", "toy-race", "--seats", 2, token=carol)
    result = herald("wait", created["id"], "--timeout", 2, token=carol)
    assert result.exit_code == exitcodes.REJECTED, (result.exit_code, result.stderr)
    assert "no seat in game" in result.stderr


def test_wait_json_when_prompted(herald, two_player_game):
    game, alice, bob = two_player_game
    body = herald.json("wait", game, "--timeout", 5, token=alice)
    assert body["reason"] == "prompted" and body["game"]["id"] == game


def test_bad_token_exits_7(herald, two_player_game):
    game, alice, bob = two_player_game
    result = herald("show", game, token="not-a-real-token")
    assert result.exit_code == exitcodes.AUTH and "unauthorized" in result.stderr


def test_unknown_game_exits_4(herald):
    token = herald.register("ivan")
    result = herald("show", "999999", token=token)
    assert result.exit_code == exitcodes.REJECTED and "not-found" in result.stderr


def test_someone_elses_game_is_forbidden(herald, two_player_game):
    game, alice, bob = two_player_game
    mallory = herald.register("mallory")
    result = herald("moves", game, token=mallory)
    assert result.exit_code == exitcodes.REJECTED and "forbidden" in result.stderr


def test_show_of_a_game_still_waiting_for_players_says_how_many_joined(herald):
    alice = herald.register("alice")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    herald.json("join", created["invites"][0]["code"], token=alice)
    result = herald("show", created["id"], token=alice)
    assert result.exit_code == 0, result.stderr
    assert "Waiting for players: 1 of 2 seats taken." in result.stdout
    free = next(i for i in created["invites"] if i["seat"] == 1)["code"]
    assert free in result.stdout  # the creator sees the invite still to hand out
    herald.json("join", free, token=herald.register("bob"))
    assert "is free" not in herald("show", created["id"], token=alice).stdout


def test_invite_codes_and_moves_starting_with_a_dash_are_not_taken_for_options(herald, two_player_game):
    game, alice, bob = two_player_game
    joined = herald("join", "-bYvUmbI2IhJ", token=alice)  # URL-safe base64 codes may lead with "-"; note the h
    assert joined.exit_code == exitcodes.REJECTED and "not-found" in joined.stderr
    played = herald("play", game, "-1", token=alice)
    assert played.exit_code == exitcodes.REJECTED and "bad-notation" in played.stderr


def test_games_pages_a_long_list_and_bots_see_every_page(herald, monkeypatch):
    """A full page of `herald games` says how to see older games; `--before` shows them; the
    bots' list of games goes through every page."""
    from client import api
    from client.output import GAMES_PAGE

    alice = herald.register("alice")
    client = api.HeraldApi(herald.server, alice)
    numbers = [client.create_game("toy-race", 2, {})["id"] for _ in range(GAMES_PAGE + 1)]
    first = herald("games", token=alice).stdout.splitlines()
    assert len(first) == GAMES_PAGE + 1 and first[-1] == f"Older games: herald games --before {numbers[1]}"
    older = herald.json("games", "--before", numbers[1], token=alice)
    assert [g["id"] for g in older] == [numbers[0]]
    monkeypatch.setattr(api, "GAMES_PAGE_MAX", 20)  # pages of 20, 20 and 11
    assert [g["id"] for g in client.all_games()] == numbers[::-1]


def test_a_second_seat_in_the_same_game_needs_another_seat(herald):
    """Issue 26: a player who pasted the second code took both seats and locked the invitee out."""
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, token=alice)
    codes = {i["seat"]: i["code"] for i in created["invites"]}
    herald.json("join", codes[0], token=alice)
    refused = herald("join", codes[1], "--json", token=alice)
    assert refused.exit_code == exitcodes.REJECTED and refused.stdout == ""
    error = json.loads(refused.stderr)
    assert error["code"] == "already-seated" and error["status"] == 409 and "--another-seat" in error["message"]
    assert herald.json("join", codes[1], token=bob) == {"game": created["id"], "seat": 1}  # still free for bob
    solo = herald.json("new", "toy-race", "--seats", 2, token=alice)
    herald.json("join", solo["invites"][0]["code"], token=alice)
    assert herald.json("join", solo["invites"][1]["code"], "--another-seat", token=alice)["seat"] == 1
