"""A player's identity over the weeks of a game: new tokens, recovery by mail, new name or address.

Every change a stranger could abuse is proven by reading mail: a code signed with the
server's key (`server.players.signing`) that names the player and the token hash at the time it was
made, so it is good once (using it changes the token) and for CODE_HOURS only. Asking for a
recovery never tells whether an address is registered.
"""
from __future__ import annotations


from server.config import Settings, settings_of
from server.players import seats
from server.players.addresses import normalized_email
from server.players.auth import Caller, new_token
from server.store.db import write_transaction
from server.errors import ApiError, msg
from server.store import names, statements
from server.players.addresses import BOUNCED
from server.store.models import Notification, Player
from server.players.signing import CodeRefused, make_code, read_code

CODE_HOURS = 2
RECOVER = "recover"
EMAIL = "email"


def rotate_token(caller: Caller) -> dict:
    """A new token; the old one stops working at once, on every server (server/players/auth.py),
    and so do the game-page links it could fetch (`seats.revoke_links`)."""
    token, digest = new_token()
    with write_transaction():
        Player.update(token_hash=digest).where(Player.id == caller.id).execute()
        seats.revoke_links(caller.id)
    return {"id": caller.id, "name": caller.name, "email": caller.email, "token": token}


def rename(caller: Caller, name: str) -> dict:
    name = names.normalised(name)
    with write_transaction():
        if Player.name_taken(name, other_than=caller.id):
            raise ApiError(409, "name-taken", msg("The name %(name)s is already taken.", name=repr(name)))
        Player.update(name=name, name_key=names.key(name)).where(Player.id == caller.id).execute()
    _forget(caller.id)
    return {"id": caller.id, "name": name, "email": caller.email}


def request_recovery(config: Settings, email: str) -> None:
    """Queue one mail per player registered with this address, each with its own code."""
    config = settings_of(config)
    with write_transaction():
        for player in Player.by_email(email).where(Player.disabled == False):  # noqa: E712
            code = make_code(config, RECOVER, {"p": player.id, "t": player.token_hash[:16]})
            _mail(player, "recover", {"player": player.name, "code": code, "hours": CODE_HOURS})


def redeem_recovery(config: Settings, code: str) -> dict:
    config = settings_of(config)
    payload = _read(config, RECOVER, code)
    token, digest = new_token()
    with write_transaction():
        player = _player_for(payload)
        Player.update(token_hash=digest).where(Player.id == player.id).execute()
        seats.revoke_links(player.id)
    return {"id": player.id, "name": player.name, "email": player.email, "token": token}


def request_email_change(config: Settings, caller: Caller, email: str) -> dict:
    """The new address must prove it is the player's: the code goes there, nothing changes yet.
    It is checked and normalised as at registration."""
    config = settings_of(config)
    email = normalized_email(email, config.email_check_dns)
    with write_transaction():
        player = Player.get_by_id(caller.id)
        code = make_code(config, EMAIL, {"p": player.id, "t": player.token_hash[:16], "e": email})
        _mail(player, "email-check", {"player": player.name, "code": code, "new_email": email, "hours": CODE_HOURS},
              email=email)
    return {"sent_to": email}


def confirm_email_change(config: Settings, caller: Caller, code: str) -> dict:
    config = settings_of(config)
    payload = _read(config, EMAIL, code)
    if payload.get("p") != caller.id:
        raise ApiError(422, "bad-code", msg("That code was made for another player."))
    with write_transaction():
        player = _player_for(payload)
        old = player.email
        (Player.update(email=payload["e"], email_key=names.email_key(payload["e"]))
         .where(Player.id == player.id).execute())
        # A new address ends a pause for the old one's bounces (server/notify/bounces.py).
        Player.update(mail="turns").where((Player.id == player.id) & (Player.mail == BOUNCED)).execute()
        # The old address hears of it, so a stolen token cannot quietly take the account over.
        _mail(player, "email-changed", {"player": player.name, "new_email": payload["e"]}, email=old)
    _forget(player.id)
    return {"id": player.id, "name": player.name, "email": payload["e"]}


def _mail(player, kind: str, context: dict, email: str | None = None) -> None:
    """A mail about the player's account (no game) into the outbox, in the caller's transaction.
    No mail setting holds these back (the settings choose among game mails: server/table/outbox.py)."""
    statements.insert(Notification, Notification.pending_row(None, None, player.id, email or player.email, kind, 0,
                                                             context))


def _read(config: Settings, purpose: str, code: str) -> dict:
    try:
        return read_code(config, purpose, code, CODE_HOURS * 3600)
    except CodeRefused as exc:
        raise ApiError(422, "bad-code", str(exc)) from None


def _player_for(payload: dict) -> Player:
    """The player a code names, if it is still good: the token it was made under is current."""
    player = Player.get_or_none(Player.id == payload.get("p"))
    if player is None or player.disabled or player.token_hash[:16] != payload.get("t"):
        raise ApiError(422, "bad-code", msg("That code has already been used, or a newer one replaced it."))
    return player


def _forget(player_id: int) -> None:
    """A name or address changed: this process's seat lists show it at once (others within
    seats.NAMES_SECONDS; who holds which seat is never stale: see server/players/seats.py)."""
    seats.clear()


