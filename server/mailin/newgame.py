"""A new game by mail: `new castle-assault ana@example.org ben@example.org` in a reply to any of
Herald's mails makes a game of that ruleset for the sender and the people at those addresses,
seats the sender, and mails each address an invitation (they reply `join`; the last to join
starts the game). It is what `herald new RULESET --seats N --invite ADDRESS ...` and `herald
join` do, for a player who has only a mailbox. The reply's signed address and its sender are
checked as for a move (server/mailin/dispatch.py), so only a player can make a game so.

Everything a player can get wrong (the game's name, how many players it takes, an address) is
checked before anything is written, and refused with a sentence and an example; a failure
after that is the command's own, rolled back whole by dispatch."""
from __future__ import annotations

import re

from core.protocol import IllegalMove
from server.errors import ApiError, from_illegal, msg
from server.players.addresses import normalized_email
from server.rulesets import available_names
from server.rulesets import engine as find_engine
from server.store.db import write_transaction
from server.store.models import lock_game
from server.table import invitations, lobby
from server.web.i18n import terms

FILLER = {"with", "and", "invite", "game", "of"}  # "new game of castle-assault with ana@... and ben@..."


def _new(session, rest):
    words = [word for word in re.split(r"[\s,;]+", rest) if word and word not in FILLER]
    try:
        if not words:
            raise ApiError(422, "invalid-input", msg("Say which game, and whom to invite."))
        engine = find_engine(words[0])
        addresses = _addresses(words[1:], session.caller.email)
        try:
            engine.check_players(1 + len(addresses))
        except IllegalMove as exc:
            raise from_illegal(exc) from None
    except ApiError as refused:
        example = msg("Nothing was made. Say, for example, 'new castle-assault ana@example.org ben@example.org': "
                      "a game for you and the players at those addresses (games: %(games)s).",
                      games=", ".join(available_names()))
        session.tell(session.game_said(refused.message), example)
        return
    created = lobby.create_game(session.caller, engine.name, 1 + len(addresses), {})
    lobby.join_game(session.caller, created["invites"][0]["code"])
    with write_transaction():
        game = lock_game(created["id"])
        assert game is not None  # (made just above, in this command's transaction)
        for address in addresses:
            invitations.invite(game, session.caller, address)
    session.tell(msg("Game %(game)s (%(title)s) is made, and you hold seat 0. Herald has mailed an invitation to "
                     "%(addresses)s: the game begins when each has replied 'join', and its turn mails come then.",
                     game=game.id, title=terms.title(session.language, game.title, game.ruleset),
                     addresses=", ".join(addresses)))


def _addresses(written: list[str], own: str) -> list[str]:
    """The other players' addresses as stored, each once, none the sender's own; 422 `bad-email`
    for one that cannot receive mail."""
    found: list[str] = []
    for text in written:
        address = normalized_email(text)
        if address.lower() != own.lower() and address.lower() not in [a.lower() for a in found]:
            found.append(address)
    return found


COMMANDS = {"new": _new}
