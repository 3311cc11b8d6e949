"""Doors the REST API must keep shut, and input it must refuse in words rather than with a 500,
each found open by an adversarial review: a seat being handed over is its holder's alone; a
player who left a game hears no more of it; a broken character, a broken URL or an address
spelt in another case is the client's doing; a private word to nobody goes to nobody."""
from __future__ import annotations

from datetime import datetime

from server.store.models import Notification, Player, Seat, Vacation


def game_of_three(api):
    """dan creates a Castle Assault game and does not sit; ana and ben join it."""
    dan, ana, ben = api.register("dan"), api.register("ana"), api.register("ben")
    created = api.call("POST", "/games", dan, json={"ruleset": "castle-assault", "seats": 2,
                                                    "options": {"first-player": 0}}).json
    for player, invite in zip((ana, ben), created["invites"]):
        assert api.call("POST", "/games/join", player, json={"invite": invite["code"]}).status_code == 200
    return created["id"], dan, ana, ben


def test_the_creator_cannot_seat_a_bot_in_a_seat_being_handed_over(api):
    """A seat being handed over holds its code for the invited player; the game's creator may
    seat bots only at free seats of a game still taking players."""
    game_id, dan, _ana, ben = game_of_three(api)
    assert api.call("POST", f"/games/{game_id}/seats/1/handover", ben,
                    json={"invite": "carl@example.org"}).status_code == 201
    taken = api.call("POST", f"/games/{game_id}/bots", dan, json={"seat": 1, "level": "random"})
    assert taken.status_code == 409 and taken.json["error"]["code"] == "game-not-open"
    assert Seat.get((Seat.game == game_id) & (Seat.seat == 1)).player.name == "ben"


def test_a_player_who_hands_the_seat_over_hears_no_more_of_the_game(api):
    """Their webhook for that game stops: it would tell them every turn, and the seed at the end.
    (ana's hook goes on, so the moves below do speak to hooks.)"""
    game_id, _dan, ana, ben = game_of_three(api)
    hooks = {who["name"]: api.call("POST", "/webhooks", who, json={"url": "http://1.1.1.1/hook", "game": game_id}).json
             for who in (ana, ben)}
    assert api.call("POST", f"/games/{game_id}/seats/1/handover", ben,
                    json={"invite": "carl@example.org"}).status_code == 201
    code = Seat.get((Seat.game == game_id) & (Seat.seat == 1)).invite
    carl = api.register("carl")
    assert api.call("POST", "/games/join", carl, json={"invite": code}).status_code == 200
    for _ in range(12):
        mover = ana if any(p["seat"] == 0 for p in api.game(game_id, ana)["prompted"]) else carl
        legal = api.legal(game_id, mover)
        move = next(m for m in legal["moves"] if not m.get("pattern"))
        assert api.call("PUT", f"/games/{game_id}/moves/{legal['version']}", mover,
                        json={"text": move["text"]}).status_code == 201
    heard = [row.context.get("hook") for row in Notification.select().where(Notification.kind == "webhook")]
    assert hooks["ana"]["id"] in heard and hooks["ben"]["id"] not in heard


def test_a_webhook_url_python_cannot_read_is_refused_in_words(api):
    ana = api.register("ana")
    for url in ("http://[::1", "http://[x]/", "http://a\uff03b.com/"):
        refused = api.call("POST", "/webhooks", ana, json={"url": url})
        assert refused.status_code == 422 and refused.json["error"]["code"] == "bad-url", url


def test_half_a_utf16_pair_is_refused_in_words_wherever_it_is_sent(api):
    """JSON lets `"\\ud800"` through its parser; storing it fails. The client's doing: 422."""
    game_id, _dan, ana, _ben = game_of_three(api)
    for method, path, player, raw in (
            ("POST", f"/games/{game_id}/chat", ana, '{"text": "hi \\ud800"}'),
            ("POST", "/webhooks", ana, '{"url": "http://1.1.1.1/\\ud800"}'),
            ("POST", "/players/recover", None, '{"email": "\\ud800@example.org"}')):
        refused = api.call(method, path, player, data=raw, content_type="application/json")
        assert refused.status_code == 422 and refused.json["error"]["code"] == "broken-text", path
    emoji = api.call("POST", f"/games/{game_id}/chat", ana, data='{"text": "\\ud83d\\ude00"}',
                     content_type="application/json")
    assert emoji.status_code == 201 and emoji.json["text"] == "\U0001F600"  # (a whole pair is a character)


def test_an_address_with_a_capital_beyond_ascii_is_one_address(api):
    """Recovery finds Åsa@example.org when asked for åsa@example.org, on SQLite too (its LOWER()
    folds ASCII only)."""
    api.register("asa", "Åsa@example.org")
    assert api.call("POST", "/players/recover", json={"email": "åsa@example.org"}).status_code == 202
    assert Notification.select().where((Notification.kind == "recover")
                                       & (Notification.email == "Åsa@example.org")).count() == 1
    assert Player.by_email("ÅSA@example.org").first().name == "asa"


def test_a_message_to_an_empty_list_of_seats_goes_to_its_sender_alone(api):
    game_id, _dan, ana, ben = game_of_three(api)
    note = api.call("POST", f"/games/{game_id}/chat", ana, json={"text": "note to self", "to": []})
    assert note.status_code == 201 and note.json["to"] == [0]
    assert [m["text"] for m in api.call("GET", f"/games/{game_id}/chat", ben).json["messages"]] == []
    assert [m["text"] for m in api.call("GET", f"/games/{game_id}/chat", ana).json["messages"]] == ["note to self"]


def test_a_vacation_date_in_any_iso_spelling_ends_at_the_players_midnight(api):
    ana = api.register("ana")
    assert api.call("PATCH", "/players/me", ana, json={"timezone": "Pacific/Kiritimati"}).status_code == 200
    for written in ("2026-12-10", "20261210"):
        taken = api.call("POST", "/players/me/vacation", ana, json={"until": written})
        assert taken.status_code in (200, 201), taken.json
        assert Vacation.select().order_by(Vacation.id.desc()).first().until == datetime(2026, 12, 9, 10, 0), written
        api.call("DELETE", "/players/me/vacation", ana)


def test_an_invitation_goes_only_to_an_address_that_can_receive_mail(api):
    """As registration and handover check it; and a +tag is the same mailbox for the limit,
    whose refusal says when to try again."""
    ana = api.register("ana")
    game_id = api.call("POST", "/games", ana, json={"ruleset": "castle-assault", "seats": 4}).json["id"]
    for address in ("root@localhost", "root@[127.0.0.1]"):
        refused = api.call("POST", f"/games/{game_id}/invitations", ana, json={"email": address})
        assert refused.status_code == 422 and refused.json["error"]["code"] == "bad-email", address
    for tag in range(3):
        assert api.call("POST", f"/games/{game_id}/invitations", ana,
                        json={"email": f"victim+{tag}@example.net"}).status_code == 201
    fourth = api.call("POST", f"/games/{game_id}/invitations", ana, json={"email": "Victim@example.net"})
    assert fourth.status_code == 429 and fourth.json["error"]["code"] == "too-many-invitations"
    assert fourth.headers["Retry-After"] == "86400"


def test_nobody_may_take_the_name_herald_which_signs_its_notes(api):
    for name in ("Herald", "herald", "HERALD"):
        taken = api.client.post("/players", json={"name": name, "email": "x@example.org"})
        assert taken.status_code == 409 and taken.json["error"]["code"] == "name-taken", name
    ana = api.register("ana")
    renamed = api.call("PUT", "/players/me/name", ana, json={"name": "Herald"})
    assert renamed.status_code == 409

