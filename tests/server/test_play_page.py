"""The game page and its signed seat links: what a link grants (that seat in that game, never
more), revocation, and the move box playing through the ordinary move path."""
from __future__ import annotations

import random
import re
from pathlib import Path
from html import escape as html_escape, unescape as html_unescape
from urllib.parse import urlsplit

import pytest

from server.config import load_config, settings_of
from server.table.seeds import SOURCE
from tests.server.conftest import Api

KEY = "test-secret-key-" + "x" * 20
PAGE = {"Accept": "text/html"}  # a browser's request


@pytest.fixture
def config(tmp_path, game_seeds):
    return {**load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                           "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_SECRET_KEY": KEY,
                           "HERALD_PUBLIC_URL": "https://herald.example.org"}), SOURCE: game_seeds}


@pytest.fixture
def api(client):
    return Api(client)


@pytest.fixture
def game(api):
    players = [api.register("ann"), api.register("ben")]
    return players, api.start_game(players, "castle-assault", {"first-player": 0})


def link_path(api, game_id, player) -> str:
    answer = api.call("GET", f"/games/{game_id}/link", player)
    assert answer.status_code == 200, answer.json
    url = urlsplit(answer.json["url"])
    assert url.netloc == "herald.example.org"
    return f"{url.path}?{url.query}"


def token_of(path: str) -> str:
    return path.split("t=", 1)[1]


def alert(html: str) -> str:
    found = re.search(r'role="alert">(.*?)</p>', html, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""


def test_the_page_shows_my_board_my_question_and_my_legal_moves(api, client, game):
    players, game_id = game
    page = client.get(link_path(api, game_id, players[0]))
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "<svg" in html and 'class="herald-picture"' in html
    assert "you are seat 0 (ann)" in html and 'class="asked"' in html
    for card in api.game(game_id, players[0])["view"]["hand"]:
        assert card in html
    first = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    assert f'value="{first}"' in html
    assert "script-src 'nonce-" in page.headers["Content-Security-Policy"]
    assert page.headers["Cache-Control"] == "private, no-store"


def test_a_link_grants_that_seat_in_that_game_and_nothing_more(api, client, game):
    players, game_id = game
    ann_link = link_path(api, game_id, players[0])
    ben_view = api.game(game_id, players[1])["view"]
    html = client.get(ann_link).get_data(as_text=True)
    words = set(re.findall(r"[A-Za-z0-9]+", html))
    assert not words & set(ben_view["hand"]), "Ann's page shows Ben's hand"
    other_game = api.start_game(players, "castle-assault")
    refused = client.get(f"/play/{other_game}?t={token_of(ann_link)}")
    assert refused.status_code == 403 and "not valid" in refused.get_data(as_text=True)
    # Never an API token: the REST API refuses it.
    assert client.get(f"/games/{game_id}", headers={"Authorization": f"Bearer {token_of(ann_link)}"}).status_code == 401
    tampered = ann_link[:-3] + ("AAA" if not ann_link.endswith("AAA") else "BBB")
    assert client.get(tampered).status_code == 403
    assert client.application.test_client().get(f"/play/{game_id}").status_code == 401  # no link, no cookie


def test_a_withdrawn_games_link_never_opens_the_game_that_takes_its_number(api, client):
    """SQLite gives a withdrawn game's number to the next game: a link names its player, so the
    old one opens nothing there (nor the private talk of that game's seat 0)."""
    from server.ops.admin import cancel_game

    ann, ben, cal = api.register("ann"), api.register("ben"), api.register("cal")
    created = api.call("POST", "/games", ann, json={"ruleset": "castle-assault", "seats": 2}).json
    api.call("POST", "/games/join", ann, json={"invite": created["invites"][0]["code"]})
    old = link_path(api, created["id"], ann)
    cancel_game(created["id"])
    again = api.start_game([cal, ben], "castle-assault", {"first-player": 0})
    assert again == created["id"]  # (the number is given again)
    refused = client.get(old)
    assert refused.status_code == 403 and "you are seat 0" not in refused.get_data(as_text=True)
    assert client.get(link_path(api, again, cal)).status_code == 200


def test_a_link_from_before_links_named_their_player_opens_only_older_games(api, client, game):
    """A link made before m0100 (game, seat, generation) still opens a game created before it,
    and no game created since, whose number a withdrawn game may have had."""
    from datetime import timedelta

    from server.store.models import Game, ServerSetting
    from server.web import playlinks
    from server.config import current_settings

    players, game_id = game
    with client.application.app_context():
        legacy = playlinks._serializer(current_settings(client.application)).dumps([game_id, 0, 0])
    created = Game.get_by_id(game_id).created
    for since, opens in ((created - timedelta(days=1), False), (created + timedelta(days=1), True)):
        ServerSetting.insert(key=playlinks.LEGACY_LINKS_UNTIL, value=since.isoformat()).on_conflict_replace().execute()
        assert (client.get(f"/play/{game_id}?t={legacy}").status_code == 200) is opens


def test_revoking_kills_every_earlier_link_of_that_seat_only(api, client, game):
    players, game_id = game
    old = link_path(api, game_id, players[0])
    ben = link_path(api, game_id, players[1])
    renewed = api.call("POST", f"/games/{game_id}/link/revoke", players[0])
    assert renewed.status_code == 200
    assert client.get(old).status_code == 403
    new = urlsplit(renewed.json["url"])
    assert client.get(f"{new.path}?{new.query}").status_code == 200
    assert client.get(ben).status_code == 200
    stranger = api.register("carl")
    assert api.call("POST", f"/games/{game_id}/link/revoke", stranger).status_code == 403


def test_the_move_box_plays_through_the_move_path(api, client, game):
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    hand = api.game(game_id, players[0])["view"]["hand"]
    illegal = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "text": f"attack 1/C {hand[0]}"})
    assert illegal.status_code == 422
    # CA-ACT-ATTACK-4 (walls stand) or CA-ACT-ATTACK-2 (not an attack card), as the hand falls
    assert re.search(r"\(rule CA-ACT-ATTACK-[24]\)", alert(illegal.get_data(as_text=True)))
    assert f'value="attack 1/C {hand[0]}"' in illegal.get_data(as_text=True)  # the box keeps what I typed
    move = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    played = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "choice": move})
    assert played.status_code == 303 and played.headers["Location"] == f"/play/{game_id}?t={token}&played=0"
    assert api.game(game_id, players[0])["version"] == 1
    again = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "text": "attack 1/W2 V1"})
    assert again.status_code == 409 and "already been made" in alert(again.get_data(as_text=True))
    # The mover's own log (a night attack's text is hidden from the others; the deal decides).
    log = api.call("GET", f"/games/{game_id}/moves", players[0]).json["moves"]
    assert [entry["text"] for entry in log] == [move]


def test_the_cookie_alone_cannot_post_a_move(api, client, game):
    """A form on another site cannot know the link token: the form field is required (CSRF)."""
    players, game_id = game
    client.get(link_path(api, game_id, players[0]))  # sets the cookie
    move = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    forged = client.post(f"/play/{game_id}/move", data={"seq": "0", "text": move})
    assert forged.status_code == 401
    assert api.game(game_id, players[0])["version"] == 0


def test_the_cookie_holding_the_link_is_secure_on_an_https_server(api, client, game):
    """Behind a proxy that ends TLS without saying so (HERALD_PROXIES unset) the request looks
    like http, but the server's public address is https: the cookie, which plays the seat for 90
    days, is still marked Secure, never sent in clear."""
    players, game_id = game
    page = client.get(link_path(api, game_id, players[0]))
    cookie = page.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and f"Path=/play/{game_id}" in cookie


def test_the_page_long_polls_with_its_cookie(api, client, game):
    players, game_id = game
    client.get(link_path(api, game_id, players[1]))
    answer = client.get(f"/play/{game_id}/wait?timeout=0")
    assert answer.status_code == 200
    assert answer.json == {"version": 0, "status": "active", "prompted": False}


def test_the_long_polls_refusal_speaks_the_pages_language(api, client, game):
    """Issue 27: the long-poll's JSON refusal is said as the page would say it (the link's player,
    `?lang=`, the browser's Accept-Language), with Content-Language."""
    players, game_id = game
    missing = client.get(f"/play/{game_id}/wait?timeout=0", headers={"Accept-Language": "hu"})
    assert missing.status_code == 401 and missing.json["error"]["code"] == "link-required"
    assert missing.json["error"]["message"] == "Ezt az oldalt a lépésről szóló legutóbbi leveledben lévő linkkel nyisd meg."
    assert missing.headers["Content-Language"] == "hu" and "Accept-Language" in missing.headers["Vary"]
    forged = client.get(f"/play/{game_id}/wait?timeout=0&t=forged&lang=sv", headers={"Accept-Language": "hu"})
    assert forged.status_code >= 400 and forged.headers["Content-Language"] == "sv"
    english = client.get(f"/play/{game_id}/wait?timeout=0")
    assert english.headers["Content-Language"] == "en"
    assert english.json["error"]["message"] == "Open this page with the link in your newest turn mail."


def test_without_a_secret_key_there_are_no_links(tmp_path, toy_game):
    from server.app import create_app
    from server.store.db import database

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'plain.db'}", "SECRET_KEY": None})
    try:
        api = Api(app.test_client())
        players = [api.register("ann"), api.register("ben")]
        game_id = api.start_game(players)
        answer = api.call("GET", f"/games/{game_id}/link", players[0])
        assert answer.status_code == 503 and answer.json["error"]["code"] == "links-disabled"
        assert api.client.get(f"/play/{game_id}?t=anything").status_code == 503
    finally:
        database.close()


def test_the_page_shows_the_clock_and_my_deadline_with_the_reserve(api, client):
    players = [api.register("ann"), api.register("ben")]
    created = api.call("POST", "/games", players[0], json={"ruleset": "castle-assault", "seats": 2,
                                                           "options": {"first-player": 0}, "days_per_move": 2,
                                                           "reserve_days": 5})
    for player, invite in zip(players, created.json["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    html = client.get(link_path(api, created.json["id"], players[0])).get_data(as_text=True)
    assert "Clock: 2 days per move + 5 days of reserve; at a passed deadline: default." in html
    assert re.search(r"Answer by \w+ \d{1,2} \w+, \d\d:\d\d UTC \(reserve left: 5d 0h\)\.", html)


def test_a_seat_the_operator_hands_over_takes_its_old_holders_links_with_it(api, client, game):
    """The link names the seat, not the player: after `herald server seat` (or a house bot taking
    over) it must not let the old holder act as the new one."""
    from server.ops import admin
    from server.table import house_bots

    players, game_id = game
    carl = api.register("carl")
    old = link_path(api, game_id, players[0])
    admin.hand_over(game_id, 0, "carl")
    assert client.get(old).status_code == 403
    assert client.get(link_path(api, game_id, carl)).status_code == 200
    kept = link_path(api, game_id, players[1])
    house_bots.hand_over(game_id, 1, "random")
    assert client.get(kept).status_code == 403


def test_a_refused_link_speaks_the_language_of_the_player_it_names(api, client, game):
    """A revoked link (or one whose seat was handed over) was refused in the browser's language,
    an English phone's, to a player whose page spoke Swedish: it still names its player, and
    the refusal page, a form's and the page's long-poll speak that player's language. A link
    this server never signed names nobody: the browser's language."""
    from server.ops import admin

    players, game_id = game
    assert api.call("PATCH", "/players/me", players[0], json={"language": "sv"}).status_code == 200
    old = link_path(api, game_id, players[0])
    english = {"Accept-Language": "en", "Accept": "text/html"}
    assert 'lang="sv"' in client.get(old, headers=english).get_data(as_text=True)
    admin.hand_over(game_id, 0, api.register("carl")["name"])
    page = client.get(old, headers=english)
    assert page.status_code == 403 and page.headers["Content-Language"] == "sv"
    html = page.get_data(as_text=True)
    assert '<html lang="sv">' in html and "öppna länken i ditt senaste dragbrev" in html
    posted = client.post(f"/play/{game_id}/move", data={"t": token_of(old), "seq": "0", "text": "pass"}, headers=english)
    assert posted.status_code == 403 and posted.headers["Content-Language"] == "sv"
    polled = client.get(f"/play/{game_id}/wait?timeout=0&t={token_of(old)}", headers={"Accept-Language": "en"})
    assert polled.status_code == 403 and polled.headers["Content-Language"] == "sv"
    assert polled.json["error"] == {"code": "bad-link", "details": {}, "message": (
        "Den här länken till partiet gäller inte (eller inte längre): öppna länken i ditt senaste dragbrev.")}
    forged = client.get(f"/play/{game_id}?t=forged", headers=english)
    assert forged.status_code == 403 and forged.headers["Content-Language"] == "en"


def test_a_new_api_token_revokes_the_links_the_old_one_could_fetch(api, client, game):
    """A stolen API token fetches a page link for every seat of its player: a new token (or a
    recovery code redeemed) must leave the thief none that still plays."""
    from server.store.models import Notification

    players, game_id = game
    stolen = link_path(api, game_id, players[0])
    other = link_path(api, game_id, players[1])
    rotated = api.call("POST", "/players/me/token", players[0])
    assert rotated.status_code == 200
    assert client.get(stolen).status_code == 403
    assert client.get(other).status_code == 200  # (the other player's links stand)
    renewed = link_path(api, game_id, {"token": rotated.json["token"]})
    assert client.get(renewed).status_code == 200
    assert api.call("POST", "/players/recover", json={"email": "ann@example.org"}).status_code == 202
    code = Notification.get(Notification.kind == "recover").context["code"]
    assert api.call("POST", "/players/recover/redeem", json={"code": code}).status_code == 200
    assert client.get(renewed).status_code == 403


def test_a_mail_sent_after_its_seat_changed_hands_opens_nothing(api, client, game, config):
    """A turn mail waits in the outbox (notify runs from a timer, a relay may answer 4xx for
    hours) while its player hands the seat over: sent late, it must not carry a link that opens
    the seat for its old holder, and a turn mail or reminder is not sent at all."""
    from server.notify.channels.mail import deliver_pending
    from server.notify.mailparts import play_url
    from server.store.models import Notification

    players, game_id = game
    turn = Notification.get((Notification.game == game_id) & (Notification.kind == "turn") & (Notification.seat == 0))
    assert play_url(turn, config) is not None
    assert api.call("POST", f"/games/{game_id}/seats/0/handover", players[0], json={"bot": "random"}).status_code == 201
    assert play_url(turn, config) is None  # (every mail to the old holder: its link is made as it is sent)
    report = deliver_pending(config)
    turn = Notification.get_by_id(turn.id)
    assert turn.status == "dropped" and "changed hands" in turn.last_error, report
    mails = [mail.read_text() for mail in Path(settings_of(config).mail_dir).glob("*.eml")]
    assert not any("ann@example.org" in mail and "/play/" in mail for mail in mails)


def test_a_disabled_players_links_are_refused(api, client, game):
    from server.ops import admin

    players, game_id = game
    path = link_path(api, game_id, players[0])
    admin.set_disabled("ann", True)
    refused = client.get(path)
    assert refused.status_code == 403 and "disabled" in refused.get_data(as_text=True)
    admin.set_disabled("ann", False)
    assert client.get(path).status_code == 200


def test_the_game_page_writes_its_deadline_and_log_times_for_its_reader(api, client):
    ann, cat = api.register("ann"), api.register("cat")
    assert api.call("PATCH", "/players/me", ann, json={"timezone": "Europe/Stockholm"}).status_code == 200
    created = api.call("POST", "/games", ann, json={"ruleset": "toy-race", "seats": 2, "days_per_move": 2}).json
    for player, invite in zip((ann, cat), created["invites"]):
        api.call("POST", "/games/join", player, json={"invite": invite["code"]})
    game_id = created["id"]
    api.play_first_legal(game_id, [ann, cat])
    page = client.get(link_path(api, game_id, cat)).get_data(as_text=True)
    assert "Times are in UTC." in page and re.search(r"Answer by \w+ \d{1,2} \w+, \d\d:\d\d UTC\.", page)
    page = client.get(link_path(api, game_id, ann)).get_data(as_text=True)
    assert "Times are in Europe/Stockholm." in page
    assert re.search(r'<time datetime="[^"]+Z">\d{1,2} \w{3}, \d\d:\d\d</time>', page), page


def test_the_logs_events_read_as_sentences(api, client):
    """A move's events follow it as the sentences they are, one after another (the CLI and the
    mails put one a line): never glued with a semicolon after a full stop."""
    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, "wizards-quest")
    for seq in range(20):  # the setup: once the castles are taken the orcs camp, a sentence a duchy
        mover = next(p for seat, p in enumerate(players)
                     if any(q["seat"] == seat for q in api.game(game_id, p)["prompted"]))
        move = api.legal(game_id, mover)["moves"][0]["move"]
        answer = api.call("PUT", f"/games/{game_id}/moves/{seq}", mover, json={"move": move}).json
        if len(answer["events"]) > 1:
            break
    events = answer["events"]
    assert len(events) > 1 and all(e.endswith((".", "!")) for e in events)
    html = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    shown = re.search(rf'<li value="{seq}">.*?<span class="events"[^>]*> &mdash; (.*?)</span>', html, re.S)
    assert shown and shown.group(1) == " ".join(html_escape(e) for e in events)


def form_action(html: str, form_id: str) -> str:
    found = re.search(rf'<form[^>]*id="{form_id}"[^>]*action="([^"]*)"', html)
    assert found, form_id
    return found.group(1).replace("&amp;", "&")


def test_a_refusal_by_the_rules_speaks_the_pages_language_as_the_api_does(api, client, game):
    """A rule's refusal and a move the notation cannot read are said in the page's language, as
    the REST API says them to the same player (server/api/error_handlers.py), rule ID and all."""
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    hand = api.game(game_id, players[0])["view"]["hand"]
    moves = ("fly away", f"attack 1/C {hand[0]}")  # the notation's refusal, then a rule's
    english = {typed: api.call("PUT", f"/games/{game_id}/moves/0", players[0], json={"text": typed}).json["error"]
               for typed in moves}
    assert api.call("PATCH", "/players/me", players[0], json={"language": "es"}).status_code == 200
    for typed in moves:
        refused = api.call("PUT", f"/games/{game_id}/moves/0", players[0], json={"text": typed})
        assert refused.status_code == 422 and refused.headers["Content-Language"] == "es"
        said = refused.json["error"]
        assert said["message"] != english[typed]["message"], typed  # Spanish, not the English
        page = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "text": typed})
        html = page.get_data(as_text=True)
        assert page.status_code == 422 and '<html lang="es">' in html
        rule = f" (regla {said['rule']})" if said.get("rule") else ""
        assert html_unescape(alert(html)) == said["message"] + rule, typed
        assert re.search(r'class="error" id="move-error" lang="es"', html)
        assert f'value="{typed}"' in html  # the box keeps what I typed


def test_the_page_says_whom_it_waits_for_and_not_their_question(api, client, game):
    """Another seat's question is written to that seat ("Your turn: ..."): my page names only
    the player it waits for."""
    players, game_id = game
    asked = api.game(game_id, players[0])["prompted"][0]["text"]
    html = client.get(link_path(api, game_id, players[1])).get_data(as_text=True)
    shown = re.search(r'<p id="asked">(.*?)</p>', html, re.S).group(1)
    assert shown == "Nothing right now. Waiting for: ann"
    assert asked not in html and "Your turn" not in html
    dutch = client.get(link_path(api, game_id, players[1]) + "&lang=nl").get_data(as_text=True)
    assert re.search(r'<p id="asked">(.*?)</p>', dutch, re.S).group(1) == "Op dit moment niets. Wachten op: ann"


def test_the_language_the_address_chose_stays_through_the_forms(api, client, game):
    """`?lang=` chose the page's language: a refused move, the redirect after a move and a refused
    language keep it (the forms post to addresses that carry it)."""
    players, game_id = game
    assert api.call("PATCH", "/players/me", players[0], json={"language": "sv"}).status_code == 200
    link = link_path(api, game_id, players[0])
    token = token_of(link)
    html = client.get(link + "&lang=en").get_data(as_text=True)
    assert '<html lang="en">' in html
    move_to, language_to = form_action(html, "move-form"), form_action(html, "language-form")
    assert move_to == f"/play/{game_id}/move?lang=en" and language_to == f"/play/{game_id}/language?lang=en"
    refused = client.post(move_to, data={"t": token, "seq": "0", "text": "fly away"})
    assert refused.status_code == 422 and '<html lang="en">' in refused.get_data(as_text=True)
    assert form_action(refused.get_data(as_text=True), "move-form") == move_to
    unknown = client.post(language_to, data={"t": token, "language": "klingon"})
    assert unknown.status_code == 422 and '<html lang="en">' in unknown.get_data(as_text=True)
    move = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    played = client.post(move_to, data={"t": token, "seq": "0", "choice": move})
    assert played.status_code == 303
    after = urlsplit(played.headers["Location"])
    assert after.path == f"/play/{game_id}" and "lang=en" in after.query.split("&")
    assert '<html lang="en">' in client.get(played.headers["Location"]).get_data(as_text=True)
    # The language form chooses the player's setting: back on the page it is that language, not ?lang=.
    chosen = client.post(language_to, data={"t": token, "language": "nl"})
    assert chosen.status_code == 303 and "lang=" not in chosen.headers["Location"]
    assert '<html lang="nl">' in client.get(chosen.headers["Location"]).get_data(as_text=True)


def test_a_form_address_opened_in_the_browser_goes_back_to_the_page(api, client, game):
    """After a refused move the address bar shows /play/{id}/move: opening it (GET) leads back to
    the page, keeping `?lang=`, never to a JSON error; an address under /play that names no game
    answers a browser with a page too."""
    players, game_id = game
    client.get(link_path(api, game_id, players[0]))  # the page's cookie
    for form in ("move", "language"):
        back = client.get(f"/play/{game_id}/{form}?lang=sv", headers={"Accept": "text/html"})
        assert back.status_code == 303 and back.headers["Location"] == f"/play/{game_id}?lang=sv", form
        assert client.get(f"/play/{game_id}/{form}").headers["Location"] == f"/play/{game_id}"
        stranger = client.application.test_client().get(f"/play/{game_id}/{form}", headers={"Accept": "text/html"})
        assert stranger.status_code == 401 and stranger.mimetype == "text/html", form  # no link: the refusal page
    for path in ("/play/abc", f"/play/{game_id}/nothing"):
        missing = client.get(path, headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8",
                                             "Accept-Language": "sv"})
        html = missing.get_data(as_text=True)
        assert missing.status_code == 404 and missing.mimetype == "text/html", path
        assert '<html lang="sv">' in html and "Det finns ingenting på den här adressen." in html
        assert missing.headers["Content-Language"] == "sv"
        assert "default-src 'none'" in missing.headers["Content-Security-Policy"]
    script = client.get("/play/abc", headers={"Accept": "application/json"})
    assert script.status_code == 404 and script.json["error"]["code"] == "not-found"


def test_a_move_from_a_browser_without_cookies_lands_on_the_page(api, client, game):
    """The redirect after a move (and after choosing a language) carries the link the form posted,
    so a browser that keeps no cookie sees the page, not `link-required`."""
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    browser = client.application.test_client(use_cookies=False)
    move = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    played = browser.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "choice": move})
    assert played.status_code == 303
    assert urlsplit(played.headers["Location"]).path == f"/play/{game_id}"
    page = browser.get(played.headers["Location"])
    assert page.status_code == 200 and '<span id="version">1</span>' in page.get_data(as_text=True)
    chosen = browser.post(f"/play/{game_id}/language", data={"t": token, "language": "sv"})
    assert chosen.status_code == 303 and browser.get(chosen.headers["Location"]).status_code == 200


def test_a_seat_that_resigned_gets_no_move_box(api, client):
    """A seat out of a game that goes on (it resigned) can no longer move: its page shows the
    board and the log, without the move box and the standing orders the engine still lists."""
    players = [api.register("ann"), api.register("ben"), api.register("cy")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    resigned = api.call("PUT", f"/games/{game_id}/moves/0", players[2], json={"text": "resign"})
    assert resigned.status_code == 201 and api.game(game_id, players[0])["status"] == "active"
    assert api.legal(game_id, players[2])["moves"]  # the engine still lists standing orders
    html = client.get(link_path(api, game_id, players[2])).get_data(as_text=True)
    assert 'id="move-form"' not in html and 'id="legal"' not in html and 'value="standing' not in html
    assert "<svg" in html and "cy resigns." in html
    assert re.search(r'<p id="status">.*<strong id="out">You resigned</strong>', html, re.S)
    assert 'id="move-form"' in client.get(link_path(api, game_id, players[1])).get_data(as_text=True)
    token = token_of(link_path(api, game_id, players[2]))
    refused = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "1", "text": "pass"})
    assert 'id="move-form"' not in refused.get_data(as_text=True)


def test_the_refusal_page_names_itself_and_sends_a_browser_to_its_mail(api, client, game):
    """The refusal page's title is a sentence, not its code; a bad link sends the player to the
    link in their newest turn mail, not to a command a browser-only player cannot run."""
    players, game_id = game
    refused = client.get(f"/play/{game_id}?t=forged")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 403 and '<code lang="en" translate="no">bad-link</code>' in html
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert title == "This page cannot be shown - Herald"
    assert "herald link" not in html and "newest turn mail" in html and "not valid" in html
    swedish = client.get(f"/play/{game_id}?t=forged", headers={"Accept-Language": "sv"}).get_data(as_text=True)
    assert re.search(r"<title>(.*?)</title>", swedish).group(1) == "Sidan kan inte visas - Herald"


@pytest.mark.rule("CA-MULTI-8")
def test_a_seat_knocked_out_with_nothing_left_gets_no_move_box(api, client):
    """A seat whose castle fell and who has no card left can never act again (it draws none,
    CA-MULTI-8, and gives and joins only with cards, CA-MULTI-9, CA-MULTI-10): the engine says
    it is out, so its page shows no move box, as for a seat that resigned."""
    players = [api.register("ann"), api.register("ben"), api.register("cy")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    pick = random.Random(5)
    for _ in range(400):
        seen = api.game(game_id, players[0])
        view = seen["view"]
        out = [s for s, fort in enumerate(view["fortresses"])
               if not fort["castle"] and not view["hand_sizes"][s] and not view["loot_sizes"][s]]
        if out or seen["status"] != "active":
            break
        mover = next(players[s] for s in range(3)  # (a seat sees only its own prompt in a window)
                     if any(p["seat"] == s for p in api.game(game_id, players[s])["prompted"]))
        legal = api.legal(game_id, mover)
        chosen = pick.choice([m for m in legal["moves"] if "move" in m and m["move"].get("type") != "resign"])
        played = api.call("PUT", f"/games/{game_id}/moves/{legal['version']}", mover, json={"move": chosen["move"]})
        assert played.status_code == 201, played.json
    assert out and seen["status"] == "active", "no seat was knocked out with nothing left"
    html = client.get(link_path(api, game_id, players[out[0]])).get_data(as_text=True)
    assert 'id="move-form"' not in html and "<svg" in html
    assert re.search(r'<p id="status">.*<strong id="out">You are out of this game</strong>', html, re.S)
    still_in = next(s for s in range(3) if view["fortresses"][s]["castle"])
    assert 'id="move-form"' in client.get(link_path(api, game_id, players[still_in])).get_data(as_text=True)


# --- for a screen reader, a keyboard and a phone (the accessibility explorer's report) -------------


def element(html: str, pattern: str) -> str:
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(0)


def test_the_board_is_also_there_as_text_in_the_pages_language(api, client, game):
    """The picture is an image with a short name: the board as text (GET /games/{id}/render for
    the seat, said in the page's language) stands beside it, and the picture points to it."""
    players, game_id = game
    link = link_path(api, game_id, players[0])
    english = api.call("GET", f"/games/{game_id}/render", players[0]).json["text"]
    html = client.get(link).get_data(as_text=True)
    svg = element(html, r"<svg[^>]*>")
    assert 'role="img"' in svg and 'aria-describedby="board-text"' in svg
    shown = re.search(r'<details class="board-text"><summary>The board as text</summary>\s*'
                      r'<pre id="board-text" tabindex="0" lang="en">(.*?)</pre>', html, re.S)
    assert shown and html_unescape(shown.group(1)) == english
    assert api.game(game_id, players[0])["view"]["hand"][0] in english  # my hand is in it
    assert api.call("PATCH", "/players/me", players[0], json={"language": "sv"}).status_code == 200
    swedish = api.call("GET", f"/games/{game_id}/render", players[0]).json["text"]
    assert swedish != english
    html = client.get(link).get_data(as_text=True)
    shown = re.search(r'<pre id="board-text" tabindex="0" lang="sv">(.*?)</pre>', html, re.S)
    assert shown and html_unescape(shown.group(1)) == swedish


def test_the_title_says_when_it_is_my_turn(api, client, game):
    players, game_id = game
    mine = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    assert re.search(r"<title>\(Your turn\) Game \d+: Castle Assault[^<]* - Herald</title>", mine)
    theirs = client.get(link_path(api, game_id, players[1])).get_data(as_text=True)
    assert re.search(r"<title>Game \d+: Castle Assault[^<]* - Herald</title>", theirs)


def test_the_page_has_live_regions_for_what_changes(api, client, game):
    """The script says after a reload what changed (#announce), and the "moved on" notice is
    unhidden inside a polite live region: both exist, empty or hidden, when the page loads."""
    players, game_id = game
    html = client.get(link_path(api, game_id, players[1])).get_data(as_text=True)
    assert '<div id="announce" class="announce" role="status"></div>' in html
    assert re.search(r'<div role="status"><p id="moved" class="notice" hidden><a id="moved-link"', html)
    # The sentences the script says, in the page's language (here: whom the game waits for).
    assert re.search(r'<template id="news-now"><p>Waiting for: ann</p></template>', html)
    mine = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    assert '<template id="news-now"><p>It is your turn.</p></template>' in mine
    assert re.search(r'<template id="news-played"><p>Played move <span class="seq"></span>: '
                     r'<code class="move" lang="en" translate="no"></code></p></template>', mine)


def test_a_refused_move_puts_the_focus_back_in_the_box(api, client, game):
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    refused = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "text": "fly away"})
    box = element(refused.get_data(as_text=True), r'<input type="text" id="move-text"[^>]*>')
    assert "autofocus" in box and 'aria-invalid="true"' in box and 'aria-describedby="move-error"' in box
    assert "autofocus" not in client.get(link_path(api, game_id, players[0])).get_data(as_text=True)


def test_the_log_scrolls_by_keyboard_and_is_named_by_its_heading(api, client, game):
    players, game_id = game
    html = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    assert '<h2 id="log-heading">Log</h2>' in html
    assert '<ol class="log" id="log" reversed tabindex="0" aria-labelledby="log-heading">' in html


def test_resigning_is_its_own_form_that_asks_to_be_confirmed(api, client):
    """`resign` is never one of the move buttons (one click and the game is lost), nor taken from
    the move box: it is a small form of its own whose box "Yes, I resign" must be ticked."""
    players = [api.register("ann"), api.register("ben"), api.register("cy")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    html = client.get(link_path(api, game_id, players[2])).get_data(as_text=True)
    assert 'value="resign"' not in element(html, r'<ul class="legal".*?</ul>')
    assert 'value="resign"' not in element(html, r"<datalist.*?</datalist>")
    box = element(html, r'<input type="text" id="move-text"[^>]*>')
    assert 'pattern="(?!\\s*[Rr][Ee][Ss][Ii][Gg][Nn]\\s*$).*"' in box
    assert 'title="To resign, use the Resign form below."' in box
    form = element(html, r'<form class="resign" id="resign-form".*?</form>')
    assert f'action="/play/{game_id}/move"' in form and '<input type="hidden" name="text" value="resign">' in form
    assert re.search(r'<input type="checkbox" id="resign-confirm" name="confirm" value="yes" required>\s*'
                     r'<label for="resign-confirm">Yes, I resign: I leave this game for good.</label>', form)
    assert 'id="move-form"' not in form and "form=" not in form
    fields = dict(re.findall(r'<input type="(?:hidden|checkbox)" (?:id="[^"]*" )?name="([^"]+)" value="([^"]*)"', form))
    unticked = client.post(f"/play/{game_id}/move", data={k: v for k, v in fields.items() if k != "confirm"})
    assert unticked.status_code == 422 and "To resign, use the Resign form below." in alert(unticked.get_data(as_text=True))
    assert api.game(game_id, players[0])["version"] == 0  # the server asks for the tick too, not only the browser
    resigned = client.post(f"/play/{game_id}/move", data=fields)
    assert resigned.status_code == 303
    assert api.game(game_id, players[0])["status"] == "active"
    html = client.get(link_path(api, game_id, players[2])).get_data(as_text=True)
    assert 'id="resign-form"' not in html and 'id="move-form"' not in html
    # The page says so in words, not only in the picture.
    assert re.search(r'<p id="status">.*<strong id="out">You resigned</strong>', html, re.S)


def test_a_skip_link_leads_past_the_board_to_the_move_box(api, client, game):
    players, game_id = game
    html = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    body = html.split("<body>", 1)[1]
    first = re.search(r"<(a|button|input|select|summary)\b[^>]*>", body).group(0)
    assert first == '<a class="skip" href="#move-text">' and 'id="move-text"' in body
    assert "@media (max-width: 61.99rem) { a.skip { position: static; } }" in html  # shown on a phone


def test_the_notation_on_a_translated_page_is_marked_english(api, client):
    """Moves are written in English notation in every language: the page says so to a screen
    reader (lang="en"), or it reads `attack` with Swedish or Dutch sounds. A move pattern's
    placeholders are said in the page's language and read as it."""
    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, "medieval-mastery")
    mover = next(p for s, p in enumerate(players) if any(q["seat"] == s for q in api.game(game_id, p)["prompted"]))
    html = client.get(link_path(api, game_id, mover) + "&lang=nl").get_data(as_text=True)
    assert '<html lang="nl">' in html
    buttons = re.findall(r'<button type="submit" form="move-form"[^>]*>', html)
    assert buttons and all('lang="en" translate="no"' in b for b in buttons)
    assert '<datalist id="legal-texts" lang="en" translate="no">' in html
    api.play_first_legal(game_id, players)
    html = client.get(link_path(api, game_id, mover) + "&lang=sv").get_data(as_text=True)
    assert re.search(r'<strong>[^<]+</strong>: <code lang="en" translate="no">', html)  # the log's moves
    castle = api.start_game(players, "castle-assault", {"first-player": 0})
    html = client.get(link_path(api, castle, players[0]) + "&lang=nl").get_data(as_text=True)
    assert ('<span class="pattern"><span lang="en" translate="no">attack &lt;</span>plaats<span lang="en" translate="no">&gt;/&lt;C|W1..|</span>'
            'geplaatste kaart<span lang="en" translate="no">&gt; &lt;</span>kaart<span lang="en" translate="no">&gt; [&lt;</span>kaart'
            '<span lang="en" translate="no">&gt;...]</span></span>') in html


def test_the_game_pages_notation_is_left_untranslated_in_every_language(api, client):
    """A browser's page translator turned the notation into words that no longer parse (a
    Swedish `avancera` for `advance`): every move, pattern and code on the game page and its
    refusal page is English and not for translating, in each of the six languages."""
    from server.web.i18n import languages

    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    line = next(m["text"] for m in api.legal(game_id, players[0])["moves"] if not m.get("pattern"))
    assert api.call("PUT", f"/games/{game_id}/moves/0", players[0], json={"text": line}).status_code < 300
    mover = next(p for s, p in enumerate(players) if any(q["seat"] == s for q in api.game(game_id, p)["prompted"]))
    for language in languages.NAMES:
        html = client.get(link_path(api, game_id, mover) + f"&lang={language}").get_data(as_text=True)
        marked = re.findall(r'<(?:code|button|datalist|span)\b(?![^>]*class="events")[^>]*\blang="en"[^>]*>', html)
        assert re.findall(r"<code\b[^>]*>", html) and 'class="pattern"' in html and 'name="choice"' in html
        assert all('translate="no"' in tag for tag in marked), (language, [t for t in marked if "translate" not in t])
        assert all('lang="en" translate="no"' in tag for tag in re.findall(r"<code\b[^>]*>", html)), language
        refused = client.get(f"/play/{game_id}?t=forged&lang={language}").get_data(as_text=True)
        assert '<code lang="en" translate="no">bad-link</code>' in refused, language


def test_the_rules_links_name_says_it_opens_a_new_tab(api, client, game):
    players, game_id = game
    html = client.get(link_path(api, game_id, players[0])).get_data(as_text=True)
    assert re.search(r'<a id="rules-link" href="[^"]+" target="_blank" rel="noopener">How to play Castle Assault[^<]* '
                     r'\(the rules, in a new tab\)</a>', html)


def test_the_refusal_page_has_a_main_part_and_keeps_its_code_small(api, client, game):
    players, game_id = game
    refused = client.application.test_client().get(f"/play/{game_id}")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 401
    main = element(html, r"<main[^>]*>.*</main>")
    assert 'data-code="link-required"' in main and "<h1>" in main and 'id="refusal"' in main
    assert re.search(r'<p class="code">\(code: <code lang="en" translate="no">link-required</code>\)</p>', main)
    assert main.index('id="refusal"') < main.index("link-required</code>")


def test_a_page_opened_without_its_link_sends_a_browser_to_its_mail(api, client, game):
    """A game page opened without its link (no `?t=`, no cookie: another browser, a cookie gone
    after 90 days) told a player who has only a browser to run 'herald link GAME': like a bad
    link's, its refusal sends them to the link in their newest turn mail, in their language."""
    _, game_id = game
    fresh = client.application.test_client()
    for path in (f"/play/{game_id}", f"/play/{game_id}/move"):
        html = fresh.get(path, headers={"Accept-Language": "es"}).get_data(as_text=True)
        assert "herald link" not in html
        assert "Abre esta página con el enlace de tu correo de turno más reciente." in html


def test_a_played_move_is_said_on_the_page_without_a_script(api, client):
    """The live region said 'Played move N: ...' only through the page's script: a browser without
    scripts (or a screen reader's simple mode) heard nothing after its move. The redirect names the
    move played, and the page says it itself, in its status region."""
    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players)
    mover = players[api.game(game_id, players[0])["prompted"][0]["seat"]]
    path = link_path(api, game_id, mover)
    move = next(m["text"] for m in api.legal(game_id, mover)["moves"] if not m.get("pattern"))
    played = client.post(f"/play/{game_id}/move", data={"t": token_of(path), "seq": "0", "text": move})
    assert played.status_code == 303 and "played=0" in played.headers["Location"]
    html = client.get(played.headers["Location"]).get_data(as_text=True)
    status = element(html, r'<div id="announce".*?</div>')
    assert f'<p id="played-now">Played move 0: <code lang="en" translate="no">{move}</code></p>' in status, status
    other = client.get(f"{played.headers['Location'].split('&played=')[0]}&played=7").get_data(as_text=True)
    assert 'id="played-now"' not in other  # a seq it did not play says nothing


def test_a_refusal_with_no_box_beside_it_is_still_said(api, client):
    """A language the server does not speak, or a move sent to a game that is over, is said on
    the page, each beside its own form or at the top: never dropped, never on the move box."""
    from server.ops.admin import cancel_game

    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    path = link_path(api, game_id, players[0])
    wrong = client.post(f"/play/{game_id}/language", data={"t": token_of(path), "language": "klingon"})
    html = wrong.get_data(as_text=True)
    assert wrong.status_code == 422 and 'id="language-error"' in html and 'aria-invalid="true" aria-describedby="language-error"' in html
    assert 'aria-describedby="move-error"' not in html
    cancel_game(game_id)
    late = client.post(f"/play/{game_id}/move", data={"t": token_of(path), "seq": "0", "text": "pass"})
    assert late.status_code == 409 and alert(late.get_data(as_text=True))


def test_whatever_refuses_a_pages_form_answers_a_browser_with_a_page(api, client, game):
    """Whatever refuses a page's form (here a body over the server's limit), a browser gets the
    refusal page, not JSON."""
    players, game_id = game
    path = link_path(api, game_id, players[0])
    huge = client.post(f"/play/{game_id}/chat", data={"t": token_of(path), "text": "x" * (2 * 1024 * 1024)},
                       headers={"Accept": "text/html"})
    assert huge.status_code == 413 and huge.mimetype == "text/html"



@pytest.fixture
def impatient(config, toy_game, monkeypatch):
    """The app with a database that gives up on a lock within a fifth of a second (15 s in
    service), and a way to hold that lock from another connection: a busy server in a test."""
    import sqlite3
    from contextlib import contextmanager

    from server.app import create_app
    from server.ops.command_base import sqlite_path
    from server.store import db

    monkeypatch.setitem(db.SQLITE_PRAGMAS, "busy_timeout", 200)
    app = create_app(config)

    @contextmanager
    def locked():
        holder = sqlite3.connect(sqlite_path(config["DATABASE_URL"]), isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # (WAL: readers read on, writers wait)
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()

    yield app.test_client(), locked
    db.database.close()


def test_a_busy_server_keeps_what_was_typed_and_leads_back_to_the_game(impatient):
    """A player who typed a long message or move and met a busy server (503) lost it: the
    refusal page showed neither the text nor a way back. Where the request's own link granted
    the seat, the page shows it (escaped) in a form that sends it again, with the form's move
    number or key (played or said once), and links back to the game."""
    client, locked = impatient
    api = Api(client)
    players = [api.register("ann"), api.register("ben")]
    game_id = api.start_game(players, "castle-assault", {"first-player": 0})
    token = token_of(link_path(api, game_id, players[0]))
    words = "Shall we <b>trade</b> & talk?\n" + "A long thought. " * 40
    with locked():
        said = client.post(f"/play/{game_id}/chat?lang=sv", data={"t": token, "text": words, "to": "1",
                                                                  "key": "k" * 16}, headers=PAGE)
        played = client.post(f"/play/{game_id}/move", data={"t": token, "seq": "0", "text": "advance S03 S04 2"},
                             headers=PAGE)
    html = said.get_data(as_text=True)
    assert said.status_code == 503 and said.mimetype == "text/html" and 'data-code="busy"' in html
    form = element(html, r'<form class="typed" id="typed-form".*?</form>')
    assert f'action="/play/{game_id}/chat?lang=sv"' in form and f'name="t" value="{token}"' in form
    assert 'name="key" value="kkkkkkkkkkkkkkkk"' in form and 'name="to" value="1"' in form
    assert f'name="text" rows="4" maxlength="1000" translate="no">{html_escape(words, quote=False)}</textarea>' in form
    assert "<b>" not in form
    assert f'<a id="back-to-game" href="/play/{game_id}?t={token}&amp;lang=sv">' in html
    move = played.get_data(as_text=True)
    assert played.status_code == 503 and f'action="/play/{game_id}/move"' in move and 'name="seq" value="0"' in move
    assert '<textarea id="typed" class="move" name="text" rows="2" spellcheck="false" lang="en" translate="no">' \
           'advance S03 S04 2</textarea>' in move
    sent_again = client.post(f"/play/{game_id}/chat?lang=sv", data={"t": token, "text": words, "to": "1",
                                                                     "key": "k" * 16})
    assert sent_again.status_code == 303  # the box's form, once the server is free again
    assert [m["text"] for m in api.call("GET", f"/games/{game_id}/chat", players[1]).json["messages"]] == [words.strip()]


def test_a_refusal_without_a_valid_link_shows_nothing_typed_and_points_to_the_mail(api, client, game):
    """A dead link (forged, revoked, another game's) grants nothing: its refusal shows neither
    what was sent nor a link that plays a seat, says so plainly and leads to where the turn
    mail's link is, in the page's language."""
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    other = api.start_game(players, "castle-assault", {"first-player": 0})
    for path, data in ((f"/play/{other}/chat", {"t": token, "text": "a secret plan"}),
                       (f"/play/{game_id}/move", {"t": "forged", "seq": "0", "text": "a secret plan"})):
        refused = client.post(path, data=data, headers={**PAGE, "Accept-Language": "es"})
        html = refused.get_data(as_text=True)
        assert refused.status_code == 403 and "secret plan" not in html and token not in html
        assert 'id="typed-form"' not in html and 'id="back-to-game"' not in html
        assert 'id="no-way-back"' in html and '<a id="turn-mail-help" href="/?lang=es#your-turn">' in html
    opened = client.application.test_client().get(f"/play/{game_id}").get_data(as_text=True)
    assert 'id="no-way-back"' not in opened and 'id="turn-mail-help"' in opened  # its sentence says it already
    front = client.get("/?lang=es", headers={"Accept": "text/html"}).get_data(as_text=True)
    assert '<li id="your-turn">' in front


def test_a_body_too_large_is_not_read_again_and_its_page_leads_back(api, client, game):
    """A talk form refused for its size (413) is never read, not even for its link: the
    refusal page says it cannot show what was sent, and leads back to the game where the
    page's cookie grants the seat; without it, to where the turn mail's link is."""
    players, game_id = game
    token = token_of(link_path(api, game_id, players[0]))
    app = client.application
    read = []
    inner = app.wsgi_app

    def counting(environ, start_response):
        stream = environ["wsgi.input"]

        class Counted:
            def read(self, *args):
                data = stream.read(*args)
                read.append(len(data))
                return data

            def readline(self, *args):
                data = stream.readline(*args)
                read.append(len(data))
                return data

        environ["wsgi.input"] = Counted()
        return inner(environ, start_response)

    app.wsgi_app = counting
    body = {"t": token, "text": "x" * (2 * 1024 * 1024)}
    stranger = app.test_client().post(f"/play/{game_id}/chat", data=body, headers=PAGE)
    client.set_cookie("herald_play", token, path=f"/play/{game_id}")
    mine = client.post(f"/play/{game_id}/chat", data=body, headers=PAGE)
    assert sum(read) == 0
    html = stranger.get_data(as_text=True)
    assert stranger.status_code == 413 and 'id="no-way-back"' in html and token not in html
    html = mine.get_data(as_text=True)
    assert mine.status_code == 413 and 'id="typed-lost"' in html and 'id="typed-form"' not in html
    assert f'<a id="back-to-game" href="/play/{game_id}?t={token}">' in html
    client.post(f"/play/{game_id}/chat", data={"t": token, "text": "hello"}, headers=PAGE)
    assert sum(read) > 0  # (a body the server takes is read, and counted)
