"""Whole games played only by replying to Herald's mail: invitations answered 'join', every
turn answered with a move copied from the mail, in several mail programs' styles (quoted
original, signature, HTML only, Swedish attribution, subject line only), delivered over
SMTP to the real mail-in listener; Herald's own mail caught by a real SMTP server."""
from __future__ import annotations

import re

import pytest

from core.rng import Rng
from server.store.models import Game, Player, Seat
from server.store.verify import verify_all
from tests.server.mailplay import (STYLES, answer_everything, invite_all, offered_moves, send_and_read,
                                   simultaneous_choice, turn_of_two_steps)


def finish_by_mail(table, ruleset: str, options: dict | None = None, players: int = 2):
    creator = table.api.register("p0", "p0@example.org")
    emails = [f"p{i}@example.org" for i in range(players)]
    game_id = invite_all(table.api, creator, ruleset, emails, options)
    table.deliver()  # what the `notify` timer does for the invitations; mail-in sends the rest itself
    counts = answer_everything(table, Rng(f"mail:{ruleset}"))
    game = Game.get_by_id(game_id)
    assert game.status == "finished", counts
    assert {p.email for p in Player.select()} == set(emails)  # the others were made by replying 'join'
    over = [m for m in table.mailbox.all_messages() if "is over" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in over) == emails
    assert set(counts["styles"]) == set(STYLES)
    reports = verify_all()
    assert [r.problems for r in reports] == [[]] and reports[0].moves == game.version
    return game, counts


@pytest.mark.parametrize("ruleset,options", [("castle-assault", {}), ("medieval-mastery", {"skirmish": True}),
                                             ("wizards-quest", {})])
@pytest.mark.slow
def test_a_whole_game_by_mail(table, ruleset, options):
    game, counts = finish_by_mail(table, ruleset, options)
    assert counts["replies"] >= game.version + 2  # every move, and the two joins, came by mail


def test_toy_game_by_mail_answers_every_reply_in_its_thread(table):
    game, counts = finish_by_mail(table, "toy-race")
    answers = [m for m in table.mailbox.all_messages() if str(m["Subject"]).startswith("Re:")]
    assert answers and all(m["In-Reply-To"] and m["References"] for m in answers)
    for answer in answers:  # each answer is in the player's one thread for the game
        player = Player.get(Player.email == str(answer["To"]))
        assert f"<herald.g{game.id}.p{player.id}@play.example.org>" in str(answer["References"])
        ids = str(answer["References"]).split()  # each id in its brackets, once (RFC 5322 3.6.4)
        assert all(re.fullmatch(r"<[^<>\s]+@[^<>\s]+>", i) for i in ids) and len(ids) == len(set(ids)), ids
        assert str(answer["In-Reply-To"]) == ids[-1]
        raw = dict(answer.raw_items())  # as sent: a link a mail program can follow, not RFC 2047 encoded words
        assert re.fullmatch(r"<mailto:[^<>\s]+\?subject=mail%20off>", raw["List-Unsubscribe"]), raw["List-Unsubscribe"]


def test_a_turn_of_several_steps_in_one_mail(table):
    """Two lines in one reply are two moves at consecutive move numbers by the same seat."""
    game_id, turn, text, second = turn_of_two_steps(table)
    version = Game.get_by_id(game_id).version
    body = send_and_read(table, turn, f"{text}\n{second}")
    assert f"Played move {version}: {text}" in body
    assert f"Played move {version + 1}: {second}" in body
    assert Game.get_by_id(game_id).version == version + 2


@pytest.mark.rule("MM-ASYNC-1")
def test_a_face_down_card_is_played_from_the_mail_that_asked_for_it(table):
    """Both sides of a battle are asked for a face-down card at once. The side that answered
    second by mail was told the game had moved on (the other's hidden card is a move) and had
    to answer again; nothing it could see had changed, so its card is played."""
    game_id, players, first, mail = simultaneous_choice(table)
    version = Game.get_by_id(game_id).version
    card = next(m for m in table.api.legal(game_id, players[first])["moves"] if m["text"].startswith("conflict"))
    played = table.api.call("PUT", f"/games/{game_id}/moves/{version}", players[first], json={"move": card["move"]})
    assert played.status_code == 201, played.json
    mine = offered_moves(mail)[0]
    assert mine.startswith("conflict")
    answer = send_and_read(table, mail, mine)
    assert f"Played move {version + 1}: {mine}" in answer and "moved on" not in answer, answer
    assert Game.get_by_id(game_id).version >= version + 2


def test_joining_by_mail_asks_the_first_move_once(table):
    """The last player to join by mail starts the game and, asked first, is asked once: by the
    answer to their join (the position, their moves, a reply address), not by a turn mail too."""
    from email.utils import parseaddr

    from tests.server.mailplay import reply_to

    creator = table.api.register("p0", "p0@example.org")
    game_id = invite_all(table.api, creator, "toy-race", ["p0@example.org", "p1@example.org"])
    table.deliver()
    invitations = {parseaddr(str(m["To"]))[1]: m for m in table.new_mail() if "invites you" in str(m["Subject"])}
    for address in ("p1@example.org", "p0@example.org"):  # seat 0, asked first, joins last
        invitation = invitations[address]
        table.send(reply_to(invitation, "join"), parseaddr(str(invitation["Reply-To"]))[1], address)
    table.deliver()
    asking = [m for m in table.mailbox.all_messages()
              if parseaddr(str(m["To"]))[1] == "p0@example.org" and m["Reply-To"] and "invites you" not in str(m["Subject"])]
    assert Game.get_by_id(game_id).status == "active"
    assert len(asking) == 1 and offered_moves(asking[0]), [str(m["Subject"]) for m in asking]


def test_joining_by_mail_shows_the_position_in_one_mail_only(table):
    """A player whose join began the game got the game's mail (the position, or their turn with
    its moves) and an answer to the join that showed the same again. The answer now welcomes them
    and leaves the position to that mail."""
    from email.utils import parseaddr

    from server.store.models import Notification
    from tests.server.mailplay import reply_to

    creator = table.api.register("p0", "p0@example.org")
    invite_all(table.api, creator, "castle-assault", ["p0@example.org", "p1@example.org", "p2@example.org"])
    table.deliver()
    invitations = {parseaddr(str(m["To"]))[1]: m for m in table.new_mail() if "invites you" in str(m["Subject"])}
    for address in ("p0@example.org", "p2@example.org", "p1@example.org"):  # p1's join begins the game
        invitation = invitations[address]
        table.send(reply_to(invitation, "join"), parseaddr(str(invitation["Reply-To"]))[1], address)
    last = Player.get(Player.email == "p1@example.org")
    game_mail = Notification.get((Notification.player == last.id) & Notification.kind.in_(("turn", "started")))
    answer = Notification.get((Notification.player == last.id) & (Notification.kind == "reply"))
    assert answer.id > game_mail.id
    body = answer.context["body"]
    assert body.startswith("Welcome, p1") and "its own mail to you shows the position" in body, body
    assert "Waiting for" not in body and "To answer by mail" not in body


def test_a_player_with_only_a_mailbox_makes_a_game_by_mail(table):
    """`new castle-assault ADDRESS ADDRESS` in a reply to any of Herald's mails: a game for the
    sender and those people, the sender seated, each address invited by mail; their 'join'
    replies start it. A game Herald does not host, too
    many players, or an address that cannot receive mail is refused with a sentence and an
    example, and nothing is made."""
    from email.utils import parseaddr

    from tests.server.mailplay import reply_to
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "new chess bob@example.org\nnew castle-assault a@example.org b@example.org "
                                  "c@example.org d@example.org\nnew castle-assault not-an-address")
    said = " ".join(body(reply).split())
    assert "There is no game called 'chess' here" in said and "castle-assault, medieval-mastery, wizards-quest" in said
    assert "2-4 players" in said or "2 to 4" in said, said
    assert "That mail address cannot receive mail" in said
    assert said.count("Nothing was made. Say, for example, 'new castle-assault ana@example.org ben@example.org'") == 3
    assert Game.select().count() == 1
    sent = answer(table, turn, "new game of castle-assault with Carl@Example.org and dora@example.org, alice@example.org")
    [reply] = [m for m in sent if str(m["To"]) == "alice@example.org"]
    said = " ".join(body(reply).split())
    made = Game.get(Game.ruleset == "castle-assault")
    assert f"Game {made.id} (Castle Assault (Castlecards: ¡Asalto al Castillo!)) is made, and you hold seat 0" in said
    assert "an invitation to carl@example.org, dora@example.org:" in said  # (a command line is read in lower case)
    assert (made.status, made.players, made.creator_id, made.days_per_move) == ("open", 3, players[0]["id"], None)
    invitations = {parseaddr(str(m["To"]))[1]: m for m in sent if "invites you" in str(m["Subject"])}
    assert set(invitations) == {"carl@example.org", "dora@example.org"}  # sent with the answer
    for address, invitation in invitations.items():
        table.send(reply_to(invitation, "join"), parseaddr(str(invitation["Reply-To"]))[1], address)
    assert Game.get_by_id(made.id).status == "active"
    assert {p.email for p in Player.select()} >= {"carl@example.org", "dora@example.org"}


def test_games_by_mail_lists_each_game_going_and_how_to_answer_it(table):
    """`games`: the player's games going, newest first, each with what it waits for; one waiting
    for the player names the address that answers it, as a digest does; one still taking
    players says how many seats are taken."""
    from email.utils import parseaddr

    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    sent = answer(table, turn, "new castle-assault carl@example.org dora@example.org\ngames")
    [reply] = [m for m in sent if str(m["To"]) == "alice@example.org"]
    text = body(reply).replace("\r\n", "\n")
    block = text[text.index("Your games going, the newest first:\n"):].split("\n\n")[0]
    lines = [" ".join(game.split()) for game in re.split(r"\n  (?=\S)", block)]  # (each game with its continuations)
    made = Game.get(Game.ruleset == "castle-assault").id
    listed = lines[1:3]
    assert listed[0] == (f"Game {made} (Castle Assault (Castlecards: ¡Asalto al Castillo!)): waiting for players to "
                         "join, 1 of 3 seats taken."), lines
    address = parseaddr(str(turn["Reply-To"]))[1]  # the turn mail's own: a reply there plays move 0
    assert listed[1] == f"Game {game_id} (Race to 21), move 0: your turn. Answer it by mail to {address}", listed
    answer(table, turn, offered_moves(turn)[0])
    [reply] = answer(table, turn, "games")
    assert f"Game {game_id} (Race to 21), move 1: waiting for bob." in " ".join(body(reply).split())


def test_a_game_made_by_mail_may_have_a_clock(table):
    """`new ... 3 days` gives the game a clock of 3 days per move, as `herald new --days 3`
    does, and the answer says what that means; a clock past 60 days is refused."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "new castle-assault carl@example.org 90 days")
    assert "A clock gives each move 1 to 60 days." in " ".join(body(reply).split())
    sent = answer(table, turn, "new castle-assault carl@example.org, 3 days per move")
    [reply] = [m for m in sent if str(m["To"]) == "alice@example.org"]
    said = " ".join(body(reply).split())
    assert "Each move has 3 days: Herald reminds a player before they run out" in said
    made = Game.get(Game.ruleset == "castle-assault")
    assert (made.players, made.days_per_move) == (2, 3)


def test_a_mailbox_player_finds_and_joins_a_public_game(table):
    """`herald games --open` lists the public games taking players and `herald join 4` takes a
    seat in one; by mail 'join 4' answered 'You already play seat 0 in this game.' Now 'games
    open' lists them and 'join 4', in a reply to any of Herald's mails, takes the first free seat;
    a game by invitation only is refused with the reason."""
    from tests.server.test_mailin import answer, body, started

    game_id, turn, players = started(table)
    [reply] = answer(table, turn, "games open")
    assert "No public game is taking players now." in " ".join(body(reply).split())
    carl = table.api.register("carl")
    public = table.api.call("POST", "/games", carl, json={"ruleset": "castle-assault", "seats": 2, "public": True})
    private = table.api.call("POST", "/games", carl, json={"ruleset": "castle-assault", "seats": 2})
    assert public.status_code == private.status_code == 201
    [reply] = answer(table, turn, "games open")
    said = " ".join(body(reply).split())
    assert f"Game {public.json['id']} (Castle Assault (Castlecards: ¡Asalto al Castillo!)): 0 of 2 seats taken." in said
    assert f"Game {private.json['id']} " not in said and "reply 'join' and a game's number" in said
    [reply] = answer(table, turn, f"join {private.json['id']}\njoin {public.json['id']}")
    said = " ".join(body(reply).split())
    assert "That game is by invitation only; ask its creator for an invite." in said
    assert f"You have seat 0 in game {public.json['id']} (Castle Assault" in said
    assert Seat.get((Seat.game == public.json["id"]) & (Seat.seat == 0)).player_id == players[0]["id"]
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player_id == players[0]["id"]  # the mail's own game
    [reply] = answer(table, turn, "join")
    assert "You already play seat 0 in this game." in body(reply)
