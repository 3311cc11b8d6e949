"""Checks on client-sent JSON values that are logged and hashed canonically."""
from __future__ import annotations


def has_float(value) -> bool:
    """Moves and options are whole-number JSON by design (hashes must agree everywhere)."""
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(has_float(v) for v in value)
    return False
