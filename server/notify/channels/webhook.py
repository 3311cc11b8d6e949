"""The webhook channel: each `webhook` outbox row (written with the move: server/table/webhooks.py)
POSTed as JSON to its hook's URL, signed with the hook's secret, to the address checked as the
connection is made (server/notify/pinned_http.py).

Any answer but 2xx, or no answer, is a failed attempt, retried with the back-off of every
channel (server/notify/delivery.py); a receiver that is down fails its own rows only, never
the run. A hook removed since its row was written gets nothing, and the row counts as sent.
"""
from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from server.config import Settings
from server import hook_addresses
from server.notify import delivery
from server.notify.channels import Undeliverable
from server.notify.delivery import DeliveryReport
from server.notify.pinned_http import checked_session
from server.errors import Sentence
from server.players.seats import seats_of
from server.store.models import Game, Notification, Player, Webhook
from server.table.webhooks import KIND, body_text
from server.web.i18n import languages, terms
from server.web.i18n.gamewords import spoken
from server.web.i18n.catalogs import said

TIMEOUT = (5, 10)


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class HttpTransport:
    """POSTs a webhook row; any answer but 2xx, or no answer, is a failed attempt; an address
    the hook may not go to is Undeliverable (`failed` at once: retrying cannot help)."""

    def __init__(self, allowed: tuple = ()):
        self.session = checked_session(allowed)

    def send(self, row) -> None:
        hook = Webhook.get_or_none(Webhook.id == row.context["hook"])
        if hook is None:
            return  # removed since: nothing to deliver, and nothing to retry
        body = row.context["body"].encode()
        try:
            response = self.session.post(row.context["url"], data=body, timeout=TIMEOUT, allow_redirects=False,
                                         headers={"Content-Type": "application/json", "User-Agent": "Herald-Webhook/1",
                                                  "X-Herald-Delivery": str(row.id), "X-Herald-Event": row.context["event"],
                                                  "X-Herald-Signature": signature(hook.secret, body)})
        except hook_addresses.AddressRefused as exc:
            raise Undeliverable(f"{exc} Not posted; the operator's HERALD_WEBHOOK_ALLOW_NETWORKS could allow "
                                f"that network.") from None
        if not 200 <= response.status_code < 300:
            raise RuntimeError(f"the receiver answered {response.status_code}")

    def close(self) -> None:
        self.session.close()


def game_texts(row: Notification, title: str, language: str) -> dict:
    """A chat message's values that the game says (who is asked, and each one's question; an
    ending's reason; the game's `title`) in `language`, with the players' names as they are now."""
    ruleset, texts = row.context.get("ruleset"), row.context["texts"]
    game = Game.get_or_none(Game.id == row.game_id)
    seats = seats_of(game) if game is not None else ()
    values = {"title": terms.title(language, title, ruleset)}
    if "asked" in texts:
        values["asked"] = "; ".join(f"{name}: {spoken(text, language, ruleset, seats)}" for name, text in texts["asked"])
    if "reason" in texts:
        values["reason"] = spoken(texts["reason"], language, ruleset, seats)
    return values


class WebhookChannel:
    name = "webhook"
    kinds = frozenset({KIND})

    def compose(self, row: Notification, config: Settings) -> Any:
        """The row as posted: its body made with the move, except that a chat message (Discord,
        Slack) is said in the language of the hook's player as it is sent (rows of earlier
        releases, and JSON bodies, as they were written)."""
        stored = row.context.get("said")
        if not stored:
            return row
        chosen = languages.effective(Player.select(Player.language).where(Player.id == row.player_id).scalar())
        sentence = Sentence.from_json(stored)
        if row.context.get("texts"):
            sentence = Sentence(sentence.message,
                                {**sentence.values, **game_texts(row, sentence.values.get("title", ""), chosen)},
                                sentence.plural, sentence.number)
        text = said(sentence, chosen)
        return SimpleNamespace(id=row.id, context={**row.context, "body": body_text(row.context["format"], {}, text)})

    def open(self, config: Settings) -> HttpTransport:
        return HttpTransport(config.webhook_allow_networks)

    def unsendable(self, row: Notification) -> str | None:
        return None  # every turn change and game end is posted, even once the game has moved on

    def refused(self, row: Notification, reason: str) -> None:
        """A receiver's refusal is the hook's own answer: nothing else changes."""


CHANNEL = WebhookChannel()


def deliver_pending(config: Settings, now: datetime | None = None, limit: int = 1000) -> DeliveryReport:
    """POST every due webhook row once, through the outbox's claim/send/mark step."""
    return delivery.deliver(CHANNEL, config, now, limit)
