"""A resignation in Medieval Mastery.

Two players: the game ends at once and the other player wins (MM-WIN-2 read for a table
with one player left). Three or more: the rules and the three original rulebooks know no
eliminated or leaving player, so the leaving player's holdings are handled as the rules
handle pieces and cards that leave play, and nobody decides for them who gets anything:

* their knights leave the map as Life and Death removes them (MM-OPT-LIFEANDDEATH-1: the
  dice go back to the reserve, nobody retreats), from their castle too; their territories
  become uncontrolled, for anyone who reaches them to take (MM-EDGE-8, MM-LOSS-4);
* their hand, deck and discard pile take no more part, like unused cards (MM-SETUP-4), so
  no draw, look or random discard ever reaches them;
* their artefacts are turned face down for good (MM-TERM-DESTROY): no ability, never a
  Fracture target (MM-EDGE-10), never restored (MM-RESTORE-1 restores at one's own turn's
  end, and a "destroyed" turn beyond any turn number never comes);
* they pass every Fracture window (their standing answer becomes "always").

They have no more turns: `flow.next_seat` passes over every seat listed in `state["gone"]`,
and nothing else ever asks them (their standing answer declines every window). The last
player left wins (MM-WIN-2). A resignation waits until no battle, window
or choice is running (everything then is at a player's own main step), and a team game
(MM-OPT-ALLIANCE) refuses it: a team cannot lose a member mid-game.

No stored game holds a resignation with three or more players (it was refused before), and
`gone` enters a state only with one: no rules version is needed and stored games keep their
hashes.
"""
from __future__ import annotations

from core.medieval_mastery import flow
from core.medieval_mastery.options import option
from core.medieval_mastery.state import State, clone
from core.records import new_event
from core.medieval_mastery.rules import game_over
from core.medieval_mastery.words import P, won_resigned
from core.protocol import Event, IllegalMove
from core.text import say, say_n

NEVER = 10 ** 9  # a "destroyed in turn" no turn number reaches: never restored


def apply(state: State, seat: int, move: dict) -> tuple[State, list[Event]]:
    gone = state.get("gone", [])
    if seat in gone:
        raise IllegalMove("already-out", say("You have resigned: there is nothing left for you to do."), "MM-WIN-2")
    left = [p for p in range(state["players"]) if p != seat and p not in gone]
    st = clone(state)
    if len(left) == 1:
        reason = won_resigned(P(seat), P(left[0]))
        st["win"] = {"seats": [left[0]], "reason": str(reason)}
        st["phase"] = "over"
        return st, [new_event((resigns(seat), None, None)), new_event((game_over(reason), None, None))]
    _check_now(state)
    return _leave(st, seat)


def _check_now(state: State) -> None:
    """With three or more players: not in a team game, and only between battles and windows."""
    if option(state, "teams") != "none":
        raise IllegalMove("resign-not-possible", say("In a team game you cannot leave your team: hand your seat over "
                                                     "to someone else instead."), "MM-OPT-ALLIANCE-1")
    if state["phase"] != "main":
        raise IllegalMove("battle-pending", say("A battle, a Fracture window or a choice is running: you can resign "
                                                "once it is over."), "MM-TURN-11")


def resigns(seat: int):
    return say("{player} resigns.", player=P(seat))


def _leave(st: State, seat: int) -> tuple[State, list[Event]]:
    """The seat's knights, cards and artefacts leave play; it passes every window from now on."""
    ctx = flow.Ctx(st)
    ctx.ev.append(new_event((resigns(seat), None, None)))
    held = [slot for slot, owner in enumerate(st["owner"]) if owner == seat]
    knights = st["castle"][seat] + sum(st["knights"][slot] for slot in held)
    for slot in held:
        st["owner"][slot], st["knights"][slot] = -1, 0
    st["castle"][seat] = 0
    st["lost"][seat] += knights
    st["hand"][seat], st["deck"][seat], st["discard"][seat], st["discard_turn"][seat] = [], [], [], []
    st["down"][seat] = [NEVER, NEVER, NEVER]
    st["standing"][seat] = "always"
    st["gone"] = sorted(st.get("gone", []) + [seat])
    ctx.ev.append(new_event((say_n("{player}'s knights leave the map ({n} territories become uncontrolled), their cards "
                              "leave play and their artefacts are turned face down for good.",
                              "{player}'s knights leave the map ({n} territories become uncontrolled), their cards "
                              "leave play and their artefacts are turned face down for good.", len(held),
                              player=P(seat)), None, None)))
    if st["active"] == seat:
        st["ta_card"] = -1  # a Tactical Advance of theirs in play leaves with their cards
        flow.end_turn(ctx)
    flow.settle(ctx)
    ctx.close()
    return st, ctx.ev

