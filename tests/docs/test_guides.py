"""The player guides (server/guides/<game>.md): generated parts up to date, the Wizard's Quest
adjacency table equal to the map data, written for players (no developer talk), every example
picture still playing the story the guide tells, and every thing a player meets in a view or
an event explained by the game's glossary (the `herald explain` data).

Two tables here are per-game data a new game adds its row to (docs/adding-a-game.md, section 8):
THINGS, how to find the cards, places and symbols its views and events show, and
LEGEND_SYMBOLS, the symbols its text board's legend names; a guided game without its rows fails
saying so."""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from core.registry import games
from core.rng import Rng
from tests.support.sizes import least

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
import guides  # noqa: E402  (docs/guides.py)
from tests.core.playout import turns


def guide(name: str) -> str:
    path = ROOT / "server" / "guides" / f"{games.facts(name).guide}.md"
    if not path.exists():
        pytest.fail(f"{name} names a guide in core/registry.py: write {path.relative_to(ROOT)}")
    return path.read_text(encoding="utf-8")


def test_generated_blocks_are_up_to_date():
    """`python docs/guides.py` has been run: the guides' and the engine notes' tables match the data."""
    stale = [str(p.relative_to(ROOT)) for p, text in guides.outputs().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    assert not stale, f"run `python docs/guides.py`: stale {stale}"
    written = "".join(text for text in guides.outputs().values())
    unused = [name for name in guides.GENERATORS if f"<!-- generated: {name} -->" not in written]
    assert not unused, f"no guide or engine notes hold the blocks {unused} (a file lost, or cut short?)"


@pytest.mark.rule("WQ-MAPDATA-6")
def test_wizards_quest_adjacency_table_equals_the_map_data():
    from core.wizards_quest import board, data as marnon
    text = guide("wizards-quest")
    rows = re.findall(r"^\| (D\dC\d|K\d) \| [^|]+ \| \w+ \| [^|]+ \| ([^|]+) \|$", text, re.M)
    assert len(rows) == len(marnon.TERRITORIES)
    table = {tid: {n.split(" ")[0] for n in borders.strip().split(", ")} for tid, borders in rows}
    for i, tid in enumerate(board.IDS):
        assert table[tid] == {board.IDS[j] for j in board.ADJ_SET[i]}, tid


@pytest.mark.parametrize("name", sorted(games.guided()))
def test_every_guide_names_its_rules(name):
    """The rules chapters cite the rule IDs a refusal names, so a player can look a refusal up."""
    from server.guides.reader import sections
    prefix = games.facts(name).rules + "-"
    cited = [s for s in sections(guide(name)) if re.search(rf"^\*Rule IDs: {re.escape(prefix)}", s.text, re.M)]
    assert len(cited) >= least(name).rule_sections, [s.title for s in cited]


DEVELOPER_TALK = re.compile(r"```|\bcore/|\.py\b|\b(?:rng|seeds?|seeded|scenarios?|rules[- ]versions?)\b|"
                            r"\bJSON\b|\bSHA-256\b|\bshared/", re.I)


@pytest.mark.parametrize("name", sorted(games.guided()))
def test_the_guides_are_written_for_players(name):
    """No code blocks, file paths, random streams, seeds, scenario formats or rules versions: those
    are in core/<game>/README.md."""
    found = sorted({m.group(0) for m in DEVELOPER_TALK.finditer(guide(name))})
    assert not found, f"{name} guide: {found}"


@pytest.mark.parametrize("name", sorted(games.guided()))
def test_the_guides_name_no_internal_option(name):
    """Options a table cannot choose (the random stream, readings kept for old games) stay out."""
    game = games.facts(name).game
    text = guide(name)
    for option_name, option in game.options.items():
        assert (f"`{option_name}`" in text) != option.internal, option_name


@pytest.mark.parametrize("name", sorted(games.guided()))
def test_every_example_picture_plays_and_is_shown(name):
    """Each example is a real position: its moves are legal from its start (a change to the deal or
    the rules that breaks one breaks the guide's story too), it draws, and the guide shows it; the
    guide shows no picture that is not an example."""
    from server.guides import pictures
    shown = re.findall(rf"!\[([^\]]+)\]\(/rules/{name}/pictures/([a-z0-9-]+)\.svg\)", guide(name))
    assert {picture for _, picture in shown} == set(pictures.names(name))
    if games.facts(name).pictured:  # a game that draws its board shows examples of it
        assert shown, f"{name} draws its board: add examples to EXAMPLES in server/guides/pictures.py and show them"
    else:
        assert not shown, f"{name} draws no picture (no core/<package>/picture.py)"
    for alt, picture in shown:
        assert len(alt.split()) >= 8, f"{picture}: the alt text should say what the picture shows"
        svg = pictures.svg(name, picture)
        assert svg.startswith("<svg") and "{P" not in svg and "Ana" in svg


# --- every card, artefact, territory and symbol a player meets is explained ------------------

WQ_TOKENS = re.compile(r"\bD\dC\d\b|\bK\d\b|\bs\d\b|\borcs \d\b|\bP\d \d+(?:\+[CW])?|\$\d(?:cr|ch|ri|bl|\?)"
                       r"|\bDRAGON\b|\bPEACE\b|\bC\d\d\b|\bT\d\d\b|(?<= )\.(?= )")
MM_TOKENS = re.compile(r"\bS\d\d\b|\bP\dx\d\b|\[C\d:\d+\]|~L\d~|free dice \d+|\b\dVP\b|cap \d|\bK\d{3}\b|(?<= )\.\.(?= )")
CA_TOKENS = re.compile(r"\b\d/(?:C|W\d)\b|(?:\d+½?|½) shields?|\[\d\]|\b[FVSDA]\d+\b")


def wq_things(view: dict, text: str) -> set[str]:
    found = set(WQ_TOKENS.findall(text))
    found |= {t["name"] for t in view["territories"]}
    found |= {t["kind"] for t in view["treasures"] if t["kind"]}
    return found


def mm_things(view: dict, text: str) -> set[str]:
    found = set(MM_TOKENS.findall(text))
    found |= {t["tile"] for t in view["territories"]}
    for seat in view["seats"]:
        found |= {a["name"] for a in seat["artefacts"]}
        found |= {c["title"] for c in seat["discard"]}
    found |= {c["title"] for c in view["hand"] or []}
    return found


def ca_things(view: dict, text: str) -> set[str]:
    from core.castle_assault.data import CARDS
    found = set(CA_TOKENS.findall(text))
    found |= {CARDS.name(c) for c in view["discard"] + (view["hand"] or [])}
    found |= {CARDS.label(c) for c in view["hand"] or []}
    return found


def wq_event(text: str) -> set[str]:
    return set(WQ_TOKENS.findall(text))


def mm_event(text: str) -> set[str]:
    from core.medieval_mastery import data
    names = list(data.ART_TITLE.values()) + list(data.CARD_TITLES.values()) + list(data.TILES)
    return set(MM_TOKENS.findall(text)) | {title for title in names if title in text}


def ca_event(text: str) -> set[str]:
    from core.castle_assault.data import CARDS
    return set(CA_TOKENS.findall(text)) | {kind.name for kind in CARDS.kinds.values() if kind.name in text}


def nothing(*_: object) -> set[str]:
    return set()


@dataclass(frozen=True)
class Things:
    """How to find what a player meets in one game: `view(view, board text)` and `event(text)`
    return the cards, places and symbols found there (as the glossary spells them), and random
    games must show more than `least` distinct ones."""

    view: Callable[[dict, str], set[str]]
    event: Callable[[str], set[str]]
    least: int = 30


# Every guided game's row (docs/adding-a-game.md, section 8). A game whose views and events show
# no card, place or symbol beyond plain words has NOTHING.
NOTHING = Things(nothing, nothing, least=-1)
THINGS = {"wizards-quest": Things(wq_things, wq_event), "medieval-mastery": Things(mm_things, mm_event),
          "castle-assault": Things(ca_things, ca_event)}
GAMES_PER_RULESET = 100
SAMPLE_EVERY = 20


def things(name: str) -> Things:
    if name not in THINGS:
        pytest.fail(f"add {name}'s row to THINGS in tests/docs/test_guides.py: how to find the cards, places and "
                    f"symbols its views and events show (NOTHING if they show none)")
    return THINGS[name]


@pytest.mark.parametrize("count", [GAMES_PER_RULESET // 5, pytest.param(GAMES_PER_RULESET, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", sorted(games.guided()))
def test_everything_in_views_and_events_is_explained(name, count):
    """100 random games per ruleset (20 in the inner loop; views sampled every 20 moves, every
    event read): each card, artefact, territory and board symbol found there is known to
    `herald explain`."""
    game = games.facts(name).game
    glossary = games.facts(name).glossary
    found = things(name)
    seen: set[str] = set()
    for number in range(count):
        players = game.min_players + number % (game.max_players - game.min_players + 1)
        walk = turns(game, game.setup(players, game.normalize_options({}), f"guide-{number}"),
                     Rng(f"guide-play-{number}"), max_moves=3000)
        for step, turn in enumerate(walk):
            state, events = turn.play()
            for event in events:
                seen |= found.event(event.text)
            if step % SAMPLE_EVERY == 0:
                view = game.view(state, turn.seat)
                seen |= found.view(view, game.render(view, turn.seat))
        view = game.view(walk.state, 0)
        seen |= found.view(view, game.render(view, 0))
    unexplained = sorted(thing for thing in seen if glossary.lookup(thing) is None)
    assert not unexplained, f"{name}: no explanation for {unexplained}"
    assert len(seen) > found.least


# Every guided game's row (docs/adding-a-game.md, section 8): the symbols its text board's legend
# names, each once; none for a board without a legend.
LEGEND_SYMBOLS = {
    "wizards-quest": ["D1C2", "K1", "P0 3+C", "+W", "orcs 2", ".", "s4", "$1cr", "DRAGON", "PEACE"],
    "medieval-mastery": ["S10", "P1x6", "..", "[C2:3]", "~L1~", "2VP", "cap 4", "free dice 9"],
    "castle-assault": ["[1]", "1/W2", "1/C", "4½ shields"],
}


@pytest.mark.parametrize("name", sorted(games.guided()))
def test_show_has_one_legend_naming_the_symbols_once(name):
    """`herald show` ends with one legend; every symbol it names is in it once and explained."""
    if name not in LEGEND_SYMBOLS:
        pytest.fail(f"add {name}'s row to LEGEND_SYMBOLS in tests/docs/test_guides.py: the symbols its text "
                    f"board's legend names ([] for a board without a legend)")
    game = games.facts(name).game
    glossary = games.facts(name).glossary
    state = game.setup(game.min_players, game.normalize_options({}), "legend")
    text = game.render(game.view(state, 0), 0)
    if not LEGEND_SYMBOLS[name]:
        assert "Legend:" not in text, f"{name}'s board has a legend: list its symbols in LEGEND_SYMBOLS"
        return
    assert text.count("Legend:") == 1
    legend = text[text.index("Legend:"):]
    assert all(len(line) < 100 for line in legend.splitlines()), "a legend line is cut at 100 columns"
    for symbol in LEGEND_SYMBOLS[name]:
        assert len(re.findall(rf"(?<!\S){re.escape(symbol)}(?!\S)", re.sub(r"[;,()]", " ", legend))) == 1, symbol
        assert glossary.lookup(symbol) is not None, symbol
