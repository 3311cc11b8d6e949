"""Doors a reply by mail must not open: a seat is played, seen and given away by mail only by
the player who holds it now; an invitation that was replaced takes nothing; a late answer
consents to nothing it did not see; a copy of a command does it once; a player cannot make
Herald mail a stranger without end. Each case was found open by an adversarial review (toy
game, real SMTP both ways)."""
from __future__ import annotations

import smtplib
from email.utils import parseaddr

import pytest

from server.store.models import ChatMessage, Game, Notification, Player, Seat
from tests.server.mailplay import reply_to
from tests.server.test_mailin import answer, body, started


def invited_then_taken(table):
    """alice's game: bob is invited to seat 1 by mail, but dave takes seat 1 with its code and
    is asked to move; returns (game id, bob's invitation, dave's legal moves)."""
    alice, dave = table.api.register("alice"), table.api.register("dave")
    created = table.api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    game_id = created["id"]
    table.api.call("POST", "/games/join", alice, json={"invite": created["invites"][0]["code"]})
    assert table.api.call("POST", f"/games/{game_id}/invitations", alice,
                          json={"email": "bob@example.org", "seat": 1}).status_code == 201
    table.deliver()
    [invitation] = [m for m in table.new_mail() if str(m["To"]) == "bob@example.org"]
    table.api.call("POST", "/games/join", dave, json={"invite": created["invites"][1]["code"]})
    if table.api.game(game_id, alice)["prompted"][0]["seat"] == 0:
        assert table.api.play_first_legal(game_id, [alice, dave]).status_code == 201
    table.deliver()
    table.new_mail()
    return game_id, invitation, [m["text"] for m in table.api.legal(game_id, dave)["moves"]]


def to_me(sent, address: str):
    [mine] = [m for m in sent if str(m["To"]) == address]
    return mine


@pytest.mark.parametrize("said", ["join", "help"])
def test_an_invitation_whose_seat_went_to_someone_else_shows_nothing_of_it(table, said):
    """The invitee's answer neither shows the seat's hand and moves nor carries its move
    address: their Reply-To is their invitation again, which plays nothing."""
    game_id, invitation, daves_moves = invited_then_taken(table)
    bob = to_me(answer(table, invitation, said, sender="bob@example.org"), "bob@example.org")
    text = body(bob)
    assert "Your hand" not in text and "Now you are asked" not in text
    assert not any(move in text for move in daves_moves)
    assert ".j." in str(bob["Reply-To"]) and ".m" not in str(bob["Reply-To"]).split("+")[1]
    before = Game.get_by_id(game_id).version
    with pytest.raises(smtplib.SMTPDataError):  # (signed for bob's address: a From of dave's is refused)
        table.send(reply_to(bob, daves_moves[0], sender="dave@example.org"), parseaddr(str(bob["Reply-To"]))[1],
                   "dave@example.org")
    again = to_me(answer(table, bob, daves_moves[0], sender="bob@example.org"), "bob@example.org")
    assert "this mail is an invitation" in " ".join(body(again).split())
    assert Game.get_by_id(game_id).version == before


def test_a_house_bots_seat_takes_no_mail_whatever_its_from_says(table):
    """A bot's address is one known to all, so a From naming it proves nothing: mail to a seat a
    house bot holds is dropped."""
    game_id, turn, _ = started(table)
    answer(table, turn, "handover bot greedy")
    sent = answer(table, turn, "say hello from the bot\nhandover mallory@example.org", sender="house-bot@localhost")
    assert sent == []
    assert not ChatMessage.select().where((ChatMessage.game == game_id) & (ChatMessage.kind == "talk")).exists()
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).handover is False


def test_the_answer_to_a_handover_shows_nothing_of_the_seat_given_away(table):
    game_id, turn, _ = started(table)
    reply = to_me(answer(table, turn, "handover bot greedy"), "alice@example.org")
    text = body(reply)
    assert "now the greedy house bot's" in text
    assert "Now you are asked" not in text and "Your hand" not in text
    assert reply["Reply-To"] is None and reply["List-Unsubscribe"] is None


def test_a_replaced_handover_invitation_takes_no_seat(table):
    """alice invites carl to take her seat, then dora instead: carl's invitation is dead, by mail
    as by the API; dora's works."""
    game_id, turn, _ = started(table)
    to_carl = to_me(answer(table, turn, "handover carl@example.org"), "carl@example.org")
    to_dora = to_me(answer(table, turn, "handover dora@example.org"), "dora@example.org")
    carl = to_me(answer(table, to_carl, "join", sender="carl@example.org"), "carl@example.org")
    assert "This invitation is no longer valid" in " ".join(body(carl).split())
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player.email == "alice@example.org"
    answer(table, to_dora, "join", sender="dora@example.org")
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player.email == "dora@example.org"


def test_a_seat_is_handed_only_to_someone_not_at_the_table(table):
    """One's own address is refused at once; an opponent's is not looked up (that would confirm a
    guessed address), and the opponent cannot take the seat with the invitation."""
    game_id, turn, _ = started(table)
    reply = to_me(answer(table, turn, "handover alice@example.org"), "alice@example.org")
    assert "That is your own address" in " ".join(body(reply).split())
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).handover is False
    assert not Notification.select().where(Notification.kind == "invite").exists()
    to_bob = to_me(answer(table, turn, "handover bob@example.org"), "bob@example.org")
    refused = to_me(answer(table, to_bob, "join another seat", sender="bob@example.org"), "bob@example.org")
    assert "a seat handed over goes to someone who is not at the table" in " ".join(body(refused).split())
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 0)).player.email == "alice@example.org"


def test_a_player_made_by_a_mail_that_is_not_join_learns_its_token(table):
    alice = table.api.register("alice")
    created = table.api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    table.api.call("POST", "/games/join", alice, json={"invite": created["invites"][0]["code"]})
    table.api.call("POST", f"/games/{created['id']}/invitations", alice, json={"email": "ana@example.org", "seat": 1})
    table.deliver()
    [invitation] = [m for m in table.new_mail() if str(m["To"]) == "ana@example.org"]
    first = to_me(answer(table, invitation, "rules", sender="ana@example.org"), "ana@example.org")
    assert Player.get_or_none(Player.email == "ana@example.org") is not None
    assert "HERALD_TOKEN=" in body(first)
    joined = to_me(answer(table, invitation, "join", sender="ana@example.org"), "ana@example.org")
    assert "HERALD_TOKEN=" not in body(joined)  # (told once)


def test_a_late_undo_yes_consents_to_nothing_it_did_not_see(table):
    """A yes sent to the mail about one proposal does not take back the move a later proposal
    names: it says so, and that proposal stays open."""
    from tests.server.table.helpers import play_until_deck_empty

    players = [table.api.register("alice"), table.api.register("bob")]
    game_id = table.api.start_game(players, options={"target": 60})
    play_until_deck_empty(table.api, game_id, players)
    mover = players[table.api.game(game_id, players[0])["prompted"][0]["seat"]]
    other = players[1 - players.index(mover)]
    assert table.api.play_first_legal(game_id, players).status_code == 201
    assert table.api.call("POST", f"/games/{game_id}/undo", mover).status_code == 201
    table.deliver()
    [asked] = [m for m in table.new_mail() if "asks to take back" in str(m["Subject"])]
    for _ in range(2):
        assert table.api.play_first_legal(game_id, players).status_code == 201
    later = table.api.call("POST", f"/games/{game_id}/undo", mover).json["seq"]
    table.deliver()
    table.new_mail()
    reply = to_me(answer(table, asked, "undo yes", sender=other["email"]), other["email"])
    said = " ".join(body(reply).split())
    assert f"the proposal open now, to take back move {later}, came after it" in said
    assert table.api.call("GET", f"/games/{game_id}/undo", other).json["request"]["status"] == "open"


def test_a_copy_of_a_command_mail_under_another_message_id_does_it_once(table):
    """A relay's copy keeps the mail's sender, To, Date, Subject and text but may get another
    Message-ID: it is the same mail, and says nothing twice."""
    game_id, turn, _ = started(table)
    said = reply_to(turn, "say See you all at the next move")
    rcpt = parseaddr(str(turn["Reply-To"]))[1]
    table.send(said, rcpt, "alice@example.org")
    table.new_mail()
    del said["Message-ID"]
    said["Message-ID"] = "<copy-by-a-relay@example.net>"
    table.send(said, rcpt, "alice@example.org")
    assert table.new_mail() == []
    assert [m.text for m in ChatMessage.select().where(ChatMessage.game == game_id)] == ["See you all at the next move"]


@pytest.mark.parametrize("until", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:00:00-05:00"])
def test_a_vacation_date_off_the_calendar_is_refused_in_words(table, until):
    _game_id, turn, _ = started(table)
    reply = to_me(answer(table, turn, f"vacation {until}"), "alice@example.org")
    assert "That date is out of range." in body(reply)


def test_a_clock_of_too_many_days_is_called_a_clock(table):
    _game_id, turn, _ = started(table)
    reply = to_me(answer(table, turn, "new castle-assault x@example.org 10000 days"), "alice@example.org")
    assert "A clock gives each move 1 to 60 days." in " ".join(body(reply).split())


def test_one_player_cannot_make_herald_mail_a_stranger_without_end(table):
    """Three invitations a day to one address, thirty in all, however asked for: one mail of
    many `new` lines makes the games it may and refuses the rest in words (each line's game
    whole or not at all)."""
    _game_id, turn, players = started(table)
    sent = answer(table, turn, "\n".join(["new castle-assault victim@example.net"] * 5))
    assert len([m for m in sent if str(m["To"]) == "victim@example.net"]) == 3
    said = " ".join(body(to_me(sent, "alice@example.org")).split())
    assert said.count("victim@example.net has had 3 invitations from you in the last 24 hours") == 2
    assert Game.select().count() == 1 + 3
    api = table.api.call("POST", f"/games/{table.api.call('POST', '/games', players[0], json={'ruleset': 'toy-race', 'seats': 2}).json['id']}/invitations",
                         players[0], json={"email": "victim@example.net"})
    assert api.status_code == 429 and api.json["error"]["code"] == "too-many-invitations"


def test_a_registered_player_joins_by_mail_from_their_address_in_any_case(table):
    """Örjan registered as Örjan@example.org; mail readers lower-case the sender: the reply is
    still his, not a new player's (SQLite's LOWER() folds ASCII only)."""
    alice = table.api.register("alice")
    orjan = table.api.register("orjan", "Örjan@example.org")
    created = table.api.call("POST", "/games", alice, json={"ruleset": "toy-race", "seats": 2}).json
    table.api.call("POST", "/games/join", alice, json={"invite": created["invites"][0]["code"]})
    table.api.call("POST", f"/games/{created['id']}/invitations", alice, json={"email": "Örjan@example.org", "seat": 1})
    table.deliver()
    [invitation] = [m for m in table.new_mail() if "example.org" in str(m["To"]) and "rjan" in str(m["To"])]
    table.send(reply_to(invitation, "join", sender="Örjan@example.org"), parseaddr(str(invitation["Reply-To"]))[1],
               "Örjan@example.org")
    table.new_mail()
    assert Seat.get((Seat.game == created["id"]) & (Seat.seat == 1)).player_id == orjan["id"]
    assert Player.select().count() == 2
