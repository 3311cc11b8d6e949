"""Small helpers for the sentences games write into events, prompts and boards."""
from __future__ import annotations


def count(number: int, singular: str, plural: str | None = None) -> str:
    """'1 knight', '0 knights', '3 armies' (given the plural where adding s is wrong)."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
