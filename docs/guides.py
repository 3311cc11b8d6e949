"""Write the generated parts of the player guides and of the engines' notes.

    python docs/guides.py          # rewrite the generated blocks
    python docs/guides.py --check  # exit 1 if anything would change (tests/docs runs the same check)

A generated block sits between `<!-- generated: NAME -->` and `<!-- end generated -->` in a
player guide (server/guides/<guide>.md, shipped with the server and served as /rules/<game>)
or an engine's notes (core/<package>/README.md, where a game has them: they are optional, and
read only when present). Its content comes from the data modules (map, cards, artefacts) through
the glossaries, so a map or card list swapped in core is reflected here by running this script.
Every game of core/registry.py with a guide must have its guide file; a game without generated
blocks needs nothing here.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.registry import games  # noqa: E402  (after the path above)

GUIDED = tuple(facts for facts in games.every() if facts.guide)
BLOCK = re.compile(r"(<!-- generated: (\S+) -->\n)(.*?)(<!-- end generated -->)", re.S)


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


# --- Wizard's Quest ------------------------------------------------------------------------

def wq_map() -> str:
    """The hex map of Marnon as text: each column of hexes is drawn half a row below the one
    to its left when its number is odd, as on a hex board."""
    from core.wizards_quest import data as marnon
    cells = {tuple(hex_): tid for tid, *_rest, hex_ in marnon.TERRITORIES}
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    lines = []
    for r in range(rows):
        for parity in (0, 1):
            line = "".join((cells.get((c, r), "") if c % 2 == parity else "").ljust(6) for c in range(cols))
            lines.append("    " + line.rstrip())
    while lines and not lines[-1].strip():
        lines.pop()
    return "```text\n" + "\n".join(lines) + "\n```\n"


def wq_adjacency() -> str:
    from core.wizards_quest import data as marnon
    rows = []
    for tid, name, terrain, sea, ammon, _ in marnon.TERRITORIES:
        links = [other + {"land": "", "tunnel": " (tunnel)"}.get(link, " (bridge)")
                 for _, other, link in marnon.NEIGHBOURS[tid]]
        water = ", ".join(w for w, on in (("sea", sea), ("Ammon", ammon)) if on) or "-"
        rows.append([tid, name, terrain, water, ", ".join(links)])
    return table(["ID", "Name", "Terrain", "Boats on", "Borders (clockwise from north)"], rows)


def wq_cards() -> str:
    from core.wizards_quest import cards
    from core.wizards_quest.glossary import CARD_USE, DEFAULT_USE
    rows = []
    for kind, count, *_rest, text in cards.KINDS:
        ids = [c for c in cards.ALL_CARDS if cards.kind(c) == kind]
        rows.append([f"{ids[0]}..{ids[-1]}" if len(ids) > 1 else ids[0], kind, str(count), text,
                     CARD_USE.get(kind, DEFAULT_USE)])
    return table(["Cards", "Name", "Count", "Effect", "When and how"], rows)


# --- Medieval Mastery ----------------------------------------------------------------------

def mm_maps() -> str:
    """The layouts as text (the engine's notes): the guide has their borders and pictures."""
    from core.medieval_mastery import data
    out = []
    for players, layout in sorted(data.LAYOUTS.items()):
        cells = {}
        for name, q, r, vp, _adj in layout:
            cells[(q, r)] = f"[{name}]" if name[0] == "C" else f"~{name}~" if name[0] == "L" else f"{name}:{vp}"
        low = min(2 * q + r for q, r in cells)
        lines = []
        for r in sorted({r for _, r in cells}):
            line = ""
            for (q, rr), text in sorted(cells.items(), key=lambda kv: 2 * kv[0][0] + kv[0][1]):
                if rr == r:
                    line = line.ljust((2 * q + r - low) * 4) + text
            lines.append("  " + line.rstrip())
        out.append(f"**{players} players** (`Sxx:VP` a territory slot and its VP value, `[Cn]` castle of "
                   f"seat n-1, `~Ln~` lake):\n\n```text\n" + "\n".join(lines) + "\n```\n")
    return "\n".join(out)


def mm_borders() -> str:
    """Each layout's slots, VP and borders: the guide's map, for players."""
    from core.medieval_mastery import data
    out = []
    for players, layout in sorted(data.LAYOUTS.items()):
        rows = [[name, str(vp) if name[0] == "S" else "-", adj.replace(" ", ", ")] for name, _q, _r, vp, adj in layout]
        out.append(f"**{players} players**\n\n" + table(["Place", "VP", "Borders"], rows))
    return "\n".join(out)


def mm_cards() -> str:
    from core.medieval_mastery import data
    from core.medieval_mastery.glossary import CARD_USE, CATEGORY_USE
    rows = []
    for code, (name, category, _value) in data.CARD_KINDS.items():
        rows.append([data.CARD_TITLES[code], f"`{name}`", category, str(data.DECK.count(code)),
                     CARD_USE.get(code) or CATEGORY_USE[category]])
    return table(["Card (as shown)", "Notation", "Kind", "In each deck", "When and what"], rows)


def mm_artefacts() -> str:
    from core.glossary import rule_id
    from core.medieval_mastery import data
    from core.medieval_mastery.glossary import WHEN
    rows = []
    for kind, names in zip(data.ARTEFACT_TYPES, data.ARTEFACTS):
        for name in names:
            rows.append([data.ART_TITLE[name], kind, data.ART_TEXT[name], rule_id("MM", "ART", name)])
    when = "\n".join(f"- **{k.capitalize()}s.** {text}" for k, text in WHEN.items())
    return when + "\n\n" + table(["Artefact", "Type", "What it does", "Rule"], rows)


def mm_tiles() -> str:
    from core.glossary import rule_id
    from core.medieval_mastery import data
    rows = [[name, str(vp), str(count), str(cap), ability, rule_id("MM", "TERR", name)]
            for name, (vp, count, cap, ability) in data.TILES.items()]
    return table(["Territory", "VP", "Tiles", "Capacity", "Ability (as `herald show` prints it)", "Rule"], rows)


# --- Castle Assault ------------------------------------------------------------------------

def ca_cards() -> str:
    from core.castle_assault.data import CARDS, DECK_NAMES
    from core.castle_assault.glossary import kind_text
    rows = []
    for kind in CARDS.kinds.values():
        ids = [c for c, k in CARDS.kind_of.items() if k is kind]
        rows.append([f"{ids[0]}..{ids[-1]}" if len(ids) > 1 else ids[0], kind.name, DECK_NAMES[kind.deck],
                     str(kind.count), kind_text(kind).split("): ", 1)[1]])
    return table(["Ids", "Card", "Deck", "Count", "What it is and does"], rows)


GENERATORS = {
    "wq-map": wq_map, "wq-adjacency": wq_adjacency, "wq-cards": wq_cards,
    "mm-maps": mm_maps, "mm-borders": mm_borders, "mm-cards": mm_cards, "mm-artefacts": mm_artefacts, "mm-tiles": mm_tiles,
    "ca-cards": ca_cards,
}


def regenerate(text: str) -> str:
    return BLOCK.sub(lambda m: m.group(1) + GENERATORS[m.group(2)]() + m.group(4), text)


def sources() -> list[Path]:
    """Every file that may hold generated blocks: each guided game's player guide (which must
    exist) and its engine notes (where the game has them)."""
    found = []
    for facts in GUIDED:
        guide = ROOT / "server" / "guides" / f"{facts.guide}.md"
        if not guide.exists():
            raise FileNotFoundError(f"{facts.name} names the guide {facts.guide!r} in core/registry.py: write "
                             f"{guide.relative_to(ROOT)} (docs/adding-a-game.md)")
        notes = ROOT.joinpath(*facts.package.split(".")) / "README.md"
        found += [guide] + ([notes] if notes.exists() else [])
    return found


def outputs() -> dict[Path, str]:
    """Every file this script writes, with the content it would write."""
    return {path: regenerate(path.read_text(encoding="utf-8")) for path in sources()}


def main(argv: list[str]) -> int:
    stale = []
    try:
        written = outputs()
    except FileNotFoundError as missing:
        print(missing, file=sys.stderr)
        return 2
    for path, text in written.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
            if "--check" not in argv:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if "--check" in argv else "wrote: ") + str(path.relative_to(ROOT)))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
