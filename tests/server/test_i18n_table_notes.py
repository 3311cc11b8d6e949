"""Herald's notes at the table (a seat handed over, a house bot taking a seat, the operator's
hand-over, a player's mail bouncing) in each reader's language (issue 27): stored with their
sentence (chat_messages.sentence, m0094) and said per reader on the game page, in the API's
chat listing and in a turn mail's table talk; a note stored without one reads as stored."""
from __future__ import annotations

import html as htmllib
import re
from urllib.parse import urlsplit

import pytest

from server.config import load_config
from server.notify.channels.mail import compose
from server.ops import admin
from server.store.models import ChatMessage, Game, Notification, Player, Seat
from server.table.seeds import SOURCE

KEY = "test-secret-key-" + "x" * 20
CONFIG = {"MAIL_FROM": "herald@example.org", "PUBLIC_URL": "https://herald.example.org", "SECRET_KEY": KEY}

INVITES_SV = "ben bjuder in en ny spelare att ta över plats 1."
TAKES_OVER_SV = "carol tar över plats 1 från ben."
INVITES_EN = "ben invites a new player to take over seat 1."
TAKES_OVER_EN = "carol takes over seat 1 from ben."


@pytest.fixture
def config(tmp_path, game_seeds):
    return {**load_config({"HERALD_DATABASE_URL": f"sqlite:///{tmp_path / 'herald.db'}",
                           "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_SECRET_KEY": KEY,
                           "HERALD_PUBLIC_URL": "https://herald.example.org"}), SOURCE: game_seeds}


def page_notes(api, game_id: int, player: dict) -> list[tuple[str, str]]:
    """The table notes of the player's game page: (lang, text)."""
    answer = api.call("GET", f"/games/{game_id}/link", player)
    assert answer.status_code == 200, answer.json
    url = urlsplit(answer.json["url"])
    page = api.client.get(f"{url.path}?{url.query}")
    assert page.status_code == 200
    found = re.findall(r'<p class="notice table-note" lang="(\w+)">(.*?)</p>', page.get_data(as_text=True), re.S)
    return [(lang, htmllib.unescape(text)) for lang, text in found]


def api_notes(api, game_id: int, player: dict, **headers) -> tuple[list[str], str | None]:
    answer = api.client.get(f"/games/{game_id}/chat", headers={**api.auth(player), **headers})
    assert answer.status_code == 200, answer.json
    return [m["text"] for m in answer.json["messages"] if m["kind"] == "table"], answer.headers.get("Content-Language")


def handed_over(api) -> tuple[int, dict, dict]:
    """ann (Swedish) at seat 0; ben hands seat 1 over to carol (English), who takes it."""
    ann, ben = api.register("ann"), api.register("ben")
    assert api.call("PATCH", "/players/me", ann, json={"language": "sv"}).status_code == 200
    game_id = api.start_game([ann, ben])
    invited = api.call("POST", f"/games/{game_id}/seats/1/handover", ben, json={"invite": "carol@example.org"})
    assert invited.status_code == 201, invited.json
    carol = api.register("carol")
    code = Seat.get((Seat.game == game_id) & (Seat.seat == 1)).invite
    assert api.call("POST", "/games/join", carol, json={"invite": code}).status_code == 200
    return game_id, ann, carol


def test_a_handover_note_reads_in_swedish_for_a_swedish_player_and_in_english_for_another(api):
    game_id, ann, carol = handed_over(api)
    stored = [(row.text, row.sentence["message"]) for row in ChatMessage.select().order_by(ChatMessage.id)]
    assert stored == [(INVITES_EN, "%(name)s invites a new player to take over seat %(seat)s."),
                      (TAKES_OVER_EN, "%(name)s takes over seat %(seat)s from %(before)s.")]  # English text kept
    assert page_notes(api, game_id, ann) == [("sv", INVITES_SV), ("sv", TAKES_OVER_SV)]
    assert page_notes(api, game_id, carol) == [("en", INVITES_EN), ("en", TAKES_OVER_EN)]
    assert api_notes(api, game_id, ann)[0] == [INVITES_SV, TAKES_OVER_SV]
    assert api_notes(api, game_id, carol)[0] == [INVITES_EN, TAKES_OVER_EN]
    # no language chosen: the API follows the request's Accept-Language
    assert api_notes(api, game_id, carol, **{"Accept-Language": "hu"})[0] == [
        "ben új játékost hív meg, hogy átvegye az 1. helyet.", "carol átveszi az 1. helyet ben játékostól."]


def test_a_turn_mails_table_talk_says_the_notes_in_its_readers_language(api):
    game_id, ann, carol = handed_over(api)
    players = {0: ann, 1: carol}
    while not (Notification.select().where((Notification.game == game_id) & (Notification.kind == "turn")
                                           & (Notification.seat == 0) & (Notification.version > 0)).exists()):
        api.play_first_legal(game_id, [players[0], players[1]])
    row = (Notification.select().where((Notification.game == game_id) & (Notification.kind == "turn")
                                       & (Notification.seat == 0)).order_by(Notification.id.desc()).first())
    assert [m.get("said", {}).get("message") for m in row.context["chat"]] == [
        "%(name)s invites a new player to take over seat %(seat)s.", "%(name)s takes over seat %(seat)s from %(before)s."]
    swedish = " ".join(compose(row, CONFIG).get_content().split())  # ann chose Swedish
    english = " ".join(compose(row, CONFIG, "en").get_content().split())
    # Herald's own notes, said by Herald: "ben: ..." read as if ben had written the sentence about himself
    assert f"Herald: {INVITES_SV}" in swedish and f"Herald: {TAKES_OVER_SV}" in swedish and INVITES_EN not in swedish
    assert f"Herald: {INVITES_EN}" in english and f"Herald: {TAKES_OVER_EN}" in english
    assert f"ben: {INVITES_EN}" not in english


def test_the_operators_handover_and_a_house_bot_speak_the_readers_language(api):
    ann, ben, dan = api.register("ann"), api.register("ben"), api.register("dan")
    assert api.call("PATCH", "/players/me", ann, json={"language": "sv"}).status_code == 200
    game_id = api.start_game([ann, ben], "castle-assault")
    admin.hand_over(game_id, 1, "dan")
    given = api.call("POST", f"/games/{game_id}/seats/1/handover", dan, json={"bot": "random"})
    assert given.status_code == 201, given.json
    assert api_notes(api, game_id, ann)[0] == ["Serverns driftansvarige gav plats 1 till dan (tidigare hos ben).",
                                               "dan lämnar över plats 1 till husboten random."]
    assert api_notes(api, game_id, ann, **{"Accept-Language": "sv"})[0] == api_notes(api, game_id, ann)[0]
    english = ["The server's operator handed seat 1 to dan (it was ben's).", "dan hands seat 1 over to the random house bot."]
    assert [row.text for row in ChatMessage.select().order_by(ChatMessage.id)] == english


def test_a_note_stored_without_its_sentence_reads_as_stored_for_every_reader(api):
    """A note an earlier release wrote (no sentence: m0094 leaves them NULL) is the same English
    for a Swedish reader as it always was, on the page and through the API."""
    ann, ben = api.register("ann"), api.register("ben")
    assert api.call("PATCH", "/players/me", ann, json={"language": "sv"}).status_code == 200
    game_id = api.start_game([ann, ben])
    game = Game.get_by_id(game_id)
    old = "The server's operator handed seat 1 to ben."
    ChatMessage.create(game=game.id, player=Player.get(Player.name == "ben").id, seat=None, to=None, text=old,
                       version=game.version, kind="table")
    assert page_notes(api, game_id, ann) == [("en", old)]
    assert api_notes(api, game_id, ann)[0] == [old]
