"""Wizard's Quest in its players' languages (issue 27): the game's catalogs hold exactly the
messages its engine says, all translated with their placeholders and plural forms; every event,
prompt, refusal, board and ending of random games renders in every language with no English
sentence left; and the Hungarian render speaks the original rulebook's words (seed 004).

The engine's side (every text is a message whose English is its text) is
tests/core/test_messages.py."""
from __future__ import annotations

import re

import pytest

from core import games
from core.protocol import IllegalMove
from core.rng import Rng
from core.wizards_quest import board, cards
from core.wizards_quest.notation import FORMS
from core.text import say, say_n
from server.web.i18n import catalogs, terms
from server.web.i18n.gamewords import said
from tests.core.playout import texts_of
from tests.server.test_i18n import OTHERS
from tests.support.untranslated import sentences, untranslated

RULESET = "wizards-quest"
GAME = games[RULESET]
WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def messages(language: str) -> list:
    return [m for m in catalogs.catalog(language, RULESET) if m.id]


# --- the catalogs -------------------------------------------------------------------------


def test_russian_counts_with_three_forms():
    men = {n: said(say("{player} receives {men} ({base} as reinforcements).", player="{P0}",
                       men=say_n("{n} man", "{n} men", n), base=n), "ru", RULESET) for n in (1, 3, 5, 21)}
    assert "1 воин " in men[1] and "3 воина " in men[3] and "5 воинов " in men[5] and "21 воин " in men[21]


# --- every text of random games, in every language ----------------------------------------

def texts(players: int, seed: str, options: dict) -> list:
    """Every event, prompt, refusal (the engine's own), board and ending of one random game."""
    def refusals(state, seat) -> list:
        found = []
        for attempt in ("no-such-move 99", "attack D1C1 K8", "place D1C1:99", "lose wizard", "take 99",
                        "play C01", "castle D1C1", "hide T00 D1C1", "scatter D1C1:1", "go D1C2:1", "done"):
            try:
                GAME.apply(state, seat, GAME.parse(state, seat, attempt))
            except IllegalMove as refusal:
                found.append(refusal)
        return found

    return list(texts_of(GAME, GAME.setup(players, GAME.normalize_options(options), seed), Rng("words:" + seed, scheme=2),
                         every=40, refusals=refusals))


# Moves as written (the forms of several words: "break" alone is no sentence) read the same in every language.
NOTATION = sorted((form for form in FORMS if " " in form), key=len, reverse=True)


def plain(text: str, language: str) -> str:
    """A render without what every language writes alike: move notation, and the names of the
    map and cards as that language's term list gives them (the Hungarian rulebook prints the
    map's names in English: "Field of Fallen" is the original's own word)."""
    for form in NOTATION:
        text = text.replace(form, " ")
    names = terms.terms(language).get(RULESET, {}).values() if language != "en" else ()
    for name in sorted(names, key=len, reverse=True):
        if len(WORD.findall(name)) > 1:
            text = text.replace(name, " ")
    return text


GAMES = [(2, "words-2", {}), (4, "words-4", {"blank-treasure": True}), (6, "words-6", {})]


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_every_text_of_a_game_speaks_the_language_through_and_through(players, seed, options):
    found = texts(players, seed, options)
    assert len(found) > 200
    for language in OTHERS:
        left: dict[str, str] = {}
        changed = 0
        for text in found:
            english, other = said(text, "en", RULESET), said(text, language, RULESET)
            assert english == str(text)
            changed += other != english
            for sentence in untranslated(plain(english, language), plain(other, language)):
                left.setdefault(sentence, english)
        assert not left, (language, list(left.items())[:5])
        assert changed > 0.9 * len(found), language


def test_the_english_sentences_are_found_where_they_are_left():
    """The check above is not blind: an English event in a Swedish render is caught."""
    english = str(say("{player} breaks off the campaign.", player="{P0}"))
    assert sentences(english) and untranslated(plain(english, "sv"), plain(english, "sv"))


# --- the original's own words ----------------------------------------------------------------

def test_the_hungarian_render_speaks_the_rulebooks_words():
    """Seed 004 (A varázsló küldetése): Békehozó, the castles ("kastély"), the crown, chest and
    ring ("korona", "kincsesláda", "varázsgyűrű"), and a card's printed text ("Kapsz tőlem egy
    embert; a kártyát tartsd meg, egy ízben használhatsz csónakot")."""
    assert said(cards.describe("C01"), "hu", RULESET) == \
        "C01 (egy ember; a kártyát tartsd meg, egy ízben használhatsz csónakot)"
    assert said(board.name(board.INDEX["K1"]), "hu", RULESET) == "K1 1. kastély"
    hungarian = "\n".join(said(text, "hu", RULESET) for text in texts(3, "words-hu", {}))
    for word in ("Békehozó", "kastély", "korona", "kincsesláda", "varázsgyűrű", "hercegség", "hadjárat", "sárkány"):
        assert word in hungarian, word
    assert "Peacemaker" not in hungarian


@pytest.mark.parametrize("language", OTHERS)
def test_the_translated_legend_fits_the_boards_100_columns(language):
    """The board cuts its English lines at 100 columns; the legend's translations fit whole."""
    legend = [m for m in messages(language) if isinstance(m.id, str) and m.id.startswith(("Legend:", "  orcs", "  DRAGON"))]
    assert len(legend) == 3 and all(len(m.string) < 100 for m in legend), language


@pytest.mark.rule("WQ-TABLE-5")
@pytest.mark.parametrize("language", OTHERS)
def test_the_board_says_what_a_standing_order_means_beside_its_notation(language):
    """A translated board and picture say the standing order for losses in the reader's words,
    with the notation the player types beside it ('потери: сначала воины (men-first)'); English
    shows the notation alone, as before."""
    state = GAME.setup(2, GAME.normalize_options({}), "standing")
    for order in ("men-first", "ask"):
        state, _ = GAME.apply(state, 1, {"type": "standing", "losses": order})
        board = GAME.render(GAME.view(state, 1), 1)
        line = next(line for line in str(board).splitlines() if "your boats" in line)
        assert line.endswith(f"losses: {order}")
        spoken = next(line for line in said(board, language, RULESET).splitlines() if f"({order})" in line)
        assert "losses" not in spoken and not spoken.endswith(f": {order}")
        picture = GAME.picture(GAME.view(state, 1), 1, speak=lambda text: said(text, language, RULESET))
        assert f", {order})" in picture and f"losses: {order}" not in picture  # the picture's hand says it too


@pytest.mark.rule("WQ-END-3")
@pytest.mark.parametrize("language", OTHERS)
def test_the_last_picture_says_why_the_game_ended_in_the_readers_language(language):
    """The picture of a finished game says its ending as the board does, in the reader's words
    (it showed the stored English reason, 'collected all three treasures', in every language)."""
    from core.wizards_quest.view import reason_words

    state, rng = GAME.setup(2, GAME.normalize_options({}), "over"), Rng("over", scheme=2)
    while GAME.result(state) is None:
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, GAME.random_move(state, seat, rng))
    why = state["reason"]
    picture = GAME.picture(GAME.view(state, 0), 0, speak=lambda text: said(text, language, RULESET))
    assert why not in picture and said(reason_words(why), language, RULESET) in picture
