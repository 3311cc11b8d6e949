"""Mail-in on the toy game: what a reply may say, and every way a mail can be wrong.

Each test sends real mail over SMTP to the real mail-in listener and reads what Herald
sent back from a real SMTP server (tests/server/mailbox.py)."""
from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr

import pytest

from server.mailin.listeners import EX_DATAERR, read_one
from server.store.models import Game, InboundMail, Move, Player
from tests.server.mailplay import offered_moves, reply_to


def started(table, target: int = 21):
    """alice (seat 0) and bob (seat 1) in a toy game; returns (game id, alice's turn mail)."""
    players = [table.api.register("alice"), table.api.register("bob")]
    game_id = table.api.start_game(players, options={"target": target})
    table.deliver()
    mails = table.new_mail()
    assert [str(m["To"]) for m in mails] == ["alice@example.org"]
    return game_id, mails[0], players


def answer(table, original, text, style="quoted", sender="alice@example.org"):
    """Reply and return what Herald mailed back (to anyone) because of it."""
    table.send(reply_to(original, text, style, sender=sender), parseaddr(str(original["Reply-To"]))[1], sender)
    return table.new_mail()


def body(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def test_a_reply_plays_and_the_answer_says_what_happened_and_who_is_next(table):
    game_id, turn, _ = started(table)
    move = offered_moves(turn)[0]
    sent = answer(table, turn, move)
    to = {str(m["To"]): m for m in sent}
    assert set(to) == {"alice@example.org", "bob@example.org"}
    assert f"Played move 0: {move}" in body(to["alice@example.org"])
    assert "Waiting for: bob" in body(to["alice@example.org"])
    assert to["alice@example.org"]["In-Reply-To"].strip().startswith("<")
    assert Game.get_by_id(game_id).version == 1
    assert "mail off" in body(to["bob@example.org"])  # says how to stop the mails


def test_a_refusal_gives_the_rule_and_the_legal_moves_like_the_api(table):
    """TOY-2: only a card from your hand."""
    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "play t99")
    text = body(reply)
    api_error = table.api.call("PUT", f"/games/{game_id}/moves/0", players[0], json={"text": "play t99"}).json
    assert api_error["error"]["message"] in " ".join(text.split()) and "(rule TOY-2)" in text  # (at a mail's width)
    assert all(f"  {move}" in text for move in offered_moves(turn))
    assert Game.get_by_id(game_id).version == 0


def test_several_lines_play_in_order_and_stop_at_the_first_refusal(table):
    """TOY-1: after alice's move it is bob's turn, so her second line is refused."""
    game_id, turn, _ = started(table)
    first, second = offered_moves(turn)[:2]
    sent = answer(table, turn, f"{first}\n{second}")
    reply = next(m for m in sent if str(m["To"]) == "alice@example.org")
    text = body(reply)
    assert f"Played move 0: {first}" in text and "(rule TOY-1)" in text
    assert "The line before it was played; nothing after it was." in text
    assert Game.get_by_id(game_id).version == 1


def test_commands_moves_show_log_help_and_resign(table):
    game_id, turn, _ = started(table)
    replies = answer(table, turn, "moves\nshow\nlog\nhelp\nresign")  # the answer, and "game over" mails
    text = next(body(m) for m in replies if "The last moves:" in body(m))
    assert all(f"  {move}" in text for move in offered_moves(turn))
    assert "Total 0/21" in text and "The last moves:" in text and "mail digest" in text
    # `resign` plays the game's resignation move (issue 12), like a move line.
    assert "Played move 0: resign" in text
    assert Game.get_by_id(game_id).version == 1


def test_an_answer_after_the_game_is_over_asks_for_no_next_move(table):
    """Once the game was over, an answer's footer still asked for 'your next move': it says the
    game is over and what a reply can still ask for."""
    game_id, turn, _ = started(table)
    sent = answer(table, turn, "resign")
    [reply] = [m for m in sent if str(m["Subject"]).startswith("Re:")]
    said = " ".join(body(reply).split())
    assert "The game is over" in said and "your next move" not in said
    assert "The game is over: reply 'log' for its last moves, or 'help'." in said
    [again] = answer(table, turn, "log")
    assert "The last moves:" in body(again) and "your next move" not in " ".join(body(again).split())


def test_an_endless_line_is_refused_without_reading_on(table):
    game_id, turn, _ = started(table)
    [reply] = answer(table, turn, "x" * 5000 + "\n" + offered_moves(turn)[0])
    assert "too long to be a move" in body(reply) and Game.get_by_id(game_id).version == 0


def test_a_subject_line_alone_is_a_move(table):
    """A move written as the subject is played, and the answer's subject still names the game
    (it read 'Re: draw' alone: a player with several games could not tell which)."""
    game_id, turn, _ = started(table)
    move = offered_moves(turn)[1]
    mails = answer(table, turn, move, style="subject")
    assert Game.get_by_id(game_id).version == 1
    [reply] = [m for m in mails if str(m["To"]) == "alice@example.org"]
    assert str(reply["Subject"]) == f"Re: [Herald] Race to 21 #{game_id}: {move}"


def test_a_forged_or_altered_address_is_refused_and_plays_nothing(table):
    game_id, turn, _ = started(table)
    altered = parseaddr(str(turn["Reply-To"]))[1].replace(".m0.", ".m1.")
    reply = reply_to(turn, offered_moves(turn)[0])
    with pytest.raises(smtplib.SMTPDataError) as refused:
        table.send(reply, altered, "alice@example.org")
    assert refused.value.smtp_code == 550
    with pytest.raises(smtplib.SMTPDataError):
        table.send(reply, "turns+g1.s0.m0.aaaaaaaaaaaaaaaaaaaaaaaaaa@play.example.org", "alice@example.org")
    assert Game.get_by_id(game_id).version == 0 and table.new_mail() == []


def test_a_reply_from_another_address_plays_nothing_and_the_stranger_learns_nothing(table):
    game_id, turn, _ = started(table)
    forged = reply_to(turn, offered_moves(turn)[0], sender="mallory@evil.example")
    table.send(forged, parseaddr(str(turn["Reply-To"]))[1], "mallory@evil.example")
    sent = table.new_mail()
    table.send(forged, parseaddr(str(turn["Reply-To"]))[1], "mallory@evil.example")  # again: no second warning
    assert table.new_mail() == [] and Game.get_by_id(game_id).version == 0
    assert [str(m["To"]) for m in sent] == ["alice@example.org"]  # only the real player is told
    text = body(sent[0])
    assert "mallory@evil.example" in text and "Nothing was played" in text and "Your hand" not in text
    again = answer(table, turn, offered_moves(turn)[0], sender="mallory@evil.example")  # a new mail, within the hour
    assert again == [] and Game.get_by_id(game_id).version == 0


def test_a_stale_reply_never_plays_and_gets_the_new_position(table):
    game_id, turn, players = started(table)
    first, second = offered_moves(turn)[:2]
    answer(table, turn, first)
    bob_turn = table.api.call("PUT", f"/games/{game_id}/moves/1", players[1],
                              json={"move": table.api.legal(game_id, players[1])["moves"][0]["move"]})
    assert bob_turn.status_code == 201
    table.deliver()
    table.new_mail()
    [reply] = answer(table, turn, second)  # the old mail again, with another move
    text = body(reply)
    assert "the game has moved on" in text and "Now you are asked (move 2)" in text and "Your hand" in text
    assert text.startswith("Nothing was played from this mail")  # not "nothing more": no line played
    assert Game.get_by_id(game_id).version == 2
    assert ".m2." in str(reply["Reply-To"])  # answering the answer plays at the new position
    [again] = answer(table, turn, first)  # the first reply sent once more, as a new mail
    assert "Move 0 was already played" in body(again) and Game.get_by_id(game_id).version == 2


def test_the_same_message_delivered_twice_plays_once_and_is_answered_once(table):
    game_id, turn, _ = started(table)
    reply = reply_to(turn, offered_moves(turn)[0])
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    table.send(reply, rcpt, "alice@example.org")
    first = table.new_mail()
    table.send(reply, rcpt, "alice@example.org")
    assert table.new_mail() == [] and len(first) == 2
    assert Move.select().where(Move.game == game_id).count() == 1
    # one mail handled, known by its Message-ID and by its fingerprint
    assert sorted(m.message_id.startswith("<sha256.") for m in InboundMail.select()) == [False, True]


@pytest.mark.parametrize("header", [("Auto-Submitted", "auto-replied"), ("Precedence", "bulk"),
                                    ("X-Autoreply", "yes"), ("Subject", "Out of Office: away until Monday")])
def test_auto_replies_are_never_answered_nor_played(table, header):
    game_id, turn, _ = started(table)
    reply = reply_to(turn, offered_moves(turn)[0])
    del reply[header[0]]
    reply[header[0]] = header[1]
    table.send(reply, parseaddr(str(turn["Reply-To"]))[1], "alice@example.org")
    assert table.new_mail() == [] and Game.get_by_id(game_id).version == 0


def test_no_loop_with_a_bounce_or_with_herald_itself(table):
    game_id, turn, _ = started(table)
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    table.send(reply_to(turn, offered_moves(turn)[0]), rcpt, "")  # a bounce: empty return path
    table.send(turn, rcpt, "herald@play.example.org")  # Herald's own mail come back
    assert table.new_mail() == [] and Game.get_by_id(game_id).version == 0


def test_a_mail_over_10_mb_is_refused_and_the_listener_goes_on(table):
    game_id, turn, _ = started(table)
    big = reply_to(turn, offered_moves(turn)[0])
    big.add_attachment(b"x" * (10 * 1024 * 1024), maintype="application", subtype="octet-stream")
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    with pytest.raises((smtplib.SMTPDataError, smtplib.SMTPSenderRefused, smtplib.SMTPServerDisconnected)):
        table.send(big, rcpt, "alice@example.org")
    assert Game.get_by_id(game_id).version == 0
    answer(table, turn, offered_moves(turn)[0])
    assert Game.get_by_id(game_id).version == 1


def test_a_mail_over_10_mb_on_stdin_exits_65(table, tmp_path):
    raw = tmp_path / "big.eml"
    raw.write_bytes(b"From: a@example.org\r\n\r\n" + b"x" * (10 * 1024 * 1024 + 10))
    with raw.open("rb") as stream:
        assert read_one(stream, table.config, None, None) == EX_DATAERR


def test_a_mail_without_a_text_part_gets_a_clear_answer(table):
    game_id, turn, _ = started(table)
    reply = EmailMessage()
    reply["From"], reply["To"], reply["Subject"] = "alice@example.org", str(turn["Reply-To"]), "Re: " + str(turn["Subject"])
    reply["Message-ID"] = make_msgid(domain="example.org")
    reply.add_attachment(b"\x89PNG\r\n", maintype="image", subtype="png", filename="board.png")
    table.send(reply, parseaddr(str(turn["Reply-To"]))[1], "alice@example.org")
    [sent] = table.new_mail()
    assert "found no text it could read in your mail (no text part" in body(sent) and Game.get_by_id(game_id).version == 0


def test_malformed_and_non_utf8_mail_never_crash(table, caplog):
    game_id, turn, _ = started(table)
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    latin = (f"From: alice@example.org\r\nTo: {rcpt}\r\nSubject: Re: x\r\nMessage-ID: <l1@example.org>\r\n"
             f"Content-Type: text/plain; charset=x-no-such-charset\r\n\r\nplay \xe9\xff\r\n").encode("latin-1")
    table.send(latin, rcpt, "alice@example.org")
    [sent] = table.new_mail()
    assert "was not played" in body(sent) and Game.get_by_id(game_id).version == 0
    garbage = b"\x00\xff\xfe not a mail\r\n\r\n\x80\x81"
    table.send(garbage, rcpt, "alice@example.org")  # no sender at all: dropped with a log line
    assert table.new_mail() == [] and "mail-in: dropped" in caplog.text
    answer(table, turn, offered_moves(turn)[0])  # and the listener still plays
    assert Game.get_by_id(game_id).version == 1


def test_mail_off_stops_turn_mails_but_not_answers(table):
    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "mail off")
    assert "now 'off'" in body(reply) and Player.get(Player.name == "alice").mail == "off"
    me = table.api.call("GET", "/players/me", players[0]).json
    assert me["mail"] == "off" and me["waiting"] == 1
    answer(table, turn, offered_moves(turn)[0])
    bob = table.api.legal(game_id, players[1])["moves"][0]["move"]
    table.api.call("PUT", f"/games/{game_id}/moves/1", players[1], json={"move": bob})
    table.deliver()
    assert [m for m in table.new_mail() if str(m["To"]) == "alice@example.org"] == []


def test_lmtp_listener_plays_a_reply(table):
    game_id, turn, _ = started(table)
    table.listener.stop()
    table.start_listener(lmtp=True)
    with smtplib.LMTP("127.0.0.1", table.port) as lmtp:
        lmtp.sendmail("alice@example.org", [parseaddr(str(turn["Reply-To"]))[1]],
                      reply_to(turn, offered_moves(turn)[0]).as_bytes(policy=__import__("email").policy.SMTP))
    assert Game.get_by_id(game_id).version == 1


def test_a_disabled_players_reply_plays_nothing(table):
    """The operator's `players disable` holds for mail too, as for the API and game-page links."""
    from server.ops import admin

    game_id, turn, _ = started(table)
    admin.set_disabled("alice", True)
    assert answer(table, turn, offered_moves(turn)[0]) == []
    assert Game.get_by_id(game_id).version == 0
    assert InboundMail.get().outcome == "stranger"
    admin.set_disabled("alice", False)
    answer(table, turn, offered_moves(turn)[0])
    assert Game.get_by_id(game_id).version == 1


def test_a_reply_with_a_folded_message_id_is_played_and_answered(table):
    """RFC 5322 lets a mail fold its Message-ID over two lines. Kept folded, it made the answer's
    In-Reply-To a header with a line break: the move was played, but its answer failed to be
    written and never came. Unfolded, it is played and answered once, in the same thread."""
    from email import policy

    game_id, turn, _ = started(table)
    raw = reply_to(turn, offered_moves(turn)[0], sender="alice@example.org").as_bytes(policy=policy.SMTP)
    start = raw.index(b"Message-ID: <") + len(b"Message-ID: <")
    raw = raw[:start] + b"folded@\r\n x" + raw[start:]
    table.send(raw, parseaddr(str(turn["Reply-To"]))[1], "alice@example.org")
    answers = [m for m in table.new_mail() if str(m["To"]) == "alice@example.org"]
    assert Game.get_by_id(game_id).version == 1 and len(answers) == 1
    assert "folded@" in str(answers[0]["In-Reply-To"]) and "\n" not in str(answers[0]["In-Reply-To"])
