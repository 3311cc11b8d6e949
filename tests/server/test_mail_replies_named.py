"""A player who has only a mailbox learns what a reply may say from the mails themselves: the
first mails they get name the reply `help`, and wherever a mail names a command of the `herald`
command line (the board's legend, the digest, the game-over and deadline mails), it names the
reply that does the same by mail. Real SMTP both ways, the real mail-in listener."""
from __future__ import annotations

from datetime import timedelta
from email.utils import parseaddr

from server.notify.digest import queue_digests
from server.store.models import utcnow
from server.table.deadlines import apply_defaults
from tests.server.mailplay import invite_all, reply_to
from tests.server.test_mailin import body

HELP = "Reply 'help' for everything a reply may say (talk, undo, vacation, rules...)."


def flat(message) -> str:
    return " ".join(body(message).split())


def castle(table, language: str | None = None, names=("ana", "ben")):
    """Two players (the first asked first) in Castle Assault; the first one's first turn mail."""
    players = [table.api.register(name) for name in names]
    if language:
        table.api.call("PATCH", "/players/me", players[0], json={"language": language})
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == f"{names[0]}@example.org"]
    return game_id, turn, players


def test_the_invitation_and_the_turn_mail_name_the_help_reply(table):
    """The first mails a newcomer gets (the invitation, then the turn mail) named no reply but
    'join' and 'mail off': talk, undo, vacation, rules or explain were undiscoverable until an
    answer's footer happened to mention 'help'."""
    ana = table.api.register("ana")
    invite_all(table.api, ana, "castle-assault", ["ana@example.org", "ben@example.org"], {"first-player": 1})
    table.deliver()
    invitations = {str(m["To"]): m for m in table.new_mail()}
    assert HELP in flat(invitations["ben@example.org"])
    for address, text in (("ben@example.org", "help"), ("ben@example.org", "join"), ("ana@example.org", "join")):
        invitation = invitations[address]
        table.send(reply_to(invitation, text), parseaddr(str(invitation["Reply-To"]))[1], address)
        if text == "help":
            [helped] = table.new_mail()
            assert "explain THING" in body(helped) and "vacation DATE" in body(helped)  # before joining too
    turn = next(m for m in table.new_mail() if "your move" in str(m["Subject"]))
    assert str(turn["To"]) == "ben@example.org" and HELP in flat(turn)


def test_a_mail_without_replies_names_no_reply(api, alice_bob, config, tmp_path):
    """Where the server reads no replies (no HERALD_REPLY_ADDRESS), a mail names no reply at all."""
    from tests.server.test_mail_story import mails

    from server.notify.channels.mail import deliver_pending

    api.start_game(alice_bob, ruleset="castle-assault", options={"first-player": 0})
    deliver_pending(config)
    [turn] = [m for m in mails(tmp_path) if "your move" in m["Subject"]]
    text = " ".join(turn.get_body(("plain",)).get_content().split())
    assert "herald explain castle-assault THING" in text and "'help'" not in text and "'explain" not in text


def test_a_boards_legend_in_a_mail_names_the_reply_that_explains(table):
    """Every board's legend ends '`herald explain castle-assault THING` explains a symbol...', a
    command a mailbox player does not have: the mail says the reply, in the reader's words."""
    game_id, turn, _ = castle(table, "es")
    explain = "Por correo: responde 'explain COSA' para saber qué significa un símbolo"
    assert explain in flat(turn)
    table.send(reply_to(turn, "tablero"), parseaddr(str(turn["Reply-To"]))[1], "ana@example.org")
    [board] = table.new_mail()
    assert flat(board).count(explain) == 1  # under the board asked for (not shown again below it)
    game_id, turn, _ = castle(table, names=("carl", "dora"))
    assert "By mail: reply 'explain THING' to learn what a symbol, card or territory of the board means." in flat(turn)


def test_the_digest_names_the_reply_that_lists_a_games_moves(table):
    """A digest lists games and their reply addresses, then 'To see a game's options, for example:
    herald moves 1': a mailbox player was not told to mail 'moves' to the address."""
    players = [table.api.register("ana"), table.api.register("ben")]
    table.api.call("PATCH", "/players/me", players[0], json={"mail": "digest", "quiet_hours": "off", "language": "es"})
    for _ in range(2):
        table.api.start_game(players, "castle-assault", {"first-player": 0})
    table.deliver()
    table.new_mail()
    assert queue_digests(table.config) == 1
    table.deliver()
    [digest] = table.new_mail()
    assert "Por correo: envía 'moves' a la dirección de una partida de arriba" in flat(digest)


def test_the_game_over_mail_names_the_reply_that_reads_the_log(table):
    """'The whole game: herald log 1' was all the game-over mail said; a reply 'log' does it."""
    game_id, turn, _ = castle(table)
    table.send(reply_to(turn, "resign"), parseaddr(str(turn["Reply-To"]))[1], "ana@example.org")
    over = [m for m in table.new_mail() if "is over" in str(m["Subject"])]
    assert {str(m["To"]) for m in over} == {"ana@example.org", "ben@example.org"}
    for mail in over:
        assert "herald log" in flat(mail) and "By mail: reply 'log' to this mail for the last moves" in flat(mail)
    [ben] = [m for m in over if str(m["To"]) == "ben@example.org"]
    table.send(reply_to(ben, "log"), parseaddr(str(ben["Reply-To"]))[1], "ben@example.org")
    [answer] = table.new_mail()
    assert "The last moves:" in body(answer) and "resign" in body(answer)


def test_the_deadline_mail_names_the_reply_that_reads_the_log(table):
    """What a deadline played for a seat ended 'The whole story: herald log 1' alone."""
    from core import games
    from tests.server.test_deadlines import TwoCardGame

    games.register("toy-two-cards", TwoCardGame())
    try:
        players = [table.api.register("alice"), table.api.register("bob")]
        table.api.start_game(players, ruleset="toy-two-cards")
        table.deliver()
        apply_defaults(timedelta(hours=48), now=utcnow() + timedelta(hours=49))
        table.deliver()
    finally:
        games.unregister("toy-two-cards")
    notice = next(m for m in table.new_mail() if "your time ran out" in str(m["Subject"]))
    assert "By mail: reply 'log' to this mail for the last moves of the game." in flat(notice)
