"""Canonical JSON: one byte string per value, so hashes agree on every machine."""
from __future__ import annotations

import hashlib
import json


def dumps(value) -> str:
    """Sorted keys, no whitespace, ASCII only; floats are refused upstream by design."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(value) -> str:
    return hashlib.sha256(dumps(value).encode()).hexdigest()


def chain(previous: str, entry) -> str:
    """Hash-chain link: H(previous link + canonical entry)."""
    return hashlib.sha256((previous + dumps(entry)).encode()).hexdigest()
