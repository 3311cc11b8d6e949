"""The SVG pictures of every game that draws one (a `picture.py` in its package; without one the
platform shows the text board): valid XML, every place drawn with the view's numbers, and never
another seat's secret nor the seed (the views' check, applied to the picture)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from core import games
from core.castle_assault.data import half_text
from core.medieval_mastery import data as mm_data
from core.picture import touched_tokens
from core.rng import Rng
from core.wizards_quest import board as geometry, data as marnon
from tests.core.playout import seats

POSITIONS = 100
SVG = "{http://www.w3.org/2000/svg}"
PICTURED = sorted(name for name in games if games.facts(name).pictured)


def positions(game, count: int):
    """`count` positions from random games of every player count, spread over whole games."""
    found, n = [], 0
    while len(found) < count:
        players = game.min_players + n % (game.max_players - game.min_players + 1)
        seed = f"picture-{game.name}-{n}"
        state, rng = game.setup(players, {}, seed), Rng(seed)
        for step in range(400):
            if game.result(state) is not None:
                break
            seat = game.prompts(state)[0].seat
            move = game.random_move(state, seat, rng)
            state, _ = game.apply(state, seat, move)
            if step % 7 == 3:
                found.append((players, seed, state, game.format(move)))
        found.append((players, seed, state, ""))
        n += 1
    return found[:count]


def words(text: str) -> set[str]:
    """The words of a picture: a hidden id shows only as a word of its own (D1C2 holds C2 but
    does not show card C2)."""
    return set(re.findall(r"[A-Za-z0-9]+", text))


def groups(root, cls: str) -> dict[str, ET.Element]:
    return {g.get("data-id"): g for g in root.iter(f"{SVG}g") if g.get("class") == cls}


@pytest.mark.parametrize("count", [POSITIONS // 4, pytest.param(POSITIONS, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", PICTURED)
def test_no_picture_shows_a_secret_or_the_seed(name, count):
    """Every seat's picture (and the onlookers') at `count` positions of random games: valid XML,
    neither the seed nor a token hidden from that seat (a quarter of them in the inner loop)."""
    game = games[name]
    for players, seed, state, last in positions(game, count):
        touched = touched_tokens([last])
        for seat in list(range(players)) + [None]:
            svg = game.picture(game.view(state, seat), seat, touched)
            ET.fromstring(svg)  # valid XML
            assert seed not in svg
            shown = words(svg) & set(game.hidden_from(state, seat))
            assert not shown, f"seat {seat} sees hidden {sorted(shown)} in its picture"


def picture_of(name: str, players: int, moves: int, seat: int = 0, touched=frozenset()):
    game = games[name]
    state, rng = game.setup(players, {}, f"drawn-{name}"), Rng("drawn")
    for _ in range(moves):
        if game.result(state) is not None:
            break
        mover = game.prompts(state)[0].seat
        state, _ = game.apply(state, mover, game.random_move(state, mover, rng))
    view = game.view(state, seat)
    return view, ET.fromstring(game.picture(view, seat, touched))


def test_medieval_mastery_draws_every_territory_castle_and_lake_with_its_numbers():
    view, root = picture_of("medieval-mastery", 4, 80)
    drawn = groups(root, "territory")
    assert set(drawn) == {t["slot"] for t in view["territories"]}
    for t in view["territories"]:
        g = drawn[t["slot"]]
        assert g.get("data-knights") == str(t["knights"]) and g.get("data-vp") == str(t["vp"])
        assert g.get("data-owner") == ("" if t["owner"] < 0 else str(t["owner"]))
    castles = groups(root, "castle")
    assert {c: castles[c].get("data-knights") for c in castles} == {c["name"]: str(c["knights"]) for c in view["castles"]}
    assert set(groups(root, "lake")) == {lake["name"] for lake in view["lakes"]}
    hand = "".join(root.find(f".//{SVG}g[@class='hand']").itertext())
    assert all(card["title"] in hand for card in view["hand"])


def test_wizards_quest_draws_marnon_with_armies_sea_river_bridges_and_tunnel():
    view, root = picture_of("wizards-quest", 4, 120)
    drawn = groups(root, "territory")
    assert len(drawn) == 44 and set(drawn) == {t["id"] for t in view["territories"]}
    for t in view["territories"]:
        count = t["orcs"] if t["owner"] == "orcs" else t["men"]
        assert drawn[t["id"]].get("data-count") == str(count)
        assert drawn[t["id"]].get("data-owner") == ("" if t["owner"] is None else str(t["owner"]))
    for piece in ("sea", "tunnel", "bridge-A", "bridge-B", "Ammon"):
        assert root.find(f".//{SVG}g[@data-id='{piece}']") is not None, piece


def test_castle_assault_draws_every_post_with_its_shields_and_defenders():
    view, root = picture_of("castle-assault", 3, 60)
    drawn = groups(root, "post")
    for fort in view["fortresses"]:
        for post in fort["posts"]:
            g = drawn[f"{fort['seat']}/{post['post']}"]
            assert g.get("data-standing") == ("yes" if post["standing"] else "no")
            assert g.get("data-shields") == half_text(post["shields"])
            assert g.get("data-defenders") == str(len(post["defenders"]))


@pytest.mark.parametrize("name,place", [("medieval-mastery", "S03"), ("wizards-quest", "D2C3"),
                                        ("castle-assault", "1/W1")])
def test_the_last_moves_places_are_marked(name, place):
    _, plain = picture_of(name, 3, 10)
    assert not plain.findall(".//*[@class='touched']")
    _, marked = picture_of(name, 3, 10, touched=touched_tokens([f"move {place}"]))
    marks = [g for g in marked.iter(f"{SVG}g") if g.get("data-id") == place and g.find(f"{SVG}*[@class='touched']") is not None]
    assert marks, f"{place} is not marked"


@pytest.mark.parametrize("name", PICTURED)
def test_every_seat_appears_with_its_colour_and_name_slot(name):
    players = seats(games[name])
    view, root = picture_of(name, players, 5, seat=1)
    text = "".join(root.itertext())
    for seat in range(players):
        assert f"{{P{seat}}}" in text and f"P{seat}" in text
    assert "(you)" in text


def test_marnon_geometry_agrees_with_the_map_data():
    """WQ-MAPDATA-3: every land and bridge link of marnon.NEIGHBOURS is the grid neighbour in
    its direction, so the picture puts neighbours side by side."""
    cells = geometry.CELLS
    assert len(set(cells.values())) == 44
    for tid, links in marnon.NEIGHBOURS.items():
        for direction, other, kind in links:
            if kind == "tunnel":
                continue
            assert geometry.neighbour_cell(cells[tid], direction) == cells[other], (tid, direction, other)
    assert not set(geometry.SEA_CELLS) & set(cells.values())


@pytest.mark.parametrize("players", sorted(mm_data.LAYOUTS))
def test_medieval_mastery_map_neighbours_are_hex_neighbours(players):
    """MM-MAP-2P..6P: the layouts' adjacency lists are neighbours on the axial hex grid."""
    rows = {name: (q, r) for name, q, r, _, _ in mm_data.LAYOUTS[players]}
    steps = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    for name, q, r, _, adjacent in mm_data.LAYOUTS[players]:
        for other in adjacent.split():
            oq, orr = rows[other]
            assert (oq - q, orr - r) in steps, (players, name, other)


def test_a_list_in_a_box_goes_on_between_its_names_never_inside_one():
    """A picture box's list (a hand of cards) wraps between its pieces: 'Конфликт 3' or 'Crown of
    Corruption' is never broken over two lines, each line but the last ends with its separator,
    and no line is wider than the box."""
    from core.picture import Panel
    from core.text import join, term

    names = ["Призыв к оружию", "Тактическое превосходство", "Конфликт 5", "Конфликт 4", "Засада (к6)",
             "Конфликт 2", "Поддержка +1", "Конфликт 3"]
    panel = Panel(0, 0, 400, [])
    lines = panel.wrapped(join(", ", [term(name) for name in names]))
    assert len(lines) > 1 and all(len(line) <= panel.columns for line in lines)
    assert all(line.endswith(",") for line in lines[:-1])
    assert [name.strip() for line in lines for name in line.rstrip(",").split(", ")] == names
    sentence = panel.wrapped("a sentence of many words " * 5)  # other text wraps at its words
    assert len(sentence) > 1 and all(len(line) <= panel.columns for line in sentence)


def test_a_heading_or_legend_line_longer_than_its_room_is_squeezed_into_it():
    """The picture's heading and each legend row's facts are squeezed to their room where the
    reader's words run longer (Spanish's 'Castlecards: ¡Asalto al Castillo!, 4 jugadores',
    'mano 11, montón de botín 0 (eliminado)' ran past the picture's edge and into the next
    column), and only there: the English picture squeezes neither."""
    import re
    import xml.etree.ElementTree as ET

    from server.web.i18n.gamewords import said

    from core.picture import text_width
    from core.rng import Rng

    game, rng = games["castle-assault"], Rng("pic4", scheme=2)
    state = game.setup(4, game.normalize_options({}), "pic4")
    while "eliminated" not in str(game.picture(game.view(state, 0), 0)):  # (two seats are out by move 120)
        seat = game.prompts(state)[0].seat
        state, _ = game.apply(state, seat, game.random_move(state, seat, rng))
    svgs = {language: game.picture(game.view(state, 0), 0, speak=lambda text, to=language: said(text, to, "castle-assault"))
            for language in ("en", "es")}
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svgs["es"]).group(1))
    texts = {language: [e for e in ET.fromstring(svg).iter() if e.tag.rpartition("}")[2] == "text"]
             for language, svg in svgs.items()}
    heading = next(e for e in texts["es"] if "".join(e.itertext()).startswith("Castlecards: ¡Asalto al Castillo!"))
    assert float(heading.get("textLength")) <= width - 24 and heading.get("lengthAdjust") == "spacingAndGlyphs"
    facts = [e for e in texts["es"] if "montón de botín" in "".join(e.itertext())]
    room = width / 2 - 42  # two legend columns
    assert any("(eliminado)" in "".join(e.itertext()) for e in facts)
    assert all(bool(e.get("textLength")) == (text_width("".join(e.itertext()), 10) > room) for e in facts)
    assert all(e.get("textLength") for e in facts if "(eliminado)" in "".join(e.itertext()))
    assert not [e for e in texts["en"] if e.get("textLength")]


@pytest.mark.rule("WQ-GOAL-1")
def test_a_finished_wizards_quest_says_its_ending_in_one_sentence():
    """The status box read 'Game over: P4 won.' and, on a line of its own, the fragment
    'collected all three treasures'; it now says the ending as the text board does."""
    game = games["wizards-quest"]
    for n in range(20):
        start = game.setup(2, game.normalize_options({}), f"ending-{n}")
        last, _ = game.random_playout(start, Rng(f"ending-{n}"), 20000)
        if game.result(last) is not None and last["reason"] == "collected all three treasures":
            break
    else:
        raise AssertionError("no random game of 20 ended by the treasures")
    root = ET.fromstring(game.picture(game.view(last, 0), 0))
    texts = ["".join(e.itertext()) for e in root.iter() if e.tag.rpartition("}")[2] == "text"]
    winner = last["winners"][0]
    assert f"Game over: P{winner} (collected all three treasures)." in texts, texts
    assert "collected all three treasures" not in texts
