"""Handing over one's own seat (`herald seat GAME N --invite EMAIL | --bot LEVEL`), against a real
server: the invited player takes the seat with the mailed code, the old holder loses it, and
the game's history says so as table events (the move log is untouched)."""
from __future__ import annotations

import re

from core.bots.levels import Budget
from server.ops import admin
from server.table.house_bots import HouseBots
from server.notify.channels.mail import compose
from server.store.models import Game, Move, Notification, Seat
from server.store.verify import verify_game


def mailed_code(game_id: int, email: str) -> str:
    row = (Notification.select().where((Notification.game == game_id) & (Notification.email == email)
                                       & (Notification.kind == "invite")).order_by(Notification.id.desc()).first())
    text = compose(row, {"MAIL_FROM": "h@example.org"}).get_content()
    assert "hands over their seat" in text
    return re.search(r"herald join (\w+)", text).group(1)


def test_cli_a_player_invites_a_successor_who_takes_the_seat(herald, two_player_game):
    game_id, alice, bob = two_player_game
    handed = herald("seat", game_id, 1, "--invite", "carol@example.org", token=bob)
    assert handed.exit_code == 0 and "Invited carol@example.org to take over seat 1" in handed.stdout
    assert herald("show", game_id, token=bob).exit_code == 0  # still bob's until carol joins
    carol = herald.register("carol")
    code = mailed_code(game_id, "carol@example.org")
    assert "Joined game" in herald("join", code, token=carol).stdout
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 1)).player.name == "carol"
    assert herald("show", game_id, token=bob).exit_code != 0  # bob no longer reaches the game
    assert herald("join", code, token=bob).exit_code != 0  # nor takes the seat back with the code
    history = herald("log", game_id, token=alice).stdout
    assert "-- bob invites a new player to take over seat 1." in history
    assert "-- carol takes over seat 1 from bob." in history
    assert Move.select().where(Move.game == game_id).count() == 0  # no move was written
    assert herald.json("show", game_id, token=carol)["my_seat"] == 1  # carol plays on as seat 1
    assert verify_game(Game.get_by_id(game_id)).ok


def test_only_the_holder_hands_a_seat_over_and_only_while_the_game_runs(api, alice_bob, no_bots_game):
    game_id = api.start_game(alice_bob)
    path = f"/games/{game_id}/seats/1/handover"
    other = api.call("POST", path, alice_bob[0], json={"invite": "carol@example.org"})  # alice: not her seat
    assert other.status_code == 403 and other.json["error"]["code"] == "forbidden"
    both = api.call("POST", path, alice_bob[1], json={"invite": "carol@example.org", "bot": "random"})
    assert both.status_code == 422
    bad = api.call("POST", path, alice_bob[1], json={"invite": "not an address"})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "bad-email"
    without_bots = api.start_game(alice_bob, ruleset=no_bots_game.name)
    no_bots = api.call("POST", f"/games/{without_bots}/seats/1/handover", alice_bob[1], json={"bot": "greedy"})
    assert no_bots.status_code == 409 and no_bots.json["error"]["code"] == "no-bots"
    first = api.call("POST", path, alice_bob[1], json={"invite": "carol@example.org"})
    assert first.status_code == 201
    old_code = Seat.get((Seat.game == game_id) & (Seat.seat == 1)).invite
    assert api.call("POST", path, alice_bob[1], json={"invite": "dan@example.org"}).status_code == 201
    carol = api.register("carol")
    stale = api.call("POST", "/games/join", carol, json={"invite": old_code})  # replaced by dan's
    assert stale.status_code == 404
    while Game.get_by_id(game_id).status == "active":
        api.play_first_legal(game_id, alice_bob)
    over = api.call("POST", path, alice_bob[1], json={"invite": "carol@example.org"})
    assert over.status_code == 409 and over.json["error"]["code"] == "game-not-active"


def test_a_seat_goes_only_to_someone_not_at_the_table_and_no_address_is_confirmed(api, alice_bob):
    """The table never shows players' addresses: handing a seat to a guessed address answers the
    same whether or not an opponent has it (no oracle). Such an opponent cannot take the seat,
    even asking for another seat; the giver's own address is refused at once."""
    alice, bob = alice_bob
    game_id = api.start_game(alice_bob)
    path = f"/games/{game_id}/seats/1/handover"
    own = api.call("POST", path, bob, json={"invite": "BOB@example.org"})
    assert own.status_code == 409 and own.json["error"]["code"] == "already-seated"
    opponents = api.call("POST", path, bob, json={"invite": "alice@example.org"})
    strangers = api.call("POST", path, bob, json={"invite": "nobody-here@example.org"})
    assert opponents.status_code == strangers.status_code == 201
    assert set(opponents.json) == set(strangers.json) == {"game", "seat", "invited"}
    again = api.call("POST", path, bob, json={"invite": "alice@example.org"})
    assert again.status_code == 201
    taken = api.call("POST", "/games/join", alice, json={"invite": mailed_code(game_id, "alice@example.org"),
                                                        "another_seat": True})
    assert taken.status_code == 409 and taken.json["error"]["code"] == "already-seated"
    assert "goes to someone who is not at the table" in taken.json["error"]["message"]
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 1)).player.name == "bob"


def test_the_creator_hands_over_an_abandoned_seat(api, alice_bob):
    game_id = api.start_game(alice_bob)
    path = f"/games/{game_id}/seats/1/handover"
    assert api.call("POST", path, alice_bob[0], json={"invite": "carol@example.org"}).status_code == 403
    admin.set_disabled(alice_bob[1]["name"], True)  # the operator disabled bob: his seat is abandoned
    assert api.call("POST", path, alice_bob[0], json={"invite": "carol@example.org"}).status_code == 201


def test_a_seat_given_to_a_house_bot_is_played_by_it(api, alice_bob):
    game_id = api.start_game(alice_bob, "castle-assault")
    asked = Game.get_by_id(game_id).prompted[0]["seat"]
    given = api.call("POST", f"/games/{game_id}/seats/{asked}/handover", alice_bob[asked], json={"bot": "random"})
    assert given.status_code == 201 and given.json["player"] == "[random bot]"
    refused = api.call("PUT", f"/games/{game_id}/moves/0?seat={asked}", alice_bob[asked], json={"text": "draw"})
    assert refused.status_code == 403  # no longer theirs
    assert HouseBots(Budget(), echo=lambda line: None).play_pending() == 1
    assert Move.get(Move.game == game_id).seat == asked
    chat = api.call("GET", f"/games/{game_id}/chat", alice_bob[1 - asked]).json["messages"]
    assert [(m["kind"], m["text"]) for m in chat] == [
        ("table", f"{alice_bob[asked]['name']} hands seat {asked} over to the random house bot.")]
