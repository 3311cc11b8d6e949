"""The board pictures speak their reader's language (issue 27): every label, title and legend of
a game's SVG is a message (core/picture.py), said in the language of whoever reads it: the
API's picture in the caller's (their setting, else Accept-Language), the game page's in the
page's, the mail's in its recipient's. The English picture is the one it always was.

Each game is played through the API of a real app to a guide's example position (a battle
under way, server/guides/pictures.py), for Stina, who reads Swedish, and Hanna, Hungarian."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from importlib import resources
from urllib.parse import urlsplit

import pytest

from server.guides.pictures import EXAMPLES
from server.notify.channels.mail import deliver_pending
from server.notify.mailboard import board_context
from server.notify.mailparts import board_svg
from server.store.models import Notification
from tests.server.conftest import Api

READERS = (("Stina", "sv"), ("Hanna", "hu"))
# The guide's example and how many of its moves: Castle Assault's attack still under way.
POSITIONS = {"castle-assault": ("first-attack", 1), "medieval-mastery": ("battle", None),
             "wizards-quest": ("first-campaign", None)}
# Labels that must be there, in each reader's words (titles, headings, a legend and a map label).
SAID = {
    "sv": {"castle-assault": ["Castle Assault, 2 spelare", "Läge", "Din hand", "Stina (du)", "Anfall av P0"],
           "medieval-mastery": ["Läge", "Regalier", "Din hand", "Strid om S04", "Stina (du)"],
           "wizards-quest": ["Läge", "Hertigdömen (grevskap DnC1..DnC6)", "Marnons", "hav", "Stina (du)"]},
    "hu": {"castle-assault": ["Várostrom, 2 játékos", "Helyzet", "P0 támadása", "Hanna (te)"],
           "medieval-mastery": ["Helyzet", "Ereklyék", "A kezed", "Csata: S04", "Hanna (te)"],
           "wizards-quest": ["A varázsló küldetése, 1. forduló", "Helyzet", "Marnon", "tengere", "alagút",
                             "Hanna (te)"]},
}
# What the engines' own boards say (castle_assault/view.py's status line, wizards_quest/cards.py's
# card texts) arrives in the picture as it is: English until those engines say it as messages.
ENGINE_SAID: tuple = ()


@pytest.fixture
def api(client):
    return Api(client)


@pytest.fixture
def config(config):
    """The shared settings, with a key that signs the game-page links."""
    return {**config, "SECRET_KEY": "k" * 32}


def register(api, name: str, language: str) -> dict:
    answer = api.client.post("/players", json={"name": name, "email": f"{name}@example.org", "language": language})
    assert answer.status_code == 201, answer.json
    return answer.json


def play_to(api, game_seeds, ruleset: str) -> tuple[list[dict], int]:
    """A game of Stina (seat 0) and Hanna (seat 1) at a guide's example position."""
    name, moves = POSITIONS[ruleset]
    example = EXAMPLES[ruleset][name]
    assert example.players == len(READERS)
    game_seeds.pin(example.start)
    players = [register(api, name, language) for name, language in READERS]
    game = api.start_game(players, ruleset, example.options)
    for text in example.moves[:moves]:
        details = [api.game(game, player) for player in players]  # a fast window tells only the one it asks
        asked = [d["my_seat"] for d in details if any(p["seat"] == d["my_seat"] for p in d["prompted"])]
        chosen = re.fullmatch(r"@(\d) (.+)", text)
        seat, text = (int(chosen.group(1)), chosen.group(2)) if chosen else (asked[0], text)
        put = api.call("PUT", f"/games/{game}/moves/{details[0]['version']}", players[seat], json={"text": text})
        assert put.status_code == 201, put.json
    return players, game


def picture(api, game: int, player: dict, **headers) -> str:
    answer = api.call("GET", f"/games/{game}/picture.svg", player, headers=headers)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml", answer.data
    return answer.get_data(as_text=True)


def set_language(api, player: dict, language: str | None) -> None:
    assert api.call("PATCH", "/players/me", player, json={"language": language}).status_code == 200


def texts(svg: str) -> list[str]:
    """Every text of a picture: its labels (<text>) and what a pointer shows (<title>)."""
    root = ET.fromstring(svg)
    return ["".join(e.itertext()) for e in root.iter() if e.tag.rpartition("}")[2] in ("text", "title")]


def same_in(language: str, ruleset: str) -> set[str]:
    """The words the language's term list writes as English does (Troll, hand, VP, the names
    of Marnon's places)."""
    lists = json.loads(resources.files("server.guides").joinpath(language, "terms.json").read_text(encoding="utf-8"))
    return {word for english, said in lists.get(ruleset, {}).items() if said == english
            for word in re.findall(r"[^\W\d_]+", english)}


def english_left(english: list[str], said: list[str], language: str, ruleset: str, names) -> list[str]:
    """The English picture's labels that stand unchanged in the reader's: none, but for those
    with no word of a language in them (ids, numbers, names, symbols, words both share)."""
    allowed = same_in(language, ruleset)
    left = []
    for text in sorted(set(english) & set(said)):
        if any(pattern.search(text) for pattern in ENGINE_SAID):
            continue
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        words = [w for w in re.findall(r"[\w½/+.-]+", rest) if not re.search(r"\d", w) and len(w) > 2]
        if any(word.strip(".") not in allowed for word in words):
            left.append(text)
    return left


@pytest.mark.parametrize("ruleset", sorted(POSITIONS))
def test_each_reader_sees_the_picture_in_their_language(api, game_seeds, ruleset):
    players, game = play_to(api, game_seeds, ruleset)
    names = [name for name, _ in READERS]
    for player, (name, language) in zip(players, READERS):
        said = picture(api, game, player)
        set_language(api, player, "en")
        english = picture(api, game, player)
        set_language(api, player, language)
        assert "Status" in texts(english) and f"{name} (you)" in texts(english)
        for label in SAID[language][ruleset]:
            assert label in texts(said), f"{language} {ruleset}: no {label!r}"
        assert english_left(texts(english), texts(said), language, ruleset, names) == []
        # The same picture otherwise: the same places, ids, colours and counts.
        assert re.findall(r'data-[a-z]+="[^"]*"', said) == re.findall(r'data-[a-z]+="[^"]*"', english)


def test_the_english_picture_is_the_engines_own(api, game_seeds, app):
    """English (a player who chose it, or no choice and no Accept-Language) is drawn by the
    engine with no `speak` at all: the picture it always drew."""
    from core.picture import touched_tokens
    from server.table.gameviews import current_state
    from server.table.pictures import last_move_words, named_markup
    from server.players.seats import seats_of

    players, game = play_to(api, game_seeds, "castle-assault")
    set_language(api, players[0], None)
    svg = picture(api, game, players[0])
    with app.app_context():
        row, engine, state = current_state(game)
        touched = last_move_words(row, 0)
        own = named_markup(engine.picture(engine.view(state, 0), 0, touched), seats_of(row))
    assert touched and touched <= touched_tokens(["attack 1/W1 V11 V26"])
    assert svg == own


def test_without_a_setting_the_browser_language_speaks(api, game_seeds):
    players, game = play_to(api, game_seeds, "medieval-mastery")
    set_language(api, players[0], None)
    assert "Läge" in texts(picture(api, game, players[0], **{"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}))
    assert "Status" in texts(picture(api, game, players[0], **{"Accept-Language": "de"}))
    set_language(api, players[0], "hu")  # the player's own setting comes first
    assert "Helyzet" in texts(picture(api, game, players[0], **{"Accept-Language": "sv"}))


def test_the_game_page_draws_the_board_in_the_pages_language(api, client, game_seeds):
    players, game = play_to(api, game_seeds, "wizards-quest")
    link = urlsplit(api.call("GET", f"/games/{game}/link", players[0]).json["url"])
    page = client.get(f"{link.path}?{link.query}").get_data(as_text=True)  # Stina's setting: Swedish
    assert ">Läge</text>" in page and ">Marnons</text>" in page and ">Status</text>" not in page
    page = client.get(f"{link.path}?{link.query}&lang=hu").get_data(as_text=True)
    assert ">Helyzet</text>" in page and ">alagút</text>" in page and ">Läge</text>" not in page


def test_a_mail_draws_the_board_in_its_recipients_language(api, game_seeds, smtp_config, mailbox):
    """The turn mail's board (its HTML part's PNG) is drawn in the recipient's language, as
    the mail's text is written in it: Hanna's, asked to answer Stina's attack, in Hungarian."""
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg is not installed")
    mailbox.start()
    players, game = play_to(api, game_seeds, "castle-assault")
    rows = [row for row in Notification.select().where((Notification.game == game) & (Notification.seat == 1))
            if board_context(row).get("view")]
    drawn = {language: {cairosvg.svg2png(bytestring=board_svg(row, board_context(row)["view"], language).encode())
                        for row in rows} for language in ("hu", "en")}
    assert "Helyzet" in texts(board_svg(rows[-1], board_context(rows[-1])["view"], "hu"))
    assert deliver_pending(smtp_config).sent
    sent = {part.get_content() for mail in mailbox.handler.messages if mail["To"] == "Hanna@example.org"
            for part in mail.walk() if part.get_content_type() == "image/png"}
    assert sent and sent <= drawn["hu"] and not sent & drawn["en"]


def test_a_translated_guide_shows_its_pictures_in_its_language(client):
    page = client.get("/rules/wizards-quest?lang=hu").get_data(as_text=True)
    assert 'src="/rules/wizards-quest/pictures/round-one.svg?lang=hu"' in page
    said = texts(client.get("/rules/wizards-quest/pictures/round-one.svg?lang=hu").get_data(as_text=True))
    assert "Helyzet" in said and "Marnon" in said and "tengere" in said and "Status" not in said
    english = client.get("/rules/wizards-quest/pictures/round-one.svg")
    assert "Status" in texts(english.get_data(as_text=True))
    assert 'src="/rules/wizards-quest/pictures/round-one.svg"' in client.get("/rules/wizards-quest?lang=en").get_data(
        as_text=True)


@pytest.mark.parametrize("ruleset,words", [("medieval-mastery", ("Tierras natales", "Родные земли")),
                                            ("wizards-quest", ("", "Марнонское"))])
def test_a_long_word_stays_inside_its_hexagon(api, ruleset, words):
    """A map label is squeezed to its hexagon's width where the reader's word is longer than
    English's (Homelands: "Tierras natales", "Родные земли"; the Sea of Marnon: "Марнонское
    море"), and only there: the English picture has no squeezed label."""
    readers = [register(api, "Lucia", "es"), register(api, "Olga", "ru")]
    game = api.start_game(readers, ruleset)
    for reader, word in zip(readers, words):
        svg = picture(api, game, reader)
        labels = [e for e in ET.fromstring(svg).iter()
                  if e.tag.rpartition("}")[2] == "text" and "".join(e.itertext()) == word]
        assert not word or labels and all(float(e.get("textLength")) <= 62 and
                                          e.get("lengthAdjust") == "spacingAndGlyphs" for e in labels)
        set_language(api, reader, "en")
        assert "textLength" not in picture(api, game, reader)


def test_a_territorys_ability_is_said_in_the_readers_words(api, game_seeds):
    """Medieval Mastery's hexagons tell, on pointing, what the territory does: the Swedish and
    Hungarian pictures said it in English ("S01 Village: ..., conquest: +1 knight"), and the
    Battlefield said its capacity twice."""
    from core.medieval_mastery.data import TILES

    players, game = play_to(api, game_seeds, "medieval-mastery")
    abilities = {ability for *_, ability in TILES.values()}
    for player in players:
        titles = [text for text in texts(picture(api, game, player)) if re.match(r"S\d\d ", text)]
        assert titles and not [t for t in titles if any(ability in t for ability in abilities)], titles
    set_language(api, players[0], "en")
    english = [t for t in texts(picture(api, game, players[0])) if re.match(r"S\d\d ", t)]
    assert any("conquest: +1 knight" in t for t in english) and not any("capacity 4, capacity 4" in t for t in english)
