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
