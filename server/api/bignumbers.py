"""A JSON number longer than Python will convert (`sys.get_int_max_str_digits()`, 4,300 digits)
makes the JSON parser raise a plain ValueError, which webargs does not treat as bad JSON: it
would be a 500. Such a body is the client's doing, so it is answered 422 `number-too-long`.
The body is looked at again only when a ValueError escaped, never on the normal path."""
from __future__ import annotations

import json
import sys

from flask import request

from server.errors import ApiError, msg


class _TooLong(Exception):
    pass


def _checked_int(text: str) -> int:
    if len(text.lstrip("-")) > sys.get_int_max_str_digits():
        raise _TooLong(len(text))
    return int(text)


def has_too_long_number(body: bytes) -> bool:
    try:
        json.loads(body, parse_int=_checked_int)
    except _TooLong:
        return True
    except ValueError:
        return False
    return False


def too_long_number_error() -> ApiError | None:
    """The 422 for the current request if its JSON body holds a too-long number, else None."""
    if request.is_json and has_too_long_number(request.get_data(cache=True)):
        limit = format(sys.get_int_max_str_digits(), ",")
        return ApiError(422, "number-too-long", msg("A number in the request has more than %(limit)s digits.",
                                                    limit=limit))
    return None
