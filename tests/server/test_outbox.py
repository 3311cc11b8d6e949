"""Who gets a "your move" mail after a move: the seats newly asked something."""
from datetime import datetime

from core.protocol import Prompt
from server.table.outbox import changed_prompts, prompted_rows

NOW = datetime(2026, 1, 2, 3, 4, 5)


def before(*prompts):
    return [{"seat": s, "kind": k, "text": t, "since": "2026-01-01T00:00:00"} for s, k, t in prompts]


def test_a_seat_not_prompted_before_is_told():
    fresh = changed_prompts(before((0, "turn", "Your turn.")), [Prompt(1, "turn", "Your turn.")], mover=0)
    assert [p.seat for p in fresh] == [1]


def test_the_mover_prompted_again_is_not_mailed_it_has_the_answer():
    fresh = changed_prompts(before((0, "turn", "Act (2 left).")), [Prompt(0, "turn", "Act (1 left).")], mover=0)
    assert fresh == []


def test_another_seat_asked_something_new_is_told_unchanged_ones_are_not():
    old = before((1, "reaction", "React to the attack on W1."), (2, "join", "Join the attack?"))
    new = [Prompt(1, "reaction", "React to the attack on W2."), Prompt(2, "join", "Join the attack?")]
    assert [p.seat for p in changed_prompts(old, new, mover=0)] == [1]


def test_waiting_time_is_kept_while_the_question_stays_the_same():
    old = before((1, "turn", "Your turn."), (2, "join", "Join?"))
    new = [Prompt(1, "turn", "Your turn."), Prompt(2, "join", "Join now?")]
    rows = prompted_rows(old, new, changed_prompts(old, new, mover=0), mover=0, now=NOW)
    assert [(r["seat"], r["since"]) for r in rows] == [(1, "2026-01-01T00:00:00"), (2, "2026-01-02T03:04:05")]
