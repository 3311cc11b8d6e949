"""A player's games by mail: `games` lists them, `new` makes one, `join 4` takes a seat in one.

`games` answers with the player's games, newest first, each with what it waits for; a game
waiting for the player names the address to answer it by mail, as a digest does. `games open`
lists the public games taking players, as `herald games --open`, and `join 4` (in a reply to
any of Herald's mails but an invitation, whose `join` takes its own seat) takes the first free
seat of public game 4, as `herald join 4` does (server/table/public_games.py): a player who has
only a mailbox can find a table of strangers too.

`new castle-assault ana@example.org ben@example.org` in a reply to any of Herald's mails
makes a game of that ruleset for the sender and the people at those addresses, seats the
sender, and mails each address an invitation (they reply `join`; the last to join starts the
game). It is what `herald new RULESET --seats N --invite ADDRESS ...` and `herald join` do,
for a player who has only a mailbox. The reply's signed address and its sender are checked
as for a move (server/mailin/dispatch.py), so only a player can make a game so.

`N days` anywhere on the line gives the game a clock of N days per move (`herald new --days
N`): a slow game by mail should not wait for ever on one seat.

Everything a player can get wrong (the game's name, how many players it takes, an address, the
days) is
checked before anything is written, and refused with a sentence and an example; a failure
after that is the command's own, rolled back whole by dispatch."""
from __future__ import annotations

import re

from core.protocol import IllegalMove
from server.errors import ApiError, from_illegal, msg, msg_n
from server.notify import reply_addresses, story
from server.players.addresses import normalized_email
from server.rulesets import available_names
from server.rulesets import engine as find_engine
from server.store.db import write_transaction
from server.store.models import Game, lock_game
from server.store.names import email_key
from server.table import gamelist, invitations, lobby, public_games
from server.web.i18n import terms

LISTED = 30  # games an answer lists, newest first (GET /games pages the rest)

FILLER = {"with", "and", "invite", "game", "of", "a", "per", "move", "clock"}  # "new game of ... with ... and ..."
DAY_WORDS = ("d", "day", "days")  # "3 days", "3 day", "3d": days per move
MOST_DAYS = 60  # as the API's `days_per_move`


def _new(session, rest):
    days, words = _clock([word for word in re.split(r"[\s,;]+", rest) if word and word not in FILLER])
    try:
        if not words:
            raise ApiError(422, "invalid-input", msg("Say which game, and whom to invite."))
        if days is not None and not 1 <= days <= MOST_DAYS:
            raise ApiError(422, "bad-clock", msg("A clock gives each move 1 to %(most)s days.", most=MOST_DAYS))
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
    created = lobby.create_game(session.caller, engine.name, 1 + len(addresses), {}, days_per_move=days)
    lobby.join_game(session.caller, created["invites"][0]["code"])
    with write_transaction():
        game = lock_game(created["id"])
        assert game is not None  # (made just above, in this command's transaction)
        for address in addresses:
            invitations.invite(game, session.caller, address)
    session.tell(msg("Game %(game)s (%(title)s) is made, and you hold seat 0. Herald has mailed an invitation to "
                     "%(addresses)s: the game begins when each has replied 'join', and its turn mails come then.",
                     game=game.id, title=terms.title(session.language, game.title, game.ruleset),
                     addresses=", ".join(addresses)),
                 *([msg_n("Each move has %(num)d day: Herald reminds a player before it runs out, and then answers "
                          "for the seat where the game has a default answer.",
                          "Each move has %(num)d days: Herald reminds a player before they run out, and then answers "
                          "for the seat where the game has a default answer.", days)] if days else []))


def _clock(written: list[str]) -> tuple[int | None, list[str]]:
    """The days per move the words give ("3 days", "3d"), if any, and the other words."""
    days, words, i = None, [], 0
    while i < len(written):
        word, unit = written[i], written[i + 1] if i + 1 < len(written) else ""
        number = re.fullmatch(r"(\d{1,9})(d)?", word)  # (any count of days is a clock, checked by the caller)
        if number and (number.group(2) or unit in DAY_WORDS):
            days = int(number.group(1))
            i += 1 if number.group(2) else 2
            continue
        words.append(word)
        i += 1
    return days, words


def _addresses(written: list[str], own: str) -> list[str]:
    """The other players' addresses as stored, each once, none the sender's own; 422 `bad-email`
    for one that cannot receive mail."""
    found: list[str] = []
    for text in written:
        address = normalized_email(text)
        if email_key(address) != email_key(own) and email_key(address) not in map(email_key, found):
            found.append(address)
    return found


def _games(session, rest):
    if rest == "open":
        _open_games(session)
        return
    listed = [game for game in gamelist.listing(session.caller, mine=True, open_only=False, limit=LISTED)
              if game["status"] in ("open", "active")]
    if not listed:
        session.tell(msg("You have no game going. Say 'new' with a game and the others' addresses to start one, "
                         "e.g. 'new castle-assault ana@example.org ben@example.org'."))
        return
    lines = [session.said(msg("Your games going, the newest first:"))]
    for game in listed:
        lines.append("  " + session.said(_line(session, game)))
    session.blocks.append(story.fit("\n".join(lines)))  # (continuations indented under their game)


def _open_games(session) -> None:
    """`games open`: the public games taking players, newest first, and how to join one."""
    listed = gamelist.listing(session.caller, mine=False, open_only=True, limit=LISTED)
    if not listed:
        session.tell(msg("No public game is taking players now. Say 'new' with a game and the others' addresses to "
                         "start one, e.g. 'new castle-assault ana@example.org ben@example.org'."))
        return
    lines = [session.said(msg("Public games taking players, the newest first (reply 'join' and a game's number to "
                              "take a seat in it):"))]
    for game in listed:
        title = terms.title(session.language, find_engine(game["ruleset"]).title, game["ruleset"])
        taken = sum(1 for seat in game["seats"] if seat["player"] is not None)
        lines.append("  " + session.said(msg("Game %(game)s (%(title)s): %(taken)s of %(seats)s seats taken.",
                                             game=game["id"], title=title, taken=taken, seats=len(game["seats"]))))
    session.blocks.append(story.fit("\n".join(lines)))


def join_public(session, game_id: int) -> None:
    """`join 4`: the first free seat of public game 4 (or the seat the sender holds in it), as
    `herald join 4` takes it; a game by invitation only, or full, is refused with the reason."""
    joined = public_games.join_public(session.caller, game_id)
    game = Game.get_by_id(joined["game"])
    title = terms.title(session.language, find_engine(game.ruleset).title, game.ruleset)
    session.tell(msg("You have seat %(seat)s in game %(game)s (%(title)s). Herald mails you when the game asks "
                     "something of you; answer those mails.", seat=joined["seat"], game=game.id, title=title))


def _line(session, game: dict):
    """One game of `games`: its number and name, and what it waits for."""
    title = terms.title(session.language, find_engine(game["ruleset"]).title, game["ruleset"])
    if game["status"] == "open":
        taken = sum(1 for seat in game["seats"] if seat["player"] is not None)
        return msg("Game %(game)s (%(title)s): waiting for players to join, %(taken)s of %(seats)s seats taken.",
                   game=game["id"], title=title, taken=taken, seats=len(game["seats"]))
    mine = [seat for seat in game["prompted"] if seat in game["my_seats"]]
    if mine and reply_addresses.configured(session.config):
        return msg("Game %(game)s (%(title)s), move %(version)s: your turn. Answer it by mail to %(address)s",
                   game=game["id"], title=title, version=game["version"],
                   address=reply_addresses.reply_address(session.config, game["id"], mine[0], game["version"],
                                                               session.caller.id))
    if mine:
        return msg("Game %(game)s (%(title)s), move %(version)s: your turn.", game=game["id"], title=title,
                   version=game["version"])
    names = [seat["name"] for seat in game["seats"] if seat["seat"] in game["prompted"] and seat["name"]]
    return msg("Game %(game)s (%(title)s), move %(version)s: waiting for %(players)s.", game=game["id"],
               title=title, version=game["version"], players=", ".join(names) or "-")


COMMANDS = {"new": _new, "games": _games}
