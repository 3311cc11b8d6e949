"""A bounded memo for the engines' hot paths: a dict of values worked out once, which starts
afresh when it reaches its limit (a server runs for months; an exact LRU's bookkeeping would
cost more per lookup than the work it saves). Lookups are plain `dict.get`."""
from __future__ import annotations

from typing import Any


class Memo(dict):
    """Values remembered by key, at most `limit` of them."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def keep(self, key: Any, value: Any) -> Any:
        """Remember `value` under `key` (emptying the memo first when it is full); `value`."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
