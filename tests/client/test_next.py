"""`herald next` (GET /me/next) and whose turn `herald games` shows, against a real server."""
import time

from client.next_commands import ago


def new_game(herald, first, second):
    """A started toy game with `first` in seat 0 (asked first) and `second` in seat 1."""
    created = herald.json("new", "toy-race", "--seats", 2, token=first)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald.json("join", codes[0], token=first)
    herald.json("join", codes[1], token=second)
    return created["id"]


def a_card(herald, game, token):
    return herald.json("moves", game, token=token)[0]["text"]


def test_next_lists_what_is_asked_of_me_and_nothing_for_the_other_seat(herald, two_player_game):
    game, alice, bob = two_player_game
    [entry] = herald.json("next", token=alice)
    assert entry["game"] == game and entry["seat"] == 0 and entry["kind"] == "turn"
    assert entry["text"] == "Play a card (total 0/21)."
    assert entry["ruleset"] == "toy-race" and entry["version"] == 0
    assert 0 <= entry["waiting_seconds"] < 60 and entry["since"].endswith("Z")
    assert entry["deadline"] is None and entry["deadline_text"] is None  # no time controls yet (the keys stay)
    assert herald.json("next", token=bob) == []
    assert "Nothing is asked of you" in herald("next", token=bob).stdout


def test_next_puts_the_longest_waiting_game_first(herald):
    alice, bob = herald.register("alice"), herald.register("bob")
    older, newer = new_game(herald, alice, bob), new_game(herald, alice, bob)
    assert [e["game"] for e in herald.json("next", token=alice)] == [older, newer]
    time.sleep(1.1)  # `since` is kept to the second
    herald.json("play", older, a_card(herald, older, alice), token=alice)
    herald.json("play", older, a_card(herald, older, bob), token=bob)  # alice is asked again in `older`, later
    asked = herald.json("next", token=alice)
    assert [e["game"] for e in asked] == [newer, older]
    assert asked[0]["waiting_seconds"] >= 1 and asked[1]["waiting_seconds"] <= asked[0]["waiting_seconds"]


def test_next_as_text_shows_game_what_and_how_long_ago(herald, two_player_game):
    game, alice, bob = two_player_game
    lines = herald("next", token=alice).stdout.splitlines()
    assert lines[0].split() == ["game", "ruleset", "seat", "asked", "what"]
    assert lines[1].split()[:3] == [str(game), "toy-race", "0"]
    assert " s ago" in lines[1] and lines[1].endswith("Play a card (total 0/21).")


def test_next_open_shows_the_first_games_board_and_my_moves(herald, two_player_game):
    game, alice, bob = two_player_game
    text = herald("next", "--open", token=alice).stdout
    assert "Your hand:" in text and f"Game {game} (Race to 21), active, move 0." in text
    legal = [m["text"] for m in herald.json("moves", game, token=alice)]
    assert all(move in text.splitlines() for move in legal)
    opened = herald.json("next", "--open", token=alice)
    assert opened["game"]["id"] == game and [m["text"] for m in opened["moves"]] == legal
    assert herald.json("next", "--open", token=bob) == {"asked": [], "game": None, "picture": None, "moves": []}


def test_games_says_whose_turn_it_is(herald, two_player_game):
    game, alice, bob = two_player_game
    assert "waiting for seat 0 (alice)" in herald("games", token=bob).stdout
    mine = herald("games", token=alice).stdout
    assert "waiting for seat 0 (alice) (you)" in mine and "<- your move" in mine


def test_ago_reads_like_people_say_it():
    assert [ago(s) for s in (5, 125, 3600, 3 * 3600 + 720, 2 * 86400 + 4 * 3600, 86400)] == \
        ["5 s", "2 min", "1 h", "3 h 12 min", "2 d 4 h", "1 d"]


def test_a_deadline_column_appears_once_any_game_has_one():
    """The hook for time controls: server.table.asked.deadline_of fills `deadline`; the table shows it."""
    from client.next_commands import asked_table

    entries = [{"game": 4, "ruleset": "castle-assault", "seat": 1, "waiting_seconds": 7200,
                "text": "Your turn.", "deadline": "2026-11-25T12:00:00Z"},
               {"game": 9, "ruleset": "toy-race", "seat": 0, "waiting_seconds": 60, "text": "Play.", "deadline": None}]
    lines = asked_table(entries).splitlines()
    assert lines[0].split() == ["game", "ruleset", "seat", "asked", "deadline", "what"]
    assert "2026-11-25T12:00:00Z" in lines[1] and lines[2].split()[6] == "-"  # 9 toy-race 0 1 min ago -
    assert "deadline" not in asked_table([{**entries[1]}])


def test_next_shows_the_deadline_of_a_clocked_game(herald):
    """Issue 26: `deadline_of` answered None for every game, a clocked one too."""
    alice, bob = herald.register("alice"), herald.register("bob")
    created = herald.json("new", "toy-race", "--seats", 2, "--clock", "3d+7d", token=alice)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald.json("join", codes[0], token=alice)
    herald.json("join", codes[1], token=bob)
    [entry] = herald.json("next", token=alice)
    [clock] = herald.json("show", created["id"], token=alice)["clock"]["deadlines"]
    assert entry["deadline"] is not None and entry["deadline"] == clock["deadline"]  # 3 days + the 7 of reserve
    lines = herald("next", token=alice).stdout.splitlines()
    assert lines[0].split() == ["game", "ruleset", "seat", "asked", "deadline", "what"]
    assert entry["deadline_text"] in lines[1] and entry["deadline_text"].endswith("UTC")  # in alice's zone
