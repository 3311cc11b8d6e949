"""Mail addresses: checked and normalised at registration (email-validator), and the form
to send to.

An address whose domain is internationalised (`ana@bücher.example`) is sent to its ASCII
form (`ana@xn--bcher-kva.example`) and needs nothing of the relay. One whose local part is
not ASCII (`jörg@example.org`) can only travel with SMTPUTF8 (RFC 6531): the mailer uses it
when the relay offers it and marks the mail failed, with a sentence saying why, when not.
"""
from __future__ import annotations

from email_validator import EmailNotValidError, validate_email

from server.hook_addresses import remembered
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
        checked = remembered("email", (address, check_dns), lambda: validate_email(
            address, check_deliverability=check_dns, timeout=DNS_TIMEOUT))
    except EmailNotValidError as exc:
        raise ApiError(422, "bad-email", msg("That mail address cannot receive mail: %(reason)s", reason=reason(exc)),
                       details={"fields": {"email": [str(exc)]}}) from None
    return checked.normalized


# email-validator's refusals (English only), by how they begin, as sentences of Herald's own that
# are said in the player's language; the library's own words stay in `details.fields.email`.
REASONS = (
    ("An email address must have an @-sign", msg("it has no @ sign.")),
    ("There must be something before the @-sign", msg("nothing comes before the @.")),
    ("There must be something after the @-sign", msg("nothing comes after the @.")),
    ("The part after the @-sign is not valid. It should have a period",
     msg("the part after the @ has no dot (as in example.org).")),
    ("The part after the @-sign is a special-use or reserved name", msg("the part after the @ is a reserved name.")),
    ("An email address cannot have two periods in a row", msg("it has two dots in a row.")),
    ("An email address cannot start with", msg("a dot or a hyphen is in the wrong place.")),
    ("An email address cannot end with", msg("a dot or a hyphen is in the wrong place.")),
    ("An email address cannot have a ", msg("a dot or a hyphen is in the wrong place.")),
    ("The domain name", msg("its domain does not receive mail.")),
)


def reason(refusal: EmailNotValidError) -> str:
    """Why an address was refused, in a sentence Herald translates (`REASONS`): a length, a
    character that cannot be in an address, or anything else gets a sentence of its kind."""
    said = str(refusal)
    for start, sentence in REASONS:
        if said.startswith(start):
            return sentence
    if "too long" in said:
        return msg("it is too long.")
    if "character" in said:
        return msg("it holds a character that an address cannot hold.")
    return msg("it is not written as a mail address is.")


def mailable(address: str) -> bool:
    """False for a house bot's address: nothing is queued for it, nor sent."""
    return address.strip().lower() != HOUSE_BOT


def mailbox(address: str) -> str:
    """One key for a mailbox however its address is spelt: lower case, the domain in ASCII,
    without a `+tag` (most providers deliver alice+x@ to alice@)."""
    local, _, domain = delivery_address(address.strip())[0].lower().rpartition("@")
    return f"{local.split('+', 1)[0]}@{domain}"


def delivery_address(address: str) -> tuple[str, bool]:
    """(the address to put in the envelope and the To header, whether it needs SMTPUTF8)."""
    try:
        checked = validate_email(address, check_deliverability=False)
    except EmailNotValidError:  # stored before addresses were checked: send it as it is
        return address, not address.isascii()
    if checked.ascii_email:
        return checked.ascii_email, False
    return checked.normalized, True
