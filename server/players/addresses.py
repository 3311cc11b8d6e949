"""Mail addresses: checked and normalised at registration (email-validator), and the form
to send to.

An address whose domain is internationalised (`ana@bücher.example`) is sent to its ASCII
form (`ana@xn--bcher-kva.example`) and needs nothing of the relay. One whose local part is
not ASCII (`jörg@example.org`) can only travel with SMTPUTF8 (RFC 6531): the mailer uses it
when the relay offers it and marks the mail failed, with a sentence saying why, when not.
"""
from __future__ import annotations

from email_validator import EmailNotValidError, validate_email

from server.errors import ApiError, msg

# Every house bot's address (server/table/house_bots.py). No person can register it (`localhost` is a
# special-use domain that email-validator refuses), so it marks a bot's rows: never mailed.
HOUSE_BOT = "house-bot@localhost"
# A mail setting that is Herald's, not the player's: mail to the player's address paused
# because it bounced (server/notify/bounces.py); nothing is queued for it until the player
# chooses a setting again or confirms a new address.
BOUNCED = "bounced"

# DNS can be slow or absent (tests, a machine without network): the check that the domain
# accepts mail is a setting (EMAIL_CHECK_DNS), off by default; herald.env.example turns it on.
DNS_TIMEOUT = 5


def normalized_email(address: str, check_dns: bool = False) -> str:
    """The address as stored (email-validator's normalised form), or 422 `bad-email`."""
    try:
        checked = validate_email(address, check_deliverability=check_dns, timeout=DNS_TIMEOUT)
    except EmailNotValidError as exc:
        raise ApiError(422, "bad-email", msg("That mail address cannot receive mail: %(reason)s", reason=str(exc)),
                       details={"fields": {"email": [str(exc)]}}) from None
    return checked.normalized


def mailable(address: str) -> bool:
    """False for a house bot's address: nothing is queued for it, nor sent."""
    return address.strip().lower() != HOUSE_BOT


def delivery_address(address: str) -> tuple[str, bool]:
    """(the address to put in the envelope and the To header, whether it needs SMTPUTF8)."""
    try:
        checked = validate_email(address, check_deliverability=False)
    except EmailNotValidError:  # stored before addresses were checked: send it as it is
        return address, not address.isascii()
    if checked.ascii_email:
        return checked.ascii_email, False
    return checked.normalized, True
