"""Human-readable output for cases the toy game never produces (hidden moves, silent moves)."""
from client import output

GAME = {"id": 7, "my_seat": 1, "seats": [{"seat": 0, "player": 1, "name": "ann"},
                                        {"seat": 1, "player": 2, "name": "ben"}]}


def test_log_names_the_mover_of_a_silent_move_and_marks_hidden_ones():
    moves = [
        {"seq": 0, "seat": 0, "text": "play t3", "events": ["ann played 4; total 4."]},
        {"seq": 1, "seat": 1, "text": "pass", "events": []},
        {"seq": 2, "events": []},  # another seat's face-down move: neither seat nor text shown
        {"seq": 3, "events": [{"text": "ann wins.", "to": None}]},
    ]
    assert output.log_lines(moves, GAME).splitlines() == [
        "   0  ann played 4; total 4.",
        "   1  seat 1 (ben) (you): pass",
        "   2  (a move you may not see)",
        "   3  ann wins.",
    ]


def test_invites_that_start_with_a_dash_are_printed_shell_safe():
    assert output.join_command("-abc") == "herald join -- -abc"
    assert output.join_command("abc") == "herald join abc"


def test_pattern_moves_show_their_help():
    listed = [{"text": "pass", "move": {"pass": True}},
              {"text": "redis <from>><to>:<n>", "pattern": True, "help": "Move knights."}]
    assert output.legal_moves(listed).splitlines() == ["pass", "redis <from>><to>:<n>    (Move knights.)"]


def test_another_seats_question_is_not_read_out_to_me():
    """The prompt text is written to the seat asked ('Your turn: ...'); others see what it waits for."""
    from client.output import game_picture

    game = {"id": 3, "title": "Race", "status": "active", "version": 4, "my_seat": 0, "my_seats": [0],
            "seats": [{"seat": 0, "name": "mia"}, {"seat": 1, "name": "noa"}],
            "prompted": [{"seat": 1, "kind": "turn", "text": "Your turn: choose one action."}]}
    text = game_picture(game, "")
    assert "Your turn" not in text and "noa" in text and "to take their turn" in text
    mine = game_picture({**game, "prompted": [{"seat": 0, "kind": "turn", "text": "Your turn: go."}]}, "")
    assert "(you): Your turn: go." in mine
