"""A text board's table keeps its columns in every language: where a board pads a field to a
width (Medieval Mastery's territories, Castle Assault's walls and castles), the translation's
width fits the longest word that language puts there, so the next column starts at the same
place on every row ("Родные земли", "Campo de batalla" are longer than English's names)."""
from __future__ import annotations

import pytest

from core.castle_assault.view import CASTLE, WALL
from core.medieval_mastery.data import TILES
from core.text import say, say_n, term
from server.web.i18n.gamewords import said
from server.web.i18n.languages import LANGUAGES

# Values no word of any language contains, to find where each column starts.
VP, OWNER, SHIELDS = 7, "OWNER", "9"


def columns(lines: list[str], *marks: str) -> set[tuple[int, ...]]:
    return {tuple(line.index(mark) for mark in marks) for line in lines}


@pytest.mark.parametrize("language", LANGUAGES)
def test_medieval_masterys_territory_table_keeps_its_columns(language):
    caps = ["", *(say(" cap {capacity}", capacity=c) for c in (3, 4))]
    lines = [said(say("  {slot} {tile:<11} {vp}VP{cap:<6} {owner:<8} {ability}", slot="S01", tile=term(tile), vp=VP,
                      cap=cap, owner=OWNER, ability="ABILITY"), language, "medieval-mastery")
             for tile in TILES for cap in caps]
    assert len(columns(lines, str(VP), OWNER, "ABILITY")) == 1, "\n".join(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_castle_assaults_fortress_rows_keep_their_columns(language):
    lines = []
    for name in (CASTLE, WALL):
        for many in (1, 2, 5):
            lines += [said(say_n("   {target:<5} {name:<6} {shields:>3} shields", "   {target:<5} {name:<6} {shields:>3} shields",
                                 many, target="1/W2", name=name, shields=SHIELDS), language, "castle-assault"),
                      said(say_n("   {target:<5} {name:<6} {shields:>3} shields  defenders: {cards}",
                                 "   {target:<5} {name:<6} {shields:>3} shields  defenders: {cards}", many,
                                 target="1/W2", name=name, shields=SHIELDS, cards="V1"), language, "castle-assault")]
    assert len(columns(lines, SHIELDS)) == 1, "\n".join(lines)


@pytest.mark.parametrize("language,castle,wall", [("en", "destroyed", "destroyed"), ("ru", "разрушен", "разрушена"),
                                                  ("es", "derribado", "derribada"), ("sv", "förstörd", "förstörd")])
def test_a_destroyed_castle_and_wall_each_agree_with_their_word(language, castle, wall):
    """'destroyed' agrees with the piece where the language says it by gender (Замок разрушен,
    Стена разрушена; Castillo derribado, Muralla derribada): a message for each."""
    fallen = [said(say("   {target:<5} {castle:<6} destroyed", target="1/C", castle=CASTLE), language, "castle-assault"),
              said(say("   {target:<5} {wall:<6} destroyed", target="1/W1", wall=WALL), language, "castle-assault")]
    assert fallen[0].endswith(" " + castle) and fallen[1].endswith(" " + wall)
    assert len({line.rindex(" ") for line in fallen}) == 1, fallen  # the word in one column


@pytest.mark.parametrize("language", LANGUAGES)
def test_medieval_masterys_legend_keeps_to_the_boards_width_in_every_language(language):
    """The legend under Medieval Mastery's board is three lines of at most WIDTH columns in
    English; translated, it ran to 108 (Russian), 115 (Swedish) and 110 (Hungarian), over the 100
    columns a mail promises its board. Each language wraps it to the width, in as many lines as it
    needs, each continuation indented as English's; English keeps its three lines."""
    from core.layout import WIDTH
    from core.medieval_mastery.view import LEGEND

    lines = [line for message in LEGEND for line in said(message, language, "medieval-mastery").split("\n")]
    assert all(len(line) <= WIDTH for line in lines), [len(line) for line in lines]
    assert all(line.startswith("  ") and not line.startswith("   ") for line in lines[1:]), lines
    assert "herald explain medieval-mastery" in lines[-1] or "herald explain medieval-mastery" in lines[-2]
    if language == "en":
        assert lines == [str(message) for message in LEGEND]
