"""Later versions of the reference game (core/reference, Race to 21), as an engine author would
write them, for the upgrade tests: a rules fix that must not reach games already stored, and a
change of the state's layout that stored snapshots and hashes must survive. docs/adding-a-game.md
walks through both. And two for the tests of what surrounds a game: one without bots, one with
a bug planted where a test asks for it."""
from __future__ import annotations

from core.protocol import Event, Game, Option
from core.reference import VALUES, RaceGame


class RulesV2(RaceGame):
    """Rules version 2: a 5 counts double. The option exists from rules version 2 (`since=2`): a
    game created under version 1 has no such key in its stored options (Game.normalize_options
    leaves it out), so its states and hashes stay what they were, and plays it as 5 (`legacy`)."""

    rules_version = 2
    options = {**RaceGame.options,
               "double_fives": Option(default=True, help="A 5 counts 10.", kind=bool, since=2, legacy=False, rule="TOY-3")}

    def apply_decision(self, state, seat, move):
        new, events = super().apply_decision(state, seat, move)
        played_five = "play" in move and VALUES[move["play"]] == 5
        if played_five and self.option_value(state["options"], "double_fives"):  # False in a version-1 game
            new["total"] += 5
            events.append(Event(f"The 5 counts double; total {new['total']}."))
            if new["winner"] is None and new["total"] >= self.option_value(state["options"], "target"):
                new["winner"] = seat
        return new, events


class FormatV2(RaceGame):
    """State format 2: the key `total` is written as `sum`. No downgrade: hashes stored in
    format 1 can no longer be recomputed."""

    state_format = 2

    def to_json(self, state):
        data = dict(state)
        data["sum"] = data.pop("total")
        return data

    def from_json(self, data):
        state = dict(data)
        state["total"] = state.pop("sum")
        return state

    def upgrade_state(self, data, from_format):
        if from_format == 1:
            data = dict(data)
            data["sum"] = data.pop("total")
            return data
        return super().upgrade_state(data, from_format)


class FormatV2Downgradable(FormatV2):
    """Format 2 with the optional way back, so verify can check format-1 hashes too."""

    def downgrade_state(self, data, to_format):
        if to_format == 1:
            data = dict(data)
            data["total"] = data.pop("sum")
            return data
        return super().downgrade_state(data, to_format)


class NoBots(RaceGame):
    """The reference game as a game without bots: no `known_state`, so the server seats no bot
    in it (server/table/house_bots.py) and answers GET /known with 409 `no-bots`."""

    name = "toy-no-bots"
    known_state = Game.known_state
    sample_state = Game.sample_state


class BuggyGame(RaceGame):
    """The toy game with a bug planted where a test asks for it (`bug` names the method)."""

    name = "toy-buggy"
    bug = None

    def _maybe_fail(self, where):
        if self.bug == where:
            raise ZeroDivisionError(f"planted bug in {where}")

    def apply(self, state, seat, move):
        self._maybe_fail("apply")
        return super().apply(state, seat, move)

    def parse(self, state, seat, text):
        self._maybe_fail("parse")
        return super().parse(state, seat, text)

    def view(self, state, seat):
        self._maybe_fail("view")
        return super().view(state, seat)

    def summary(self, view, seat):
        self._maybe_fail("summary")
        return super().summary(view, seat)

    def picture(self, view, seat, touched=frozenset()):
        self._maybe_fail("picture")
        return super().picture(view, seat, touched)  # none, like the toy game's

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        self._maybe_fail("setup")
        return super().setup(players, options, seed, scenario, rules_version=rules_version)
