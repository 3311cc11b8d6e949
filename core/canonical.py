"""Canonical JSON: one byte string per value, so hashes agree on every machine."""
from __future__ import annotations

import hashlib
import json
from json import encoder as _json_encoder


def _slow_dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _made_once():
    """`json.dumps` with these options builds an encoder, and then a C encoder, on every call
    (a fifth of a state hash): the C encoder is built once here instead, with exactly the
    options `dumps` passes, so the text is the same. Without the C module, plain `json.dumps`."""
    make = getattr(_json_encoder, "c_make_encoder", None)  # CPython's C accelerator
    if make is None:
        return _slow_dumps
    encode = make(None, json.JSONEncoder().default, _json_encoder.encode_basestring_ascii, None,
                  ":", ",", True, False, True)  # no cycle check: values here are trees

    def fast_dumps(value) -> str:
        return "".join(encode(value, 0))
    return fast_dumps


_dumps = _made_once()


def dumps(value) -> str:
    """Sorted keys, no whitespace, ASCII only; floats are refused upstream by design."""
    return _dumps(value)


def digest(value) -> str:
    return hashlib.sha256(_dumps(value).encode()).hexdigest()


def chain(previous: str, entry) -> str:
    """Hash-chain link: H(previous link + canonical entry)."""
    return hashlib.sha256((previous + _dumps(entry)).encode()).hexdigest()
