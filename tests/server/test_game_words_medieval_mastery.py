"""Medieval Mastery in its players' languages (issue 27): the engine says messages
(core/medieval_mastery/words.py, core/text.py), and its catalogs
(server/web/i18n/catalogs/medieval-mastery/<lang>.po) hold exactly those messages, all
translated, so that a turn mail in Swedish or Hungarian has no English sentence left; the
original rulebooks' languages (Swedish, Russian, Dutch) name the components in the rulebooks'
own words."""
from __future__ import annotations


import pytest

from core import games
from core.medieval_mastery import words
from core.rng import Rng
from core.text import Msg, term
from server.web.i18n import catalogs, languages
from server.web.i18n.gamewords import said
from tests.core.playout import texts_of
from tests.support.untranslated import sentences, untranslated

RULESET = "medieval-mastery"
GAME = games[RULESET]
OTHERS = [code for code in languages.LANGUAGES if code != languages.DEFAULT]
# A few games that between them reach battles, windows, choices, every option's texts.
GAMES: list[tuple[int, dict]] = [(2, {}), (3, {"windows": "strict", "mayhem": True}), (4, {"teams": "2", "life-and-death": True}),
         (5, {"siege": True, "windows": "strict"}), (6, {"skirmish": True, "mayhem": True})]


# --- (a) the catalogs (their completeness: tests/server/test_game_catalogs.py) -------------


def test_russian_says_the_counts_in_its_three_forms():
    tr = catalogs.translations("ru", RULESET)
    forms = [tr.ngettext("{player} drew {n} card ({why}).", "{player} drew {n} cards ({why}).", n) for n in (1, 3, 5)]
    assert forms == ["{player} тянет {n} карту ({why}).", "{player} тянет {n} карты ({why}).",
                     "{player} тянет {n} карт ({why})."]


# --- (b) no English sentence left in a game's texts ----------------------------------------

def game_texts(players: int, options: dict, seed: str):
    """Every event, prompt, board (summary, render), waiting text and ending of one random game."""
    return texts_of(GAME, GAME.setup(players, GAME.normalize_options(options), seed), Rng("words:" + seed, scheme=2),
                    every=40)


@pytest.fixture(scope="module")
def texts() -> list:
    found, seen = [], set()
    for i, (players, options) in enumerate(GAMES):
        for text in game_texts(players, options, f"words-{i}"):
            key = str(text)
            if key not in seen:
                seen.add(key)
                found.append(text)
    return found


@pytest.mark.parametrize("language", OTHERS)
def test_a_games_texts_have_no_english_sentence_left(texts, language):
    english_sentences = 0
    for text in texts:
        english = said(text, "en", RULESET)
        other = said(text, language, RULESET)
        english_sentences += len(sentences(english))
        assert not untranslated(english, other), (language, english, other)
        assert "{" not in other.replace("{P", ""), (language, other)  # every placeholder filled
    assert english_sentences > 500  # the games said plenty


def test_the_texts_are_messages_that_read_in_english_as_they_always_did(texts):
    assert all(isinstance(text, (Msg, str)) for text in texts)
    assert all(said(text, "en", RULESET) == str(text) for text in texts)


# --- (c) the originals' words ----------------------------------------------------------------

def test_the_original_languages_name_the_components_as_their_rulebooks_print_them():
    """Swedish (rulebook 000), Russian (001), Dutch (002): the names printed in the rulebooks, read
    through the game's term lists (words.reread gives the ending and the question their terms)."""
    siege = words.won_siege("{P0}", "{P1}", term("Castle Siege"))
    assert said(siege, "sv", RULESET) == "{P0} erövrar borgen som tillhör {P1} (Belägring)."
    assert "(Осада замка)" in said(words.reread(str(siege)), "ru", RULESET)
    assert "(Beleg van het kasteel)" in said(words.reread(str(siege)), "nl", RULESET)
    question = words.reread("Crown of Insight: put your top 4 cards back in any order.")
    assert said(question, "sv", RULESET).startswith("Crown of Insight:")  # the Swedish rulebook keeps it
    assert said(question, "ru", RULESET).startswith("Корона предвидения:")
    orb = words.reread("Orb of Preparation: you may discard one card.")
    assert said(orb, "ru", RULESET).startswith("Держава подготовки:")


def test_a_swedish_board_speaks_the_rulebooks_words():
    """The Swedish rulebook's 'segerpoäng', 'borg', 'kasthög', 'lediga tärningar' on the board, its
    options' names ('Förödelse' for Mayhem) in the events."""
    state = GAME.setup(3, GAME.normalize_options({"mayhem": True}), "swedish-board")
    board = said(GAME.render(GAME.view(state, 0), 0), "sv", RULESET)
    assert "Territorier:" in board and "SP" in board and "kasthög" in board and "lediga tärningar" in board
    assert "Homelands" in board  # the territories keep the names the Swedish rulebook prints
    rng, seen = Rng("swedish", scheme=2), [""]
    while GAME.result(state) is None and not any("Förödelse:" in text for text in seen):
        prompts = GAME.prompts(state)
        seat = prompts[rng.below(len(prompts))].seat
        state, events = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
        seen += [said(event.text, "sv", RULESET) for event in events]
    assert any(text.startswith("Förödelse: ") for text in seen)


def test_a_stored_state_reads_its_question_and_ending_back_as_messages():
    """The state keeps a choice's question and the ending's reason in English (plain JSON):
    words.reread gives back the message, for states stored before messages too."""
    for text in ("{P2} controls 13 VP (target 13).", "The team of {P0} and {P2} controls 20 VP (target 20).",
                 "{P1} resigned: {P0} wins.", "Fortress conquered: you may discard one card.",
                 "Sceptre of Fear: fight as if with 1 knight instead of 3 (strength -2)? 'sceptre use' or "
                 "'sceptre decline'."):
        message = words.reread(text)
        assert isinstance(message, Msg) and str(message) == text
        assert said(message, "hu", RULESET) != text
    assert words.reread("Something no engine says.") == "Something no engine says."


@pytest.mark.rule("MM-ASYNC-2")
@pytest.mark.parametrize("language", OTHERS)
def test_the_board_says_what_a_standing_answer_means_beside_its_notation(language):
    """A translated board says the standing answer to Fracture windows in the reader's words,
    with the notation the player types beside it ('mindig passz (always-pass)')."""
    state = GAME.setup(2, GAME.normalize_options({}), "standing")
    for word, notation in (("always", "always-pass"), ("unless-mine", "pass-unless-mine")):
        state, _ = GAME.apply(state, 1, {"type": "standing", "pass": word})
        board = GAME.render(GAME.view(state, 1), 1)
        assert f"Your standing answer: {word} (" in str(board)
        assert f"({notation})" in said(board, language, RULESET)


@pytest.mark.rule("MM-RESTORE-1")
def test_a_destroyed_artefact_agrees_with_its_kind():
    """'(destroyed)' beside a crown, a sceptre or an orb agrees with it where the language says
    it by gender (Корона ... разрушена, Скипетр ... разрушен; Corona ... destruida, Cetro ...
    destruido), on the board and in the picture alike."""
    from tests.core.medieval_mastery.helpers import start

    state = start(2, down=[[0, 0, 0], [-1, -1, -1]], arts=[["Fury", "Rage", "Greed"], ["Insight", "Loyalty", "Devotion"]],
                  active=1)
    board = GAME.render(GAME.view(state, 1), 1)
    russian, spanish = said(board, "ru", RULESET), said(board, "es", RULESET)
    crown, sceptre, orb = (said(term(name), "ru", RULESET) for name in ("Crown of Fury", "Sceptre of Rage", "Orb of Greed"))
    assert f"{crown} (разрушена), {sceptre} (разрушен), {orb} (разрушена)" in russian
    crown, sceptre, orb = (said(term(name), "es", RULESET) for name in ("Crown of Fury", "Sceptre of Rage", "Orb of Greed"))
    assert f"{crown} (destruida), {sceptre} (destruido), {orb} (destruido)" in spanish
    picture = GAME.picture(GAME.view(state, 1), 1, speak=lambda text: said(text, "ru", RULESET))
    assert f"{said(term('Sceptre of Rage'), 'ru', RULESET)} (разрушен)" in picture


def test_the_event_of_a_destroyed_artefact_agrees_in_every_language():
    """The log said 'Corona de la Prosperidad de bea queda destruido (Fractura)': one sentence
    for every kind of artefact, its adjective agreeing with none. Spanish now says it as Russian
    does, around a noun of its own ('Artefacto de bea destruido: ...')."""
    from core.medieval_mastery.rules import artefact
    from core.text import P, say
    from tests.core.medieval_mastery.helpers import start

    state = start(2, arts=[["Prosperity", "Rage", "Greed"], ["Insight", "Loyalty", "Devotion"]])
    crown = said(term("Crown of Prosperity"), "es", RULESET)
    event = say("{artefact} of {player} is destroyed ({why}).", artefact=artefact(state, 0, 0), player=P(0),
                why=term("Fracture"))
    assert said(event, "es", RULESET).replace("{P0}", "bea") == \
        f"Artefacto de bea destruido: {crown} ({said(term('Fracture'), 'es', RULESET)})."


@pytest.mark.parametrize(("language", "castle_assaults"), [("nl", ("Dorp", "Vesting")), ("es", ("Poblado",)),
                                                           ("sv", ("By ", "Fästning"))])
def test_a_board_sent_by_the_api_names_its_territories_in_its_own_games_words(api, language, castle_assaults):
    """A Dutch Medieval Mastery board read 'S01 Dorp' and 'S11 Vesting', Castle Assault's Dutch
    names for the Village and the Fortress (whose Dutch edition keeps the English names), and
    `explain` then knew no 'Dorp': the API said the board without knowing its game, with every
    game's term list at once."""
    players = [api.register("ana"), api.register("ben")]
    for player in players:
        assert api.call("PATCH", "/players/me", player, json={"language": language}).status_code == 200
    game = api.start_game(players, RULESET)
    text = api.call("GET", f"/games/{game}/render", players[0]).json["text"]
    lines = [line for line in text.splitlines() if line.startswith("  S")]
    assert lines and not [line for line in lines if any(word in line for word in castle_assaults)], lines
