"""core.statekeys: one declaration renames a stored state both ways, and nothing else."""
import pytest

from core.statekeys import Each, Keys, Values

FRAME = Keys({"st": "step", "who": "seat"})
STATE = Keys({"kn": "knights", "fr": ("frames", Each(FRAME)), "b": ("battle", Keys({"att": "attacker"})),
              "per": ("per_seat", Values(Keys({"h": "hand"})))})
OLD = {"kn": [1, 2], "fr": [{"st": "move", "who": 0, "x": 1}], "b": None, "per": {"0": {"h": [3]}},
       "opts": {"kn": True}, "seed": "s"}


def test_upgrade_renames_every_declared_key_and_keeps_the_rest():
    new = STATE.upgrade(OLD)
    assert new == {"knights": [1, 2], "frames": [{"step": "move", "seat": 0, "x": 1}], "battle": None,
                   "per_seat": {"0": {"hand": [3]}}, "opts": {"kn": True}, "seed": "s"}


def test_downgrade_gives_back_the_old_layout_exactly():
    assert STATE.downgrade(STATE.upgrade(OLD)) == OLD
    with_battle = dict(OLD, b={"att": 1})
    assert STATE.downgrade(STATE.upgrade(with_battle)) == with_battle


def test_a_data_dict_under_an_undeclared_key_is_not_touched():
    assert STATE.upgrade(OLD)["opts"] == {"kn": True}  # option names are data, not layout


def test_colliding_names_are_refused():
    with pytest.raises(ValueError):
        Keys({"a": "x", "b": "x"})
    with pytest.raises(ValueError):
        Keys({"a": "b"}).upgrade({"a": 1, "b": 2})
