"""`GET /rulesets/{name}/explain/{thing}?lang=`: the glossary in the reader's language, against
the app (Flask test client, a real SQLite file). A component is named as that language's
printed edition names it: server/guides/<lang>/terms.json, the list that came with the
translated guides, is the reference. What a player types (English names, symbols) still finds
the entry; a name in the reader's language is understood too. The games are those the server explains
(reader.guided(): offered, with a guide), not a guided game that is not offered yet."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.guides import reader
from server.web.i18n.languages import DEFAULT, LANGUAGES

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]
GUIDES = Path(__file__).resolve().parents[2] / "server" / "guides"


def edition(language: str, game: str) -> dict[str, str]:
    """English name -> the name the game's edition in `language` prints (terms.json)."""
    return json.loads((GUIDES / language / "terms.json").read_text("utf-8"))[game]


# (game, what the player types, the component it names: in the title and the text)
NAMED = (("castle-assault", "V46", "Builder"), ("castle-assault", "Castle", "Castle"),
         ("medieval-mastery", "Orb of Greed", "Orb of Greed"), ("medieval-mastery", "Fort", "Fort"),
         ("wizards-quest", "D3C1", "Misty Forest 1"), ("wizards-quest", "MEN4", "MEN4"),
         ("wizards-quest", "tunnel", "Great Tunnel"))


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_explained_component_is_named_as_the_languages_edition_names_it(client, language):
    for game, thing, component in NAMED:
        english = client.get(f"/rulesets/{game}/explain/{thing}").json
        answer = client.get(f"/rulesets/{game}/explain/{thing}", query_string={"lang": language})
        assert answer.status_code == 200, (game, thing, answer.json)
        found = answer.json
        name = edition(language, game)[component]
        assert found["language"] == language and found["ruleset"] == game and found["thing"] == thing
        assert name in found["title"] and name in found["text"], (language, thing, found)
        assert found["text"] != english["text"], (language, thing)  # the sentence is translated, not only the name
        assert (found["kind"], found["rule"]) == (english["kind"], english["rule"])


@pytest.mark.rule("CA-ACT-ATTACK-1")
def test_a_symbol_keeps_its_notation_and_is_explained_in_the_language(client):
    """A post is written `0/W1` in every language (CA-ACT-ATTACK-1); the sentence around it
    is the reader's, the command in it as typed."""
    found = client.get("/rulesets/castle-assault/explain/0/W1?lang=sv").json
    assert found["title"] == "0/W1" and "`attack 0/W1 V3`" in found["text"]
    assert "plats 0s mur 1" in found["text"]
    russian = client.get("/rulesets/medieval-mastery/explain/P1x3?lang=ru").json
    assert "3 рыцарями" in russian["text"]  # the plural form of 3 in Russian


def test_the_kind_of_thing_is_said_in_the_language_and_stays_a_code(client):
    """`kind` is a code a script reads (card, artefact, territory, symbol, piece, term);
    `kind_text` says it in the answer's language, as `herald explain` prints it."""
    for game, thing, kind, words in (("castle-assault", "V46", "card", {"en": "card", "sv": "kort", "es": "carta"}),
                                     ("medieval-mastery", "Orb of Greed", "artefact", {"en": "artefact", "sv": "regalie",
                                                                                       "ru": "артефакт"}),
                                     ("wizards-quest", "D3C1", "territory", {"en": "territory", "hu": "terület",
                                                                             "nl": "gebied"})):
        for language, word in words.items():
            found = client.get(f"/rulesets/{game}/explain/{thing}", query_string={"lang": language}).json
            assert (found["kind"], found["kind_text"]) == (kind, word), (game, language, found)


def test_a_language_herald_does_not_speak_is_refused(client):
    answer = client.get("/rulesets/castle-assault/explain/V46?lang=de")
    assert answer.status_code == 422 and answer.json["error"]["code"] == "invalid-input"
    assert "Herald does not speak 'de'" in answer.json["error"]["message"]
    assert answer.json["error"]["details"]["languages"] == list(LANGUAGES)


def test_english_is_the_default_and_reads_as_before(client):
    plain = client.get("/rulesets/wizards-quest/explain/C08").json
    assert plain["language"] == "en" and plain == client.get("/rulesets/wizards-quest/explain/C08?lang=en").json
    assert plain["title"] == "C08 MEN4" and plain["text"].startswith("C08 (4 men). Draw at the start of your turn")


def test_a_name_in_the_readers_language_finds_the_entry(client):
    found = client.get("/rulesets/castle-assault/explain/byggmästare?lang=sv")
    assert found.status_code == 200 and found.json["title"] == "Byggmästare" and found.json["thing"] == "byggmästare"
    spanish = client.get("/rulesets/wizards-quest/explain/Bosque Brumoso 1?lang=es").json
    assert spanish["title"] == "D3C1 Bosque Brumoso 1"
    unknown = client.get("/rulesets/castle-assault/explain/byggmästare")  # in English: no such name
    assert unknown.status_code == 404


@pytest.mark.parametrize("game,shown,language,english", [
    ("wizards-quest", "МИР", "ru", "PEACE"), ("wizards-quest", "орки 2", "ru", "orcs 2"),
    ("wizards-quest", "BÉKE", "hu", "PEACE"), ("wizards-quest", "orkok 2", "hu", "orcs 2"),
    ("medieval-mastery", "2ПО", "ru", "2VP"), ("medieval-mastery", "вмест 4", "ru", "cap 4"),
])
def test_a_symbol_as_the_readers_board_writes_it_finds_the_entry(client, game, shown, language, english):
    """Every translated legend says 'herald explain GAME THING', but the symbols the board writes
    in the reader's language ('МИР', 'орки 2') were not found: they are read back to the English
    symbol, and the entry is headed as the reader's board writes it."""
    found = client.get(f"/rulesets/{game}/explain/{shown}?lang={language}")
    assert found.status_code == 200, found.json
    assert found.json["title"] == shown and found.json["thing"] == shown
    assert found.json["text"] == client.get(f"/rulesets/{game}/explain/{english}?lang={language}").json["text"]


# A symbol of each pattern of a glossary (core/glossary.py `Glossary.pattern`), per game with
# patterns (docs/adding-a-game.md, section 8): a game without patterns has no row.
PATTERN_SYMBOLS = {
    "castle-assault": ["1/C", "0/W2", "4½ shields", "[2]"],
    "medieval-mastery": ["K007", "P1x1", "P2x5", "x3", "[C2:5]", "~L1~", "free dice 9", "2VP", "cap 3"],
    "wizards-quest": ["s2", "orcs 3", "P1 1", "P0 2+C", "P2 3+W", "$1cr", "$2?", "T05", "1/3"],
}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", reader.guided())
def test_every_entry_renders_in_every_language(game, language):
    """Every fixed entry of the glossary, and a symbol of each pattern, says its title and text
    with every slot filled (a translation that lost a value would leave `{...}`)."""
    book = reader.glossary(game)
    things = [name for name in book.spelled.values()]
    if book.patterns and game not in PATTERN_SYMBOLS:
        pytest.fail(f"add {game}'s row to PATTERN_SYMBOLS in tests/server/test_explain_languages.py: a symbol of "
                    f"each pattern of its glossary")
    things += PATTERN_SYMBOLS.get(game, [])
    for thing in things:
        found = reader.explain(game, thing, language)
        for key in ("title", "text"):
            said = found[key].replace("{P0}", "")
            assert "{" not in said and "}" not in said, (game, thing, language, said)


# --- the options' help (GET /rulesets?lang=) -------------------------------------------------

@pytest.mark.rule("MM-OPT-SKIRMISH-1")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_options_help_is_said_in_the_language(client, language):
    """Every option's help of every game is translated; a mode's name is the edition's
    (Skirmish, MM-OPT-SKIRMISH-1), the values a table types stay as they are."""
    english = {game["name"]: game for game in client.get("/rulesets").json}
    answer = client.get("/rulesets", query_string={"lang": language})
    assert answer.status_code == 200
    said = {game["name"]: game for game in answer.json}
    assert said.keys() == english.keys()
    for name in reader.guided():
        for option, about in said[name]["options"].items():
            before = english[name]["options"][option]
            assert about["help"] != before["help"], (language, name, option)
            assert {k: v for k, v in about.items() if k != "help"} == {k: v for k, v in before.items() if k != "help"}
    skirmish = edition(language, "medieval-mastery")["Skirmish"]
    assert said["medieval-mastery"]["options"]["skirmish"]["help"].startswith(skirmish)
    assert "'stationed'" in said["castle-assault"]["options"]["spoils"]["help"]


def test_the_rulesets_refuse_a_language_herald_does_not_speak(client):
    answer = client.get("/rulesets?lang=tlh")
    assert answer.status_code == 422 and "Herald does not speak 'tlh'" in answer.json["error"]["message"]
