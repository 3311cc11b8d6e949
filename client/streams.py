"""stdout and stderr as a shell hands them to `herald`: perhaps a terminal in a legacy encoding,
perhaps a pipe whose reader has gone (`herald log 1 | head -1`). Neither is an error of the
command's, and neither ends it in a traceback or a made-up file error."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

import click

from client import exitcodes


def replace_what_the_terminal_cannot_show() -> None:
    """A terminal in KOI8-R or Latin-1 cannot show every character Herald writes (the em dash of a
    help text, a game's '¡', a guide's '…'): such a character is written as '?' instead of ending
    the command in a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # (a stream may be a test's, or None)
        if reconfigure is not None:
            reconfigure(errors="replace")


@contextmanager
def stopping_quietly_when_the_reader_goes() -> Iterator[None]:
    """Once the reader of stdout has gone (EPIPE: `| head -1` read its line and left), stop without
    a word, as a Unix tool that SIGPIPE ends does: exit 141 (128 + SIGPIPE, what a shell shows for
    `git log | head -1`). stdout is pointed at /dev/null first, as Python's documentation advises
    (signal module, "Note on SIGPIPE"), so that flushing it at exit cannot fail again."""
    try:
        yield
    except BrokenPipeError:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # a stdout without a file descriptor (a test's): nothing to flush
            pass
        raise click.exceptions.Exit(exitcodes.PIPE_CLOSED) from None
