"""A real SMTP server for tests: aiosmtpd's Controller on a free 127.0.0.1 port."""
from __future__ import annotations

import asyncio
import socket
import threading
from email import message_from_bytes, policy

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Collector:
    """Keeps every message it accepted (only once it answers 250).

    With `hang_after=k`, the (k+1)-th DATA never gets an answer: the handler signals
    `hanging` and waits until the server is stopped under it."""

    def __init__(self, hang_after: int | None = None):
        self.messages = []
        self.hang_after = hang_after
        self.hanging = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        if self.hang_after is not None and len(self.messages) >= self.hang_after:
            self.hanging.set()
            await asyncio.sleep(3600)  # cancelled when the controller stops
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted for delivery"


class Mailbox:
    """Start/stop a real SMTP server on one port; messages survive restarts."""

    def __init__(self):
        self.port = free_port()
        self.controller = None
        self.received = []

    def start(self, handler: Collector | None = None, **smtp_options) -> Collector:
        """`smtp_options` go to aiosmtpd's SMTP (e.g. authenticator=..., auth_required=True)."""
        handler = handler or Collector()
        self.controller = Controller(handler, hostname="127.0.0.1", port=self.port, **smtp_options)
        self.controller.start()
        self.handler = handler
        return handler

    def stop(self) -> None:
        if self.controller is not None:
            self.received += self.handler.messages
            self.controller.stop()
            self.controller = None

    def all_messages(self) -> list:
        return self.received + (self.handler.messages if self.controller is not None else [])
