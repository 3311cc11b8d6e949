"""A JSON string may carry half of a UTF-16 pair (`"\ud800"`): JSON's parser lets it through,
and it fails only where the text is stored or encoded, as a UnicodeEncodeError deep in an
endpoint, which would be a 500. Such a body is the client's doing, so it is answered 422
`broken-text`. The body is looked at again only when a UnicodeError escaped, never on the
normal path (as bignumbers.py does for numbers)."""
from __future__ import annotations

import json

from flask import request

from server.errors import ApiError, msg


def broken_text_error() -> ApiError | None:
    """The 422 for the current request if its JSON body holds a lone surrogate, else None."""
    if not request.is_json:
        return None
    try:
        json.dumps(request.get_json(silent=True), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # (a pair decodes to one character: what is left is half of one)
        return ApiError(422, "broken-text", msg("The request holds a broken character (half of a UTF-16 pair, "
                                                "such as \\ud800); send the text as UTF-8."))
    return None
