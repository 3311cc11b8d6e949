"""Replies as people write them (issue 26), through the real mail-in listener: a sign-off, a
phone's footer or a bottom-posted reply plays the move without a word of complaint, and
`rules`, `rules <topic>`, `board`, `help` and `moves` are answered by mail."""
from __future__ import annotations

from email.utils import parseaddr

import pytest

from server.guides import reader
from server.store.models import Game
from tests.server.mailplay import offered_moves, reply_to, send_and_read, turn_of_two_steps

REFUSED = "was not played"


def body(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def answer(table, original, text, style="quoted"):
    """Reply as the mail's addressee; what Herald mailed that player back."""
    me = parseaddr(str(original["To"]))[1]
    table.send(reply_to(original, text, style), parseaddr(str(original["Reply-To"]))[1], me)
    return [m for m in table.new_mail() if str(m["To"]) == me]


def bottom_posted(original, text):
    reply = reply_to(original, text)
    quoted = "\n".join("> " + line for line in body(original).splitlines())
    reply.set_content(f"On Mon, 23 Nov 2026 at 11:30, Herald <herald@play.example.org> wrote:\n{quoted}\n\n{text}\n")
    return reply


@pytest.mark.parametrize("closing", ["\n\nCheers, Ben", "\n\nThanks!\n-- \nBen", "\n\nSent from my phone",
                                     "\n\nBest,\nBen"])
def test_a_sign_off_is_ignored_quietly(table, closing):
    players = [table.api.register("ana"), table.api.register("ben")]
    game_id = table.api.start_game(players, options={"target": 21})
    table.deliver()
    [turn] = table.new_mail()
    move = offered_moves(turn)[0]
    [answered] = answer(table, turn, move + closing, style="signature" if "-- " not in closing else "quoted")
    assert Game.get_by_id(game_id).version == 1
    assert f"Played move 0: {move}" in body(answered) and REFUSED not in body(answered)


def test_a_greeting_above_a_move_still_plays_it(table):
    """'Hej!' above the move, as people write mail: it was refused as the move 'Hej!', and nothing
    was played."""
    players = [table.api.register("ana"), table.api.register("ben")]
    game_id = table.api.start_game(players, options={"target": 21})
    table.deliver()
    [turn] = table.new_mail()
    move = offered_moves(turn)[0]
    [answered] = answer(table, turn, f"Hej!\n\n{move}\n\nMvh\nAna")
    assert Game.get_by_id(game_id).version == 1
    assert f"Played move 0: {move}" in body(answered) and REFUSED not in body(answered)


def test_a_greeting_above_join_still_takes_the_seat(table):
    """A Spanish newcomer answering the invitation '¡Hola!' / 'join' / 'Un saludo, Ben' was told
    the line '¡Hola!' was not played, and was not seated."""
    from server.store.models import Seat
    from tests.server.mailplay import invite_all

    ana = table.api.register("ana")
    table.api.call("PATCH", "/players/me", ana, json={"language": "es"})
    game_id = invite_all(table.api, ana, "castle-assault", ["ana@example.org", "ben@example.org"])
    table.deliver()
    [invitation] = [m for m in table.new_mail() if str(m["To"]) == "ben@example.org"]
    answer(table, invitation, "¡Hola!\n\njoin\n\nUn saludo,\nBen")
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 1)).player.email == "ben@example.org"


def test_a_bottom_posted_reply_plays(table):
    players = [table.api.register("ana"), table.api.register("ben")]
    game_id = table.api.start_game(players, options={"target": 21})
    table.deliver()
    [turn] = table.new_mail()
    move = offered_moves(turn)[0]
    table.send(bottom_posted(turn, move), parseaddr(str(turn["Reply-To"]))[1], "ana@example.org")
    [answered] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    assert Game.get_by_id(game_id).version == 1 and f"Played move 0: {move}" in body(answered)
    assert REFUSED not in body(answered) and "found no move" not in body(answered)


def test_rules_board_help_and_moves_are_answered_by_mail(table):
    players = [table.api.register("ana"), table.api.register("ben")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    link = f"{table.config['PUBLIC_URL']}/rules/castle-assault"
    [rules] = answer(table, turn, "rules")
    text = body(rules)
    assert link in text and REFUSED not in text
    assert reader.rules("castle-assault")["text"].splitlines()[2] in text  # the guide's opening
    assert all(topic in " ".join(text.split()) for topic in reader.rules("castle-assault")["topics"])  # what else
    section = reader.rules("castle-assault", "attack")
    [one] = answer(table, turn, "rules attack")
    assert section["text"].splitlines()[2] in body(one) and link in body(one)
    [unknown] = answer(table, turn, "rules knitting")
    assert "no section about 'knitting'" in body(unknown)
    assert "What if…." not in body(unknown) and "What if…" in body(unknown)  # no stop after the heading's own
    [board] = answer(table, turn, "board")
    shown = table.api.call("GET", f"/games/{game_id}/render", players[0]).json["text"]
    assert shown.splitlines()[0] in body(board) and REFUSED not in body(board)
    [helped] = answer(table, turn, "help\nmoves")
    assert "rules TOPIC" in body(helped) and "Your moves now:" in body(helped)
    assert Game.get_by_id(game_id).version == 0


def test_the_moves_a_reply_lists_speak_the_players_language(table):
    """'moves' by mail: each move pattern's help and placeholders in the player's language, as on
    the game page; its keywords are notation and stay."""
    from core.castle_assault.notation import MOVES
    from server.web.i18n.gamewords import said

    players = [table.api.register("ana"), table.api.register("ben")]
    assert table.api.call("PATCH", "/players/me", players[0], json={"language": "sv"}).status_code == 200
    table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    [listed] = answer(table, turn, "moves")
    swedish = said(MOVES["attack"].help, "sv", "castle-assault")
    assert swedish != MOVES["attack"].help
    listing = body(listed).replace("\r\n", "\n")  # (the help under its pattern, at a mail's width)
    assert f"  attack <plats>/<C|W1..|utplacerat kort> <kort> [<kort>...]\n      ({swedish[:40]}" in listing
    assert f"({swedish})" in " ".join(listing.split())


def test_a_refusals_legal_moves_speak_the_players_language(table):
    """A refused line lists the moves legal now with their placeholders in the player's words, as
    the turn mail and 'moves' do: a Swedish player read `attack <seat>/<C|W1..|stationed card>
    <card>` under a refusal, and `<plats>`, `<kort>` everywhere else."""
    players = [table.api.register("ana"), table.api.register("ben")]
    assert table.api.call("PATCH", "/players/me", players[0], json={"language": "sv"}).status_code == 200
    table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    [refused] = answer(table, turn, "pass")  # CA-TURN-3: no pass on one's own turn
    text = body(refused)
    legal = text[text.index("Tillåtna drag nu:"):]
    assert "spelades inte" in text and "<plats>/" in legal and "<kort>" in legal
    assert "<seat>" not in legal and "<card>" not in legal, legal


def test_a_move_typed_with_cyrillic_look_alike_letters_is_played(table):
    """A Russian keyboard (or autocorrect) gives 'сastle K1' with a Cyrillic 'с' and 'а': it reads
    exactly as the move the mail offered, and was refused as an unknown move without a word about
    the letters. Look-alikes are read as the Latin letters they show; a word of other letters is
    refused with the reason (moves are written in Latin letters)."""
    players = [table.api.register("ana"), table.api.register("ben")]
    for player in players:
        table.api.call("PATCH", "/players/me", player, json={"language": "ru"})
    game_id = table.api.start_game(players, ruleset="wizards-quest")
    table.deliver()
    turn = next(m for m in table.new_mail() if any(line.startswith("    castle K") for line in body(m).splitlines()))
    offered = next(line.strip() for line in body(turn).splitlines() if line.startswith("    castle K"))
    version = Game.get_by_id(game_id).version
    [refused] = answer(table, turn, "замок K1")  # a word of Russian letters: said why
    assert "латинск" in body(refused) and "(з, а, м, о, к)" in body(refused), body(refused)
    [played] = answer(table, turn, offered.replace("c", "\u0441").replace("a", "\u0430"))
    assert Game.get_by_id(game_id).version == version + 1, body(played)
    assert f"{offered}" in body(played) and "латинск" not in body(played)


def test_an_answers_sentences_keep_to_a_mails_width(table):
    """A turn mail's sentences are wrapped at 78 columns; an answer's were not: a refusal in
    Wizard's Quest was one line of 560 characters, a move pattern with its help 150. Sentences
    are wrapped as the templates wrap theirs, a pattern's help on lines of its own under it; the
    board keeps its lines whole (up to 100 columns)."""
    import re

    players = [table.api.register("ana"), table.api.register("ben")]
    for player in players:
        table.api.call("PATCH", "/players/me", player, json={"language": "hu"})
    table.api.start_game(players, ruleset="wizards-quest")
    table.deliver()
    turn = next(m for m in table.new_mail() if m["Reply-To"] and "castle K1" in body(m))
    [refused] = answer(table, turn, "pass\nmoves\nlog\nrules\nexplain D2C4")
    text = body(refused).replace("\r\n", "\n")
    wide = [line for line in text.splitlines() if len(line) > 100 and not re.search(r"https?://|turns\+g", line)]
    assert wide == [], wide
    refusal = text[:text.index("Most szabályos lépések:")]
    assert "(szabály: WQ-SETUP-3)" in refusal and max(len(line) for line in refusal.splitlines()) <= 78, refusal


def test_an_answer_shows_the_board_and_the_moves_once(table):
    """An answer ends with the position and the moves while it is still the player's turn, except
    what a command of the same mail has just shown: 'board' and 'moves' are not repeated below
    themselves, and a board shown before a move played is followed by the position after it."""
    players = [table.api.register("ana"), table.api.register("ben")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    top = table.api.call("GET", f"/games/{game_id}/render", players[0]).json["text"].splitlines()[0]
    [board] = answer(table, turn, "board")
    assert body(board).count(top) == 1 and "Your position:" not in body(board)
    assert "Your moves (reply with one per line):" in body(board)
    [moves] = answer(table, turn, "moves")
    assert "Your moves now:" in body(moves) and "Your moves (reply with one per line):" not in body(moves)
    assert "Your position:" in body(moves)
    [both] = answer(table, turn, "board\nmoves")
    assert "Your position:" not in body(both) and "Your moves (reply with one per line):" not in body(both)
    assert "Now you are asked" in body(both)


def test_a_board_shown_before_a_move_is_followed_by_the_position_after_it(table):
    """'board' then a move after which the same seat is asked: the board asked for shows the
    position before the move, and the answer ends with the position after it."""
    game_id, turn, text, _ = turn_of_two_steps(table)
    found = send_and_read(table, turn, f"board\n{text}")
    assert "Played move" in found and found.index("Played move") < found.index("Your position:")
    assert "Your moves (reply with one per line):" in found


def test_a_mailbox_players_answers_speak_the_games_words_in_their_language(table):
    """A player who plays only by mail reads the game in their language in every answer, as in
    the turn mails: the board, a refusal by the rules, the move played and its events, the
    question, the position now and the help under a move pattern (Hungarian here; notation
    and rule IDs as they are)."""
    from core.castle_assault.notation import MOVES
    from server.web.i18n.gamewords import said

    attack_help = said(MOVES['attack'].help, 'hu', 'castle-assault')
    players = [table.api.register("ana"), table.api.register("ben")]
    assert table.api.call("PATCH", "/players/me", players[0], json={"language": "hu"}).status_code == 200
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    turn_text = " ".join(body(turn).split())  # (the help on lines of its own, under the pattern)
    assert "Attack one enemy card" not in turn_text
    assert f"attack <hely>/<C|W1..|elhelyezett lap> <lap> [<lap>...] ({attack_help})" in turn_text
    [first] = answer(table, turn, "board\nfoo bar")
    text = body(first)
    assert f"({attack_help}" in " ".join(text.split())  # (an answer's help: on lines of its own, as a turn mail's)
    assert text.count("Várostrom, 2 játékos. ana következik") == 1  # the board asked for, not again below it
    assert "Castle Assault, 2 players" not in text and "Your hand" not in text
    assert "'foo bar' nem lett megjátszva:" in text and "Unknown move" not in text, text
    assert "Te következel: válassz egy cselekvést." in text and "Your turn" not in text
    move = next(m["text"] for m in table.api.legal(game_id, players[0])["moves"] if m["text"].startswith("buy "))
    [played] = answer(table, first, move)
    assert "Spend" not in body(played) and "elkölt" in body(played).lower(), body(played)
