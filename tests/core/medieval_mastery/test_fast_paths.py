"""The engine's shortcuts answer as the longer ways they stand for: the prompts remembered
outside the active player's turn (game.prompts) and the seats asked (apply reads), VP by seat
counted per VP value (rules.vp_by_seat), advance targets without teams (rules._targets), the
random player's conflict cards and discards made alone, the copy-on-write of a move's working
copy (state.Ctx) and the deal's untold draws (rules.draw_to told=False)."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from core.medieval_mastery import GAME, legal, rules
from core.medieval_mastery import game as game_module
from core.medieval_mastery.board import BOARDS, reach
from core.medieval_mastery.state import Ctx, clone, clone_for_move
from core.rng import Rng

DEALS: list[tuple[int, dict]] = [(2, {}), (3, {"windows": "strict"}), (4, {"siege": True, "mayhem": True}), (5, {"skirmish": True}),
         (6, {"teams": "3", "life-and-death": True}), (4, {"teams": "2", "windows": "strict"})]


def positions(games: int = 2, cap: int = 400):
    """Every position of a few random games of each deal, with the seat the random player picks."""
    for players, options in DEALS:
        for g in range(games):
            state = GAME.setup(players, GAME.normalize_options(options), f"fast-{players}-{g}")
            rng = Rng(f"fast-{g}", scheme=2)
            for _ in range(cap):
                if GAME.result(state) is not None:
                    break
                prompts = GAME._prompts(state)
                seat = prompts[rng.below(len(prompts))].seat
                yield state, seat
                state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))


@pytest.mark.rule("MM-ASYNC-1", "MM-ASYNC-2", "MM-ASYNC-4", "MM-TURN-9")
def test_prompts_and_the_seats_asked_are_the_decisions():
    seen = set()
    for state, _seat in positions():
        game_module._last_prompts = (None, (), ())  # asked afresh: remembered by kind, not by state
        assert GAME.prompts(state) == GAME._prompts(state)
        assert list(game_module._last_prompts[2]) == legal.prompted(state)  # the seats apply reads
        assert GAME.prompts(state) == GAME._prompts(state)  # again, from _last_prompts
        seen.add(state["phase"])
    assert {"main", "window", "commit", "support", "choice"} <= seen


@pytest.mark.rule("MM-WIN-1", "MM-OPT-SKIRMISH-2")
def test_vp_by_seat_is_each_seats_vp():
    pick = random.Random(7)
    for players in BOARDS:
        for skirmish in (False, True):
            st = GAME.setup(players, GAME.normalize_options({"skirmish": skirmish}), f"vp-{players}")
            assert rules._map_vps(st)[1] is not None  # every map counts per VP value
            for _ in range(100):
                st = dict(st, owner=[pick.randrange(-1, players) for _ in st["owner"]])
                assert rules.vp_by_seat(st) == [rules.vp(st, seat) for seat in range(players)]
    assert rules._readers((1, 2, 3, 1, 2)) is None  # a value of one slot: the pass over the map


@pytest.mark.rule("MM-ADV-2", "MM-OPT-SIEGE-1")
def test_advance_targets_without_teams():
    pick = random.Random(8)
    for players, board in BOARDS.items():
        for siege in (False, True):
            st = GAME.setup(players, GAME.normalize_options({"siege": siege}), f"targets-{players}")
            for _ in range(60):
                st = dict(st, owner=[pick.randrange(-1, players) for _ in st["owner"]])
                for seat in range(players):
                    found = reach(board, st["owner"], seat)[1]
                    assert rules._targets(st, seat) == sorted(  # type: ignore[arg-type]
                        n for n in found if siege or n < board.n_slots)


@pytest.mark.rule("MM-COMBAT-4", "MM-ICON-MAYDISCARD")
def test_conflict_cards_and_discards_made_alone_are_the_lists_picks():
    checked = 0
    for state, seat in positions():
        ch = state["choice"]
        if state["phase"] == "commit":
            moves = legal.conflict_moves(state, seat)
        elif state["phase"] == "choice" and ch is not None and ch["kind"] == "discard":
            moves = legal.discard_moves(state, seat)
        else:
            continue
        for counter in range(4):
            ours, theirs = Rng("pick", counter, scheme=2), Rng("pick", counter, scheme=2)
            assert legal.random_move(state, seat, ours) == moves[theirs.die(len(moves)) - 1]
            assert ours.counter == theirs.counter
        checked += 1
    assert checked > 50


def test_a_moves_copy_copies_each_shared_list_once():
    before = GAME.setup(4, GAME.normalize_options({}), "cow")
    frozen = clone(before)
    st = clone_for_move(before)
    ctx = Ctx(st, before)
    knights = ctx.values("knights")
    assert knights is not before["knights"] and ctx.values("knights") is knights
    hand = ctx.pile("hand", 2)
    assert hand is not before["hand"][2] and ctx.pile("hand", 2) is hand
    assert st["hand"][1] is before["hand"][1]  # another seat's pile stays shared
    hand.append(99)
    knights[0] += 5
    ctx.piles("deck")[0] = [1, 2]  # a new pile is the move's own
    assert ctx.pile("deck", 0) == [1, 2] and ctx.pile("deck", 0) is st["deck"][0]
    assert before == frozen  # the state the move began from is never changed


@pytest.mark.rule("MM-SETUP-7", "MM-RES-AUTHORITY")
def test_the_deals_untold_draws_are_the_told_ones():
    for seed in range(30):
        start = GAME.setup(3, GAME.normalize_options({}), f"draws-{seed}")
        start = dict(clone(start), hand=[[], [], []])  # empty hands: five cards each, Authority too
        told, untold = Ctx(clone(start)), Ctx(clone(start))
        for seat in range(3):
            rules.draw_to(told, seat, 5, rules.START_OF_TURN)
            rules.draw_to(untold, seat, 5, rules.START_OF_TURN, told=False)
        told.close()
        untold.close()
        assert told.st == untold.st and not untold.ev and told.ev


@pytest.mark.rule("MM-EDGE-1", "MM-EDGE-3")
def test_draws_from_a_deck_that_holds_them_are_the_pops():
    """rules.draw's one slice, where the deck holds every card drawn, takes them as pop() does."""
    start = GAME.setup(2, GAME.normalize_options({}), "slices")
    for size in range(0, 8):
        for count in range(0, 7):
            st: Any = dict(clone(start), deck=[list(range(size)), []], hand=[[50], []])
            ctx = Ctx(st)
            drawn = rules.draw(ctx, 0, count)
            if size >= count:
                assert drawn == list(range(size))[::-1][:count]
                assert st["deck"][0] == list(range(size - count)) and st["hand"][0] == [50, *drawn]


@pytest.mark.rule("MM-COMBAT-4", "MM-COMBAT-5", "MM-COMBAT-7")
def test_a_move_leaves_the_state_it_began_from_as_it_was():
    """Moves share the lists of the state before them (piles, short lists, a battle's lists)
    and change only their own copies: every position of random games is unchanged by its move."""
    battles = 0
    for state, seat in positions(games=1):
        before = copy.deepcopy(state)
        rng = Rng(f"same-{state['turn']}", scheme=2)
        GAME.apply(state, seat, GAME.random_move(state, seat, rng))
        assert state == before
        battles += state["battle"] is not None
    assert battles > 100
