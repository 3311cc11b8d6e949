"""Renaming a stored state's keys between two layouts (`Game.state_format`).

A game that gives its state readable keys keeps every stored game: the old layout's keys are
declared once as a `Keys` shape, and the same declaration lifts an old state (`upgrade`) and
writes a new one in the old layout (`downgrade`), so hashes stored before the rename still
verify. Keys the shape does not name pass through unchanged, as do values it does not
describe; `None` stands for an absent part (no battle under way) and stays `None`.

    BATTLE = Keys({"att": "attacker", "sup": ("support", Keys({"i": "given"}))})
    STATE = Keys({"kn": "knights", "battle": ("battle", BATTLE), "fr": ("frames", Each(FRAME))})
    STATE.upgrade({"kn": [1], "battle": None})   # {"knights": [1], "battle": None}
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Union


class Shape(ABC):
    """A part of a state whose keys are renamed: a dict (`Keys`), or a container of them."""

    @abstractmethod
    def upgrade(self, data: Any) -> Any:
        """The part in the newer layout."""

    @abstractmethod
    def downgrade(self, data: Any) -> Any:
        """The part in the older layout."""


Entry = Union[str, tuple[str, Shape]]


class Keys(Shape):
    """A dict: each old key with its new name, and the shape of its value where that has keys
    to rename too."""

    def __init__(self, renames: dict[str, Entry]):
        self.up: dict[str, tuple[str, Shape | None]] = {}
        self.down: dict[str, tuple[str, Shape | None]] = {}
        for old, entry in renames.items():
            new, inner = (entry, None) if isinstance(entry, str) else entry
            if new in self.down:
                raise ValueError(f"two keys are renamed to {new!r}")
            self.up[old] = (new, inner)
            self.down[new] = (old, inner)

    def upgrade(self, data: Any) -> Any:
        return _renamed(data, self.up, "upgrade")

    def downgrade(self, data: Any) -> Any:
        return _renamed(data, self.down, "downgrade")


class Each(Shape):
    """A list of one shape (a stack of frames, one record per seat)."""

    def __init__(self, item: Shape):
        self.item = item

    def upgrade(self, data: Any) -> Any:
        return None if data is None else [self.item.upgrade(x) for x in data]

    def downgrade(self, data: Any) -> Any:
        return None if data is None else [self.item.downgrade(x) for x in data]


class Values(Shape):
    """A dict whose keys are data (seat numbers, names) and whose values have one shape."""

    def __init__(self, item: Shape):
        self.item = item

    def upgrade(self, data: Any) -> Any:
        return None if data is None else {k: self.item.upgrade(v) for k, v in data.items()}

    def downgrade(self, data: Any) -> Any:
        return None if data is None else {k: self.item.downgrade(v) for k, v in data.items()}


def _renamed(data: Any, table: dict[str, tuple[str, Shape | None]], way: str) -> Any:
    if data is None:
        return None
    out = {}
    for key, value in data.items():
        new, inner = table.get(key, (key, None))
        if new in out:  # a kept key named like another key's new name: the layouts collide
            raise ValueError(f"two keys of one dict become {new!r}")
        out[new] = value if inner is None else getattr(inner, way)(value)
    return out
