"""With --json, every error is one JSON object on stderr instead of English lines.

A script that asked for JSON should never have to parse a sentence: whatever went
wrong (a server refusal, no token, an unreachable server, a usage mistake), stderr
carries exactly one line `{"code", "message", "rule", "legal", "status"}` and the
exit code is the same as without --json (client.exitcodes).
"""
from __future__ import annotations

import json
from contextlib import contextmanager

import click

from client import exitcodes

WORDS = "herald.words"  # ctx.meta key: the command-line words after `herald`

# Codes for failures that never reached the server (the server's own codes are kept as is).
LOCAL_CODES = {
    exitcodes.USAGE: "usage",
    exitcodes.AUTH: "no-token",
    exitcodes.UNREACHABLE: "unreachable",
    exitcodes.REJECTED: "rejected",
    exitcodes.ERROR: "error",
}


def requested(words) -> bool:
    """True when `--json` is one of the command-line words (before a `--`, after which
    words are values, such as a move text)."""
    for word in words or ():
        if word == "--":
            return False
        if word == "--json":
            return True
    return False


class JsonError(click.ClickException):
    """An error already turned into its JSON object; shown as one line on stderr."""

    def __init__(self, body: dict, exit_code: int):
        super().__init__(body["message"])
        self.body = body
        self.exit_code = exit_code  # type: ignore[misc]  # click declares it on the class; each error has its own

    def show(self, file=None) -> None:
        click.echo(json.dumps(self.body, ensure_ascii=False, sort_keys=True), err=True)


def body_of(error: click.ClickException) -> dict:
    """The JSON object for any Click error; a Failure built from a server answer
    (it carries `api_error`) keeps the server's code, message, rule and legal moves."""
    api_error = getattr(error, "api_error", None)
    if api_error is not None:
        return {"code": api_error.code, "message": api_error.message, "rule": api_error.rule,
                "legal": list(api_error.legal or []), "status": api_error.status}
    code = getattr(error, "code", None) or LOCAL_CODES.get(error.exit_code, "error")
    return {"code": code, "message": error.format_message(), "rule": None, "legal": [], "status": None}


@contextmanager
def as_requested(ctx: click.Context):
    """Re-raise a Click error as a JsonError when the command line asked for --json."""
    try:
        yield
    except JsonError:
        raise
    except click.ClickException as error:
        if not requested(ctx.find_root().meta.get(WORDS)):
            raise
        raise JsonError(body_of(error), error.exit_code) from None
