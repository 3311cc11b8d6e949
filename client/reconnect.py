"""Riding out a server restart: retry with exponential backoff and jitter, for a budget.

A script waiting overnight (`herald wait`) must not die with every deploy. While the
server cannot be reached, or answers 502/503/504 (a proxy in front of a restarting
server, a busy database), the request is tried again after a growing, randomised pause
(never sooner than the server's Retry-After); once the server has been gone for longer
than the budget, the last failure stands (exit 6, client.exitcodes.UNREACHABLE).
"""
from __future__ import annotations

import random
import time
from typing import Callable, TypeVar

import click

from client.api import ApiError, Unreachable
from client.i18n import _

DEFAULT_BUDGET = 300.0  # seconds without an answer before giving up: longer than a deploy
FIRST_PAUSE = 0.5
MAX_PAUSE = 30.0
RETRYABLE_STATUSES = frozenset({502, 503, 504})

T = TypeVar("T")


def pause_before_retry(failures: int, retry_after: float | None, rng: random.Random | None = None) -> float:
    """Seconds to pause after `failures` failures in a row (0 for the first retry): a random
    point in the upper half of an exponentially growing ceiling (so many clients cut off by the
    same restart do not come back in step), and never less than the server's Retry-After."""
    ceiling = min(MAX_PAUSE, FIRST_PAUSE * 2 ** failures)
    pause = (rng or random).uniform(ceiling / 2, ceiling)
    return max(pause, retry_after) if retry_after is not None else pause


def is_retryable(error: Exception) -> bool:
    return isinstance(error, Unreachable) or (isinstance(error, ApiError) and error.status in RETRYABLE_STATUSES)


class Reconnecting:
    """Calls a request again and again while the server is away, for at most `budget` seconds
    of absence in a row (and never past `deadline`, a time.monotonic() value, if given)."""

    def __init__(self, budget: float = DEFAULT_BUDGET, deadline: float | None = None, quiet: bool = False):
        self.budget = budget
        self.deadline = deadline
        self.quiet = quiet  # --json: stderr is for the one error object only

    def call(self, request: Callable[[], T]) -> T:
        failures, lost_at = 0, 0.0  # lost_at: when the server went away (set at the first failure)
        while True:
            try:
                result = request()
            except (Unreachable, ApiError) as error:
                if not is_retryable(error):
                    raise
                lost_at = lost_at if failures else time.monotonic()
                self._pause(failures, error, lost_at)
                failures += 1
                continue
            if failures:
                self._say(_("Reconnected after {seconds} s.").format(seconds=f"{time.monotonic() - lost_at:.0f}"))
            return result

    def _pause(self, failures: int, error: Exception, lost_at: float) -> None:
        """Sleep before the next try, or raise Unreachable when the budget is spent."""
        now = time.monotonic()
        give_up = lost_at + self.budget if self.deadline is None else min(lost_at + self.budget, self.deadline)
        if now >= give_up:
            raise Unreachable(_("{error} Gave up after {seconds} s of retrying (--retry-for {budget}).").format(
                error=error, seconds=f"{now - lost_at:.0f}", budget=f"{self.budget:g}")) from None
        if failures == 0:
            self._say(_("{error} Retrying for up to {budget} s.").format(error=error, budget=f"{self.budget:g}"))
        time.sleep(min(pause_before_retry(failures, getattr(error, "retry_after", None)), give_up - now))

    def _say(self, text: str) -> None:
        if not self.quiet:
            click.echo(text, err=True)
