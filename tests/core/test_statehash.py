"""core/statehash.PartHasher writes canonical.dumps's text byte for byte, whatever it remembers
from the last state of the same keys: a value changed in place since, True where 1 was, the
separator of its one-call encoding inside a value, keys coming and going, two layouts in turn."""
from __future__ import annotations

from core import canonical
from core.statehash import PartHasher


def hasher() -> PartHasher:
    return PartHasher(shared=frozenset({"deal"}), piles=frozenset({"hand"}))


DEAL = ["a", "b"]  # one game's deal, shared by its states: the layout's anchor (its first shared key)


def state(**changes) -> dict:
    base = {"deal": DEAL, "hand": [[1, 2], [3]], "count": [0, 1], "turn": 1, "flag": False,
            "battle": None, "note": "x"}
    return {**base, **changes}


def test_the_text_is_canonical_along_changing_states():
    h = hasher()
    deal, hand = DEAL, [[1, 2], [3]]
    states = [state(deal=deal, hand=hand), state(deal=deal, hand=hand, turn=2),
              state(deal=deal, hand=[hand[0], [3, 4]], count=[0, 2], flag=True),
              state(deal=deal, hand=hand, battle={"step": 1, "table": [5]}, note="y\x01z"),
              state(deal=deal, hand=hand, turn=True, flag=1), state(deal=deal, hand=hand, turn=1, flag=0)]
    for st in states:
        assert h.dumps(st) == canonical.dumps(st)
        assert h.digest(st) == canonical.digest(st)


def test_a_value_changed_in_place_after_it_was_written_is_written_again():
    """Only the declared shared parts and piles are trusted never to change in place."""
    h = hasher()
    st = state(battle={"step": 1, "table": [5]}, count=[1, 1])
    for _ in range(2):  # the first state of a game is encoded whole; the next ones value by value
        assert h.dumps(st) == canonical.dumps(st)
    st["battle"]["table"].append(6)
    st["count"][0] = 7
    assert h.dumps(st) == canonical.dumps(st)


def test_the_separator_inside_values_encoded_together():
    h = hasher()
    for st in (state(), state(note=',"\x01",', turn='"\x01"', battle=["a", "\x01", ",", '"'])):
        assert h.dumps(st) == canonical.dumps(st)


def test_keys_coming_and_going_and_two_layouts_in_turn():
    h = hasher()
    other = {"zeta": [1], "alpha": {"b": 2, "a": [True, None]}, "deal": ["q"]}
    for st in (state(), other, state(gone=[1]), other, state(), {"only": 1}, {}, state(turn=5)):
        assert h.dumps(st) == canonical.dumps(st)


def test_piles_keep_the_text_of_each_untouched_pile_only():
    h = hasher()
    first, second = [1, 2], [3]
    for hand in ([first, second], [first, [3, 4]], [first], None, [[], first, second], [first, second, ["\x01"]]):
        st = state(hand=hand)
        assert h.dumps(st) == canonical.dumps(st)


def test_states_of_games_in_turn():
    """A server hashes many games' states in turn: a state of another game (another deal) is
    encoded whole, and each game's next state is still canonical."""
    h = hasher()
    other_deal = ["c"]
    for st in (state(turn=1), state(turn=2), state(deal=other_deal, turn=1), state(turn=3), state(turn=3, flag=True),
               state(deal=other_deal, turn=2), state(deal=other_deal, turn=2, hand=[[9]])):
        assert h.dumps(st) == canonical.dumps(st)


def test_threads_hashing_their_own_games_at_once():
    """A gthread worker hashes many games on many threads with one hasher per game module: each
    thread's texts stay canonical however the threads interleave (a layout's last state is read
    once and replaced whole). Medieval Mastery's own hasher, along random games of its own."""
    import sys
    import threading

    from core import games
    from core.medieval_mastery.state import HASHER
    from core.rng import Rng

    engine, wrong, hashed, interval = games["medieval-mastery"], [], [], sys.getswitchinterval()

    def play(number: int) -> None:
        st, rng = engine.setup(2 + number % 3, engine.normalize_options({}), f"threads-{number}"), Rng(f"t{number}")
        for _ in range(120):
            if engine.result(st) is not None:
                break
            seat = engine.prompts(st)[0].seat
            st, _ = engine.apply(st, seat, engine.random_move(st, seat, rng))
            text = HASHER.dumps(st)
            hashed.append(number)
            if text != canonical.dumps(st):
                wrong.append((number, text))

    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        threads = [threading.Thread(target=play, args=(number,)) for number in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == [] and len(hashed) > 300
