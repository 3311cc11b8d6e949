"""Mail that cannot arrive (issue 26): a house bot is never mailed, and a player's address
that bounces (a 5xx from the relay while sending, or a delivery report coming back to
mail-in) pauses Herald's mail to it and tells the table once. Real SQLite file, real SMTP
relay (aiosmtpd), real mail-in listener."""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from core import games
from core.bots.levels import Budget
from core.rng import Rng
from server.web import playlinks
from server.table.house_bots import HouseBots, house_player
from server.store.models import Game, Notification, Player, Snapshot
from tests.server.mailbox import Collector
from tests.server.mailplay import REPLY_BASE


def seated_game(api, players, ruleset="castle-assault", options=None) -> int:
    return api.start_game(players, ruleset=ruleset, options=options or {"first-player": 0})


def play_random(api, game_id, seats: dict, rng, limit: int, bots: HouseBots | None = None) -> None:
    """Random legal moves for the people (seat -> player); the house bots move between them."""
    engine = games[Game.get_by_id(game_id).ruleset]
    for _ in range(limit):
        game = Game.get_by_id(game_id)
        if game.status != "active":
            return
        people = [p["seat"] for p in game.prompted if p["seat"] in seats]
        if not people:
            assert bots is not None and bots.play_pending(), "nobody can move"
            continue
        seat = people[0]
        state = engine.from_json(json.loads(Snapshot.get(Snapshot.game == game_id).state))
        move = engine.random_move(state, seat, rng)
        response = api.call("PUT", f"/games/{game_id}/moves/{game.version}", seats[seat], json={"move": move})
        assert response.status_code == 201, response.json


def test_a_house_bot_is_never_mailed(table):
    api = table.api
    ana = api.register("ana")
    created = api.call("POST", "/games", ana, json={"ruleset": "castle-assault", "seats": 3, "options": {}})
    game_id = created.json["id"]
    for seat, level in ((1, "random"), (2, "greedy")):
        assert api.call("POST", f"/games/{game_id}/bots", ana, json={"seat": seat, "level": level}).status_code == 200
    assert api.call("POST", "/games/join", ana, json={"invite": created.json["invites"][0]["code"]}).status_code == 200
    play_random(api, game_id, {0: ana}, Rng("bots"), 400, HouseBots(Budget(iterations=20), echo=lambda line: None))
    bots = [house_player("random").id, house_player("greedy").id]
    assert not Notification.select().where(Notification.player.in_(bots)).exists()
    # A row queued for a bot by an older release is never sent either.
    Notification.create(game=game_id, seat=1, player=bots[0], email="house-bot@localhost", kind="turn",
                        version=0, context={"game": game_id, "board": True})
    table.deliver()
    assert not [m for m in table.mailbox.all_messages() if "localhost" in str(m["To"])]
    assert Notification.get(Notification.player == bots[0]).status == "dropped"


class RefusingRelay(Collector):
    """A relay that refuses some recipients for good at RCPT, as for an unknown mailbox."""

    def __init__(self, refused: set[str]):
        super().__init__()
        self.refused = refused

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refused:
            return "550 5.1.1 <%s>: Recipient address rejected: User unknown" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"


def notes(api, game_id, player) -> list[str]:
    return [m["text"] for m in api.call("GET", f"/games/{game_id}/chat", player).json["messages"]
            if m["kind"] == "table"]


def page_text(table, game_id, seat) -> str:
    link = playlinks.url_for_seat(table.config, game_id, seat)
    return table.api.client.get(f"{urlsplit(link).path}?{urlsplit(link).query}").get_data(as_text=True)


def test_a_refused_address_pauses_its_mail_and_tells_the_table_once(table):
    api = table.api
    table.mailbox.stop()
    table.collector = table.mailbox.start(RefusingRelay({"ben@example.org"}))
    ana, ben, cyd = (api.register(name) for name in ("ana", "ben", "cyd"))
    first, second = seated_game(api, [ana, ben, cyd]), seated_game(api, [cyd, ben])
    table.deliver()
    assert Player.get(Player.name == "ben").mail == "bounced"
    assert not [m for m in table.mailbox.all_messages() if "ben@" in str(m["To"])]
    for game_id in (first, second):
        [note] = notes(api, game_id, cyd)
        assert "ben" in note and "bounced" in note
    assert "bounced" in page_text(table, first, 0)  # the game page says it too
    # each reader reads the note in their own language (issue 27: its sentence is stored, m0094)
    assert api.call("PATCH", "/players/me", ana, json={"language": "ru"}).status_code == 200
    assert notes(api, first, ana) == ["Письмо игроку ben вернулось, поэтому Herald больше не шлёт ему писем; "
                                      "играть можно по-прежнему на странице партии или через herald."]
    assert "Письмо игроку ben вернулось" in page_text(table, first, 0)
    assert notes(api, first, cyd) == ["Mail to ben bounced, so Herald has stopped mailing them; "
                                      "they still play on the game page or with herald."]
    # Nothing more is queued for ben, and what was queued before is not sent.
    pending = Notification.select().where((Notification.player == Player.get(Player.name == "ben").id)
                                          & (Notification.status == "pending")).count()
    play_random(api, first, {0: ana, 1: ben, 2: cyd}, Rng("after"), 12)
    assert Notification.select().where((Notification.player == Player.get(Player.name == "ben").id)
                                       & (Notification.status == "pending")).count() <= pending
    table.deliver()
    assert not [m for m in table.mailbox.all_messages() if "ben@" in str(m["To"])]
    assert [len(notes(api, game_id, cyd)) for game_id in (first, second)] == [1, 1]
    # ben resumes his mail: mailed again.
    assert api.call("PATCH", "/players/me", ben, json={"mail": "turns"}).json["mail"] == "turns"


def delivery_report(returned: str, recipient: str, action: str = "failed", report_id: str = "1") -> bytes:
    """A delivery status notification (RFC 3464) as Postfix writes it, `returned` the original's headers."""
    status = "5.1.1" if action == "failed" else "4.4.1"
    return (f"From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\n"
            f"To: herald@play.example.org\r\nSubject: Undelivered Mail Returned to Sender\r\n"
            f"Message-ID: <dsn.{report_id}@mx.example.org>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
            f'Content-Type: multipart/report; report-type=delivery-status; boundary="B"\r\n\r\n'
            f"--B\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"
            f"--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n"
            f"Final-Recipient: rfc822; {recipient}\r\nAction: {action}\r\nStatus: {status}\r\n"
            f"Diagnostic-Code: smtp; 550 {status} User unknown\r\n\r\n"
            f"--B\r\nContent-Type: text/rfc822-headers\r\n\r\n{returned}\r\n--B--\r\n").encode()


def headers_of(message) -> str:
    return "".join(f"{name}: {value}\r\n" for name, value in message.items())


def test_a_delivery_report_to_mail_in_pauses_the_address_once(table):
    api = table.api
    ana, ben = api.register("ana"), api.register("ben")
    game_id = seated_game(api, [ana, ben])
    table.deliver()
    to_ben = next(m for m in table.mailbox.all_messages() if "ben@" in str(m["To"]))
    returned = headers_of(to_ben)
    table.send(delivery_report(returned, "ben@example.org", "delayed", "delayed"), "herald@play.example.org", "")
    tag = str(to_ben["X-Herald-Bounce"])
    altered = tag[:-4] + ("aaaa" if not tag.endswith("aaaa") else "bbbb")
    table.send(delivery_report(returned.replace(tag, altered), "ben@example.org", report_id="forged"),
               "herald@play.example.org", "")
    row_id = tag.partition(".")[0]
    for made_up in ("\u00b2.abc", "99999999999999999999999.abc", f"{row_id}.\u00e4bc"):  # dropped, never a traceback
        table.send(delivery_report(returned.replace(tag, made_up), "ben@example.org", report_id=str(len(made_up))),
                   "herald@play.example.org", "")
    eight_bit = delivery_report(returned, "ben@example.org", report_id="8bit").replace(b"Action: failed",
                                                                                         b"Action: failed\xff")
    table.send(eight_bit, "herald@play.example.org", "")  # (an Action that is not 'failed': nothing paused)
    assert Player.get(Player.name == "ben").mail == "turns"  # a delay, or a made-up report: nothing paused
    for copy in range(2):  # two reports (to either address): one pause, one note
        table.send(delivery_report(returned, "ben@example.org", report_id=str(copy)),
                   REPLY_BASE if copy else "herald@play.example.org", "")
    assert Player.get(Player.name == "ben").mail == "bounced"
    [note] = notes(api, game_id, ana)
    assert "ben" in note and "bounced" in note
