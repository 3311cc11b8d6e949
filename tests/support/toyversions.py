"""Later versions of the toy game (tests/support/toygame.py), as an engine author would write
them, for the upgrade tests: a rules fix that must not reach games already stored, and a change
of the state's layout that stored snapshots and hashes must survive."""
from __future__ import annotations

from core.protocol import Event, Option
from tests.support.toygame import VALUES, RaceGame


class RulesV2(RaceGame):
    """Rules version 2: a 5 counts double. Games created under version 1 keep playing it as 5
    (the option's legacy reading), and their states never carry the new key."""

    rules_version = 2
    options = {**RaceGame.options,
               "double_fives": Option(default=True, help="A 5 counts 10.", kind=bool, since=2, legacy=False, rule="TOY-3")}

    def setup(self, players, options, seed, scenario=None, *, rules_version=None):
        state = super().setup(players, options, seed, scenario, rules_version=rules_version)
        chosen = self.normalize_options(options, rules_version)
        if "double_fives" in chosen:  # only a game created under version 2 has it
            state["double_fives"] = chosen["double_fives"]
        return state

    def apply(self, state, seat, move):
        new, events = super().apply(state, seat, move)
        doubled = "play" in move and VALUES[move["play"]] == 5 and self.option_value(state, "double_fives")
        if doubled:
            new["total"] += 5
            events.append(Event(f"The 5 counts double; total {new['total']}."))
            if new["winner"] is None and new["total"] >= state["target"]:
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
