"""The operator's side of mail-in: `herald server read-mail` and `mail-in` as real
processes, the daily digest, and the API for mail settings and invitations."""
from __future__ import annotations

import os
import re
import smtplib
import subprocess
import sys
from datetime import date, timedelta
from email import policy
from email.utils import parseaddr

import pytest

from server.notify.digest import queue_digests
from server.store.models import Game, Notification, Seat
from tests.server.mailbox import free_port
from tests.server.mailplay import offered_moves, reply_to

HERALD = [sys.executable, "-m", "client.cli", "server"]


def server_env(table) -> dict:
    config = table.config
    return {**os.environ, "HERALD_DATABASE_URL": config["DATABASE_URL"], "HERALD_REPLY_ADDRESS": config["REPLY_ADDRESS"],
            "HERALD_SECRET_KEY": config["SECRET_KEY"], "HERALD_MAIL_FROM": config["MAIL_FROM"],
            "HERALD_SMTP_HOST": "127.0.0.1", "HERALD_SMTP_PORT": str(config["SMTP_PORT"])}


def castle_game(table):
    players = [table.api.register("alice"), table.api.register("bob")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = table.new_mail()
    return game_id, turn


def test_read_mail_plays_one_message_from_stdin_and_exits_67_for_a_forged_address(table):
    game_id, turn = castle_game(table)
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    raw = reply_to(turn, offered_moves(turn)[0]).as_bytes(policy=policy.SMTP)
    done = subprocess.run(HERALD + ["read-mail", "--recipient", rcpt, "--sender", "alice@example.org"],
                          input=raw, env=server_env(table), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert Game.get_by_id(game_id).version == 1
    assert {str(m["To"]) for m in table.new_mail()} == {"alice@example.org", "bob@example.org"}
    forged = subprocess.run(HERALD + ["read-mail", "--recipient", rcpt.replace(".m0.", ".m1.")], input=raw,
                            env=server_env(table), capture_output=True, timeout=60)
    assert forged.returncode == 67 and Game.get_by_id(game_id).version == 1


def test_mail_in_command_listens_and_plays(table):
    game_id, turn = castle_game(table)
    port = free_port()
    process = subprocess.Popen(HERALD + ["mail-in", "--port", str(port)], env=server_env(table),
                               stderr=subprocess.PIPE, text=True)
    try:
        for line in process.stderr:  # log lines first, then the one saying it listens
            if "listening for SMTP" in line:
                break
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
            smtp.sendmail("alice@example.org", [parseaddr(str(turn["Reply-To"]))[1]],
                          reply_to(turn, offered_moves(turn)[0]).as_bytes(policy=policy.SMTP))
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert Game.get_by_id(game_id).version == 1
    assert "Played move 0" in next(m for m in table.new_mail() if str(m["To"]) == "alice@example.org"
                                   ).get_body().get_content()


def test_digest_replaces_turn_mails_once_a_day(table):
    alice, bob = table.api.register("alice"), table.api.register("bob")
    changed = table.api.call("PATCH", "/players/me", alice, json={"mail": "digest"})
    assert changed.status_code == 200 and changed.json["mail"] == "digest"
    table.api.call("PATCH", "/players/me", alice, json={"quiet_hours": "off"})  # sent at any hour the test runs
    first = table.api.start_game([alice, bob])
    second = table.api.start_game([alice, bob])
    table.deliver()
    assert table.new_mail() == []  # no turn mails for a digest player
    assert queue_digests(table.config) == 1 and queue_digests(table.config) == 0  # once a day
    table.deliver()
    [digest] = table.new_mail()
    text = digest.get_body().get_content()
    assert str(digest["Subject"]) == "[Herald] 2 games waiting for you"
    assert f"Game {first} (Race to 21)" in text and f"Game {second} (Race to 21)" in text
    assert "Answer by mail to: turns+g" in text and "herald me --mail off" in text
    assert digest["Reply-To"] is None  # two games: each names its own address


def test_a_digest_of_one_game_is_answered_by_replying_to_it(table):
    """A reply to a digest of one game went to Herald's sender address and was dropped without a
    word ('not for us'). The digest of one game has that game's reply address as its Reply-To,
    so replying plays the move as a reply to the turn mail would."""
    from tests.server.mailplay import send_and_read

    alice, bob = table.api.register("alice"), table.api.register("bob")
    table.api.call("PATCH", "/players/me", alice, json={"mail": "digest", "quiet_hours": "off"})
    game_id = table.api.start_game([alice, bob])
    if table.api.game(game_id, alice)["prompted"][0]["seat"] != 0:  # (alice must be the one asked)
        table.api.play_first_legal(game_id, [alice, bob])
    table.deliver()
    table.new_mail()
    assert queue_digests(table.config) == 1
    table.deliver()
    [digest] = table.new_mail()
    assert str(digest["Reply-To"]).startswith("turns+g") and f"g{game_id}." in str(digest["Reply-To"])
    before = table.api.game(game_id, alice)["version"]
    move = table.api.legal(game_id, alice)["moves"][0]["text"]
    assert "Played move" in send_and_read(table, digest, move)
    assert table.api.game(game_id, alice)["version"] == before + 1


def test_a_digest_asks_each_game_in_its_readers_language(table):
    """A Spanish digest read 'Your turn: choose one action.' under each game: the question was
    stored in English. It is said in the reader's language when the digest is sent."""
    ana, ben = table.api.register("ana"), table.api.register("ben")
    table.api.call("PATCH", "/players/me", ana, json={"mail": "digest", "quiet_hours": "off", "language": "es"})
    game = table.api.start_game([ana, ben], "castle-assault", {"first-player": 0})
    table.deliver()
    table.new_mail()
    assert queue_digests(table.config) == 1
    table.deliver()
    [digest] = table.new_mail()
    text = digest.get_body().get_content()
    assert f"Partida {game} " in text and "Your turn" not in text and "Tu turno" in text, text


def test_mail_settings_and_invitations_api_errors(table):
    alice, bob = table.api.register("alice"), table.api.register("bob")
    bad = table.api.call("PATCH", "/players/me", alice, json={"mail": "weekly"})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "invalid-input"
    created = table.api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    path = f"/games/{created['id']}/invitations"
    assert table.api.call("POST", path, bob, json={"email": "x@example.org"}).status_code == 403  # not bob's game
    assert table.api.call("POST", path, alice, json={"email": "not-an-address"}).status_code == 422
    invited = table.api.call("POST", path, alice, json={"email": "ana@example.org"})
    assert invited.status_code == 201 and invited.json == {"game": created["id"], "seat": 0, "email": "ana@example.org"}
    table.api.call("POST", "/games/join", bob, json={"invite": created["invites"][1]["code"]})
    taken = table.api.call("POST", path, alice, json={"email": "ben@example.org", "seat": 1})
    assert taken.status_code == 409 and taken.json["error"]["code"] == "seat-taken"
    table.deliver()
    [invitation] = table.new_mail()
    assert str(invitation["To"]) == "ana@example.org" and ".s0.j." in str(invitation["Reply-To"])
    assert "join" in invitation.get_body().get_content()
    # Asking for moves before joining is answered, not a crash (nor a retry for ever).
    table.send(reply_to(invitation, "moves\nshow"), parseaddr(str(invitation["Reply-To"]))[1], "ana@example.org")
    [answer] = table.new_mail()
    assert "'moves': You have no seat in this game." in answer.get_body().get_content()
    # Replying 'join' from another address than the invited one: the signature does not match.
    forged = reply_to(invitation, "join", sender="eve@example.org")
    try:
        table.send(forged, parseaddr(str(invitation["Reply-To"]))[1], "eve@example.org")
    except smtplib.SMTPDataError as refused:
        assert refused.smtp_code == 550
    else:
        raise AssertionError("a join from another address was accepted")
    assert Notification.select().where(Notification.email == "eve@example.org").count() == 0


def test_fetch_mail_exits_75_while_the_imap_server_cannot_be_reached(table, caplog):
    """Like a locked database (test_mailin_locked.py), an IMAP server that is down passes:
    the timer's next run reads the mail, so this run asks for that (75), in one line."""
    from click.testing import CliRunner

    from server.cli import server

    env = {key: value for key, value in server_env(table).items() if key.startswith("HERALD_")}
    result = CliRunner().invoke(server, ["fetch-mail", "--host", "127.0.0.1", "--port", str(free_port()), "--user",
                                         "herald", "--password", "secret", "--tls", "none"], env=env)
    assert result.exit_code == 75, result.output
    assert any("try again later: ConnectionRefusedError" in r.getMessage() for r in caplog.records)


def test_a_reply_by_mail_takes_a_vacation_says_how_long_and_ends_it(table):
    """`vacation DATE` by mail does what `herald vacation --until DATE` does: the player's clocks
    stand still, the other players are told, and `vacation off` brings the player back; a date
    Herald cannot read, or a second vacation, is refused with a sentence and how to write it."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    back_on = (date.today() + timedelta(days=10)).isoformat()
    sent = {str(m["To"]): body(m) for m in answer(table, turn, f"vacation {back_on}")}
    said = " ".join(sent["alice@example.org"].split())
    assert "You are on vacation until" in said and "your clocks stand still in every game" in said
    assert re.search(r"(19|20) of this year's 30 vacation days are left\.", said), said
    assert table.api.call("GET", "/players/me/vacation", players[0]).json["on_vacation"] is True
    assert "alice" in sent["bob@example.org"] and "vacation" in sent["bob@example.org"]  # told at once
    later = (date.today() + timedelta(days=15)).isoformat()
    [reply] = answer(table, turn, f"vacation next week\nvacation {later}")
    said = " ".join(body(reply).split())
    assert "'next week' is not a date like 2026-12-26." in said
    assert "You are on vacation already; end it first (herald vacation --end, or reply 'vacation off')." in said
    assert said.count("Say, for example, 'vacation 2026-12-26'") == 2
    sent = {str(m["To"]): body(m) for m in answer(table, turn, "vacation off")}
    assert "You are not on vacation: your clocks run." in sent["alice@example.org"]
    assert table.api.call("GET", "/players/me/vacation", players[0]).json["on_vacation"] is False
    assert "back" in sent["bob@example.org"]


def test_a_reply_by_mail_talks_at_the_table_as_written(table):
    """`say TEXT` puts TEXT at the game's table, as `herald chat` does, in the case it was
    written (the other commands read their lines in lower case); the other player reads it in
    the game's next mail. An empty `say` is answered with an example."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "say Good luck, Bob! Ça va?\nsay")
    said = " ".join(body(reply).split())
    assert "Said at the table, to everyone: Good luck, Bob! Ça va?" in said
    assert "Say what, after 'say': for example 'say Good game so far!'" in said
    talk = table.api.call("GET", f"/games/{game_id}/chat", players[1]).json["messages"]
    assert [(m["name"], m["text"]) for m in talk] == [("alice", "Good luck, Bob! Ça va?")]
    sent = answer(table, turn, offered_moves(turn)[0])
    [to_bob] = [m for m in sent if str(m["To"]) == "bob@example.org"]
    assert "Good luck, Bob! Ça va?" in body(to_bob)


def test_a_reply_by_mail_talks_to_chosen_seats_only(table):
    """`say to 1: TEXT` was said to everyone, the player it was about included ('say to 1: shall we
    both attack carl?' reached carl). It is said to those seats and the sender only, as `herald say
    --to 1` does; 'say to 2 of you: ...' (no seat list before a colon) is said to everyone."""
    from tests.server.test_mailin import answer, body

    players = [table.api.register(name) for name in ("alice", "bob", "carl")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "alice@example.org"]
    [reply] = answer(table, turn, "say to 1: shall we both attack carl?\nsay to 2 of you: good luck\nsay to 7: hello")
    said = " ".join(body(reply).split())
    assert "Said to seat 1 only (and you): shall we both attack carl?" in said
    assert "Said at the table, to everyone: to 2 of you: good luck" in said
    assert "'say to 7: hello': This game has no seat 7; its seats are 0..2." in said
    def talk(player):
        return [m["text"] for m in table.api.call("GET", f"/games/{game_id}/chat", player).json["messages"]]
    assert "shall we both attack carl?" in talk(players[1]) and "shall we both attack carl?" not in talk(players[2])
    assert "to 2 of you: good luck" in talk(players[2])


@pytest.mark.parametrize("code,everyone,chosen,refused", [
    ("sv", "Säg Lycka till!", "säg till 1: ska vi anfalla carl?", "säg till 7: hej"),
    ("ru", "Скажи Удачи!", "скажи игроку 1: нападём на carl?", "сказать месту 7: привет"),
    ("nl", "Zeg Veel succes!", "zeg tegen 1: vallen we carl aan?", "zeg aan 7: hoi"),
    ("es", "Di ¡Suerte a todos!", "di a 1: ¿atacamos a carl?", "decir a 7: hola"),
    ("hu", "Mondd Sok sikert!", "mondd 1-nek: megtámadjuk carlt?", "üzenet 1, 7-nek: szia"),
])
def test_a_reply_by_mail_talks_at_the_table_in_the_players_words(table, code, everyone, chosen, refused):
    """`say` had no word in the players' languages, while `chat`, `board` and the other commands
    asked most had: 'säg Lycka till!' was refused as a move. It is read in each language's word,
    and `say to 1:` in that language's way of saying "to" (Hungarian: the number's ending)."""
    from tests.server.test_mailin import answer, body

    players = [table.api.register(name) for name in ("alice", "bob", "carl")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "alice@example.org"]
    assert table.api.call("PATCH", "/players/me", players[0], json={"language": code}).status_code == 200
    [reply] = answer(table, turn, "\n".join((everyone, chosen, refused)))
    said = " ".join(body(reply).split())
    assert refused.split(":")[0] in said and "7" in said, said  # a seat the game lacks: refused, as in English

    def talk(player):
        return [(m["text"], m["to"]) for m in table.api.call("GET", f"/games/{game_id}/chat", player).json["messages"]]
    everyone_text, chosen_text = everyone.split(" ", 1)[1], chosen.split(":", 1)[1].strip()
    assert talk(players[1]) == [(everyone_text, None), (chosen_text, [0, 1])]  # (the sender reads it too)
    assert talk(players[2]) == [(everyone_text, None)]


def test_the_hungarian_ending_names_every_seat_and_no_ending_is_said_to_all():
    """'mondd 1, 2-nek:' and 'mondd 1-nek, 2-nek:' are to seats 1 and 2; a number without the
    ending before the colon, or another language's word, is no seat list of Hungarian's."""
    from server.mailin.talk import PRIVATE, TO_ENDING

    for line in ("1, 2-nek: hi", "1-nek, 2-nek: hi", "1,3-nak:hi"):
        assert TO_ENDING.match(line), line
    assert TO_ENDING.match("1, 3-nak: szia").group(1) == "1, 3-nak"
    for line in ("1, 2: hi", "2 nek: hi", "12-nekem: hi"):
        assert not TO_ENDING.match(line) and not PRIVATE.match(line), line
    for line in ("till 1, 2: hej", "игрокам 1, 2: привет", "tegen 2: hoi", "a 1: hola", "To 1: hi"):
        assert PRIVATE.match(line), line


def test_a_reply_by_mail_reads_the_table_talk(table):
    """`herald chat GAME` reads the table talk at any time; by mail it came only inside the next
    turn mail, and 'chat' was refused as an unknown move. `chat` answers with the talk the seat
    may read, a message to other seats left out; `chat TEXT` says TEXT, as `herald chat GAME
    TEXT` does."""
    from tests.server.test_mailin import answer, body

    players = [table.api.register(name) for name in ("alice", "bob", "carl")]
    game_id = table.api.start_game(players, ruleset="castle-assault", options={"first-player": 0})
    table.deliver()
    [turn] = [m for m in table.new_mail() if str(m["To"]) == "alice@example.org"]
    [empty] = answer(table, turn, "chat")
    assert "Nobody has said anything at this game's table yet." in " ".join(body(empty).split())
    table.api.call("POST", f"/games/{game_id}/chat", players[1], json={"text": "Good luck!"})
    table.api.call("POST", f"/games/{game_id}/chat", players[1], json={"text": "A secret for carl", "to": [2]})
    table.api.call("POST", f"/games/{game_id}/chat", players[2], json={"text": "Between us", "to": [0]})
    [reply] = answer(table, turn, "chat Hello, Bob!\nchat")
    text = body(reply)
    assert "Said at the table, to everyone: Hello, Bob!" in text
    listed = text[text.index("Table talk (the latest messages you may read):"):]
    assert "bob: Good luck!" in listed and "carl (to seats 0, 2): Between us" in listed
    assert "alice: Hello, Bob!" in listed and "A secret for carl" not in listed
    assert listed.index("Good luck!") < listed.index("Between us") < listed.index("Hello, Bob!")  # oldest first


def test_a_move_is_taken_back_by_consent_all_by_mail(table):
    """`undo` by mail asks to take back the sender's latest move, as `herald undo` does; the
    other player's mail says to reply 'undo yes', and that reply takes it back; an answer with
    nothing open, or an unknown one, is told how to write it. (Toy race: once its deck is empty
    a move reveals nothing, and so may be taken back.)"""
    from email.utils import parseaddr

    from tests.server.table.helpers import play_until_deck_empty
    from tests.server.test_mailin import answer, body

    players = [table.api.register("alice"), table.api.register("bob")]
    game_id = table.api.start_game(players, options={"target": 60})
    play_until_deck_empty(table.api, game_id, players)
    table.deliver()
    mails = table.new_mail()
    turn = [m for m in mails if m["Reply-To"] and "your move" in str(m["Subject"])][-1]  # the mover's, now
    mover = parseaddr(str(turn["To"]))[1]
    other = ({"alice@example.org", "bob@example.org"} - {mover}).pop()
    sent = answer(table, turn, offered_moves(turn)[0], sender=mover)
    [others_turn] = [m for m in sent if str(m["To"]) == other]
    [reply] = answer(table, others_turn, "undo yes\nundo maybe", sender=other)
    said = " ".join(body(reply).split())
    assert "Nobody asks to take back a move in this game now." in said and "Say 'undo' to ask" in said
    sent = answer(table, turn, "undo", sender=mover)
    [mine] = [m for m in sent if str(m["To"]) == mover]
    version = Game.get_by_id(game_id).version
    assert (f"Taking back move {version - 1} waits for {other[:-12]} to agree; they are asked by mail."
            in " ".join(body(mine).split()))
    [asked] = [m for m in sent if "asks to take back" in str(m["Subject"])]  # sent with the answer
    assert str(asked["To"]) == other
    assert "Or reply to this mail with 'undo yes', 'undo no' or 'undo always'." in " ".join(body(asked).split())
    sent = answer(table, asked, "undo yes", sender=other)
    [reply] = [m for m in sent if str(m["To"]) == other]
    assert f"Move {version - 1} is taken back: everyone agreed." in " ".join(body(reply).split())
    game = Game.get_by_id(game_id)
    assert game.version == version + 1  # the undo, a new entry of the log
    assert [p["seat"] for p in game.prompted] == [0 if mover.startswith("alice") else 1]  # the mover's turn again
    [reply] = [m for m in answer(table, asked, "undo always", sender=other) if str(m["To"]) == other]
    assert "From now on you agree to every proposal to take back a move in this game." in " ".join(body(reply).split())
    assert Seat.get((Seat.game == game_id) & (Seat.seat != game.prompted[0]["seat"])).undo_always_accept


def test_a_reply_by_mail_explains_a_card_in_the_readers_language(table):
    """`explain THING` by mail answers what `herald explain` does: the glossary's entry for a
    card, territory or board symbol of the game, in the reader's language; a name it does not
    know is refused with the nearest ones."""
    from tests.server.test_mailin import answer, body

    players = [table.api.register("alice"), table.api.register("bob")]
    table.api.start_game(players, ruleset="wizards-quest")
    table.deliver()
    turn = [m for m in table.new_mail() if m["Reply-To"]][0]
    sender = str(turn["To"])
    english = table.api.client.get("/rulesets/wizards-quest/explain/D2C4").json
    [reply] = answer(table, turn, "explain D2C4\nexplain dragonn", sender=sender)
    said = " ".join(body(reply).split())
    assert " ".join(f"{english['title']} ({english['kind_text']}) {english['text']}".split()) in said
    assert "The wizards-quest glossary does not know 'dragonn'. Did you mean:" in said
    table.api.call("PATCH", "/players/me", players[0 if sender.startswith("alice") else 1], json={"language": "sv"})
    swedish = table.api.client.get("/rulesets/wizards-quest/explain/D2C4?lang=sv").json
    [reply] = answer(table, turn, "explain D2C4", sender=sender)
    assert " ".join(swedish["text"].split()) in " ".join(body(reply).split()) and swedish["text"] != english["text"]


def test_a_reply_by_mail_chooses_plain_text_mail_and_back(table):
    """`format plain` by mail: Herald's next mails are plain text only, as `herald mail-format
    plain` makes them; `format multipart` brings the board's picture back."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "format plain\nformat html")
    said = " ".join(body(reply).split())
    assert "From now on Herald's mail to you is plain text only." in said and "Say 'format plain'" in said
    assert table.api.call("GET", "/players/me/mail-format", players[0]).json == {"mail_format": "plain"}
    [reply] = answer(table, turn, "format multipart")
    assert "shows the board as a picture too" in " ".join(body(reply).split())
    assert table.api.call("GET", "/players/me/mail-format", players[0]).json == {"mail_format": "multipart"}


def test_a_reply_by_mail_hands_the_seat_over_to_a_person_or_a_bot(table):
    """`handover ADDRESS` mails that address an invitation to take over the seat, as `herald
    seat --invite` does: it stays the sender's until they reply 'join'. `handover bot LEVEL`
    gives it to a house bot at once; a level is never guessed."""
    from email.utils import parseaddr

    from tests.server.mailplay import reply_to
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    sent = answer(table, turn, "handover bot\nhandover carl@example.org")
    [reply] = [m for m in sent if str(m["To"]) == "alice@example.org"]
    said = " ".join(body(reply).split())
    assert "or 'handover bot' and a level (random, greedy, search)" in said
    assert "Herald has mailed carl@example.org an invitation to take over your seat 0; it stays yours" in said
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player_id == players[0]["id"]
    [invitation] = [m for m in sent if str(m["To"]) == "carl@example.org"]
    table.send(reply_to(invitation, "join"), parseaddr(str(invitation["Reply-To"]))[1], "carl@example.org")
    carl = Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player
    assert carl.email == "carl@example.org"
    other = table.api.start_game(players)
    table.deliver()
    [second] = [m for m in table.new_mail() if str(m["To"]) == "alice@example.org" and f"#{other}" in str(m["Subject"])]
    [reply] = answer(table, second, "handover bot greedy")
    assert "Your seat 0 is now the greedy house bot's" in " ".join(body(reply).split())
    assert Seat.get((Seat.game == other) & (Seat.seat == 0)).player.name != "alice"


@pytest.mark.parametrize("language", ["en", "sv", "ru", "nl", "es", "hu"])
def test_the_help_by_mail_lists_every_command_in_two_even_columns(language):
    """The help a reply gets, in every language: each command Herald reads by mail is listed,
    by its English word, and every description starts in the same column (a wrapped one too),
    so that it reads as a table in a mail program's fixed-width font."""
    from server.mailin.dispatch import COMMANDS, HELP, NATIVE_WORDS
    from server.web.i18n.catalogs import said

    text = said(HELP, language)
    rows = [line for line in text.splitlines() if line.startswith("  ")]
    assert rows, text
    for line in rows:
        assert line[17:19] == "  " if line.startswith("   ") else (line[18] == " " and line[19] != " "), line
        assert line[19] != " ", line
    listed = {line.split()[0] for line in rows if not line.startswith("   ")}
    native = {word for words in NATIVE_WORDS.values() for word in words}
    aliases = {"?", "show", "rule", "stop", "unsubscribe", "tz", "lang", "join"}  # said in other lines' words
    assert set(COMMANDS) - native - aliases <= listed, set(COMMANDS) - native - aliases - listed


def test_quiet_alone_says_the_quiet_hours_and_changes_nothing(table):
    """`timezone`, `language` and `vacation` alone say the setting; `quiet` alone turned the
    quiet hours off without a word, and reminders came at 3 a.m. It says them now, and how to
    change them."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    before = table.api.call("GET", "/players/me", players[0]).json["quiet_hours"]
    assert before == "22:00-08:00"
    [reply] = answer(table, turn, "quiet\nquiet hours")
    said = " ".join(body(reply).split())
    assert said.count("Your quiet hours are 22:00-08:00 in UTC: reminders and digests wait until they end. "
                      "Say 'quiet 22-8' to change them, or 'quiet off'.") == 2, said
    assert table.api.call("GET", "/players/me", players[0]).json["quiet_hours"] == before
    [reply] = answer(table, turn, "quiet off\nquiet")
    said = " ".join(body(reply).split())
    assert "You have no quiet hours: reminders and digests go at any hour." in said


def test_mail_alone_says_the_mail_setting_and_how_to_change_it(table):
    """`mail` alone listed the choices only: a mailbox player could not learn whether they were
    on 'turns' or 'digest', nor when their digest is written."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "mail")
    said = " ".join(body(reply).split())
    assert "Your mail setting is 'turns': a mail for every turn. Say 'mail digest' for one mail a day" in said
    table.api.call("PATCH", "/players/me", players[0], json={"mail": "digest", "digest_at": "19:30"})
    [reply] = answer(table, turn, "mail")
    said = " ".join(body(reply).split())
    assert "Your mail setting is 'digest': one mail a day listing the games waiting for you, written at 19:30" in said
    assert table.api.call("GET", "/players/me", players[0]).json["mail"] == "digest"
