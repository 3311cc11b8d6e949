"""One `herald server notify` run, as the outbox sees it: the rows the operator asked to send
again put back, every channel's due rows delivered (mail first, in full; then the others:
webhooks, ...), and the hourly prune of delivered mail and of expired request keys. `server/ops/mail_commands.py` prints it."""
from __future__ import annotations

from dataclasses import dataclass, field

from server.config import Settings
from server.notify import channels, delivery, mailprune
from server.notify.channels import mail
from server.notify.delivery import DeliveryReport
from server.store import request_keys


@dataclass
class NotifyRound:
    requeued_uncertain: int | None = None  # None: not asked
    requeued_failed: int | None = None
    mail: DeliveryReport = field(default_factory=DeliveryReport)
    others: list[tuple[str, DeliveryReport]] = field(default_factory=list)  # (channel name, what it did)
    pruned: int | None = None  # delivered mails deleted, when this run pruned
    keys_pruned: int | None = None  # expired request keys deleted (server/store/request_keys.py), likewise


def notify_round(config: Settings, ignore_backoff: bool = False, retry_failed: bool = False,
                 retry_uncertain: bool = False) -> NotifyRound:
    """Deliver the outbox once (see the module's docstring)."""
    done = NotifyRound()
    if retry_uncertain:
        delivery.mark_stuck_uncertain()
        done.requeued_uncertain = delivery.requeue(("uncertain",), config)
    if retry_failed:
        done.requeued_failed = delivery.requeue(("failed",), config)
    done.mail = mail.deliver_pending(config, ignore_backoff=ignore_backoff)
    for channel in channels.registered():
        if channel is not mail.CHANNEL:  # (not by a `now` shifted ahead: retry times, budgets and leases count from it)
            done.others.append((channel.name, delivery.deliver(channel, config, ignore_backoff=ignore_backoff)))
    done.pruned = mailprune.prune_if_due(config)
    if done.pruned is not None:
        done.keys_pruned = request_keys.prune_expired()
    return done
