"""The rule IDs explain themselves inside the repository.

Code, tests and guides cite rule IDs (`@pytest.mark.rule(...)`, docstrings, `IllegalMove(...,
rule)`, option `rule=`); docs/rules/<game>.md explains every one of them in our own words, so a
clone without the rules specifications beside it (../shared/rules) still says what each ID means.
The format is docs/rules/README.md's; tests/support/rule_docs.py reads it.
"""
from __future__ import annotations

import re

import pytest

from tests.support import rule_docs
from tests.support.rule_docs import FORM, GAME_FILES, RULES, UNLISTED
from tests.support.sizes import least

CITING = ("core", "server", "client", "tests", "docs")
MARKER = re.compile(r"""mark\.rule\(\s*["']([^"']+)["']""")


def test_every_cited_rule_id_is_explained():
    """An ID named anywhere in core/, server/, client/, tests/ or docs/ (docs/rules/ aside) is explained
    in docs/rules/, as a rule or as an area of rules."""
    known = set(rule_docs.definitions()) | rule_docs.areas()
    cited = rule_docs.citations(CITING, skip=[RULES])
    assert len(cited) > 600
    unexplained = {rule: sorted(files)[:3] for rule, files in sorted(cited.items()) if rule not in known}
    assert not unexplained, f"explain these rule IDs in docs/rules/ (README.md there says how): {unexplained}"


@pytest.mark.parametrize("prefix", sorted(GAME_FILES))
def test_each_game_file_explains_its_own_ids_once(prefix):
    """Each explained ID has the form of a rule ID of its game, is explained once, with words, and
    lies in an area a heading of its file declares; every declared area holds a rule."""
    lines = rule_docs.definition_lines(prefix)
    explained = rule_docs.definitions(prefix)
    assert len(lines) >= least(GAME_FILES[prefix].removesuffix(".md")).rules, "cut short? (tests/support/sizes.py)"
    assert len(lines) == len(set(lines)), sorted({r for r in lines if lines.count(r) > 1})
    bad_form = [r for r in lines if not (FORM.fullmatch(r) and r.startswith(prefix + "-"))]
    assert not bad_form, f"not a {prefix}- rule ID: {bad_form}"
    too_short = [r for r, text in explained.items() if len(text.split()) < 3]
    assert not too_short, f"say what these rules mean: {too_short}"
    areas = rule_docs.areas(prefix)
    assert all(a.startswith(prefix + "-") for a in areas), sorted(areas)
    homeless = [r for r in lines if not any(r == a or r.startswith(a + "-") for a in areas)]
    assert not homeless, f"no heading declares the area of {homeless}"
    empty = [a for a in areas if not any(r == a or r.startswith(a + "-") for r in lines)]
    assert not empty, f"areas without a rule: {empty}"
    others = set().union(*(rule_docs.definitions(p) for p in GAME_FILES if p != prefix))
    assert not set(explained) & others


def test_every_explained_rule_is_cited_by_a_test():
    """The in-repository twin of ../shared/tools/rule-coverage: every rule explained in docs/rules/
    is named by some test (a marker, a docstring or a comment beside the check)."""
    cited = rule_docs.citations(["tests"])
    untested = sorted(set(rule_docs.definitions()) - set(cited))
    assert not untested, f"no test names these rules: {untested}"


def test_rule_markers_name_explained_rules():
    """`@pytest.mark.rule(...)` names an explained rule ID or area, or a rule of the reference game
    of core/reference (TOY-n, rule_docs.UNLISTED), never a misspelt or unknown ID."""
    known = set(rule_docs.definitions()) | rule_docs.areas()
    marked = {}
    for path in rule_docs.text_files(rule_docs.ROOT / "tests"):
        if path.suffix == ".py":
            for rule in MARKER.findall(path.read_text(encoding="utf-8")):
                marked.setdefault(rule, path.name)
    assert len(marked) > 300
    unknown = {rule: name for rule, name in marked.items() if rule not in known and not rule.startswith(UNLISTED)}
    assert not unknown, unknown
