"""The outbox's channels: each way an outbox row is delivered is one module here (mail.py,
webhook.py), found by `registered()`. A new channel (Matrix, ntfy) is one more module defining
CHANNEL; the delivery loop (server/notify/delivery.py) claims, sends and marks its rows
exactly as it does the others'.

A channel has
  name     what the operator sees it called ("mail", "webhook");
  kinds    the outbox row kinds (notifications.kind) it delivers: each kind has one channel;
  compose(row, config)  what is sent for a claimed row (a mail; a webhook's body is in its row);
  open(config)          a Sender for one delivery run (one SMTP connection, one HTTP session);
  unsendable(row)       why a claimed row is not sent after all (it is dropped, with that
                        reason: a turn mail whose question was answered meanwhile), or None;
  refused(row, reason)  the receiver refused the row's address itself for good (mail: mail
                        to that address pauses).
A Sender's send(composed) delivers one composed row and returns once the receiver has it;
close() ends the run. What fails classifies the failure:
  compose raises a database error       transient (below);
  compose raises anything else          a bug, which every try would meet: `failed` at once,
                                        logged, and `notify` exits 4;
  send raises TransportUnavailable      the channel itself is out of reach (no relay, an
                                        unwritable mail folder): the row goes back to pending,
                                        no try counted, and the run stops;
  send raises Undeliverable             refused for good: `failed` at once;
  send raises DeliveryUncertain         the whole message went out and no answer came:
                                        `uncertain`, never sent again unless the operator asks;
  send raises anything else             transient: pending again after a back-off, until the
                                        row's give_up_after.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Protocol

from server.config import Settings


class TransportUnavailable(Exception):
    """No connection to the receiving server: not this row's fault, so no attempt is counted."""


class DeliveryUncertain(Exception):
    """The whole message went out and no answer came back: it may have been delivered."""


class Undeliverable(Exception):
    """The receiver refused this row for good, or cannot carry it: retrying cannot help.
    `address_refused`: it refused the row's address itself (the channel's `refused` is told)."""

    def __init__(self, message: str, address_refused: bool = False):
        super().__init__(message)
        self.address_refused = address_refused


class Sender(Protocol):
    def send(self, composed) -> None: ...

    def close(self) -> None: ...


class Channel(Protocol):
    name: str
    kinds: frozenset[str]

    def compose(self, row, config: Settings): ...

    def open(self, config: Settings) -> Sender: ...

    def unsendable(self, row) -> str | None: ...
    def refused(self, row, reason: str) -> None: ...


_registered: tuple[Channel, ...] | None = None


def registered() -> tuple[Channel, ...]:
    """The CHANNEL of every module in this package, in module-name order (looked up once)."""
    global _registered
    if _registered is None:
        _registered = tuple(importlib.import_module(f"{__name__}.{info.name}").CHANNEL
                            for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    return _registered
