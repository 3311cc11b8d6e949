"""Every rule ID the engine can put in an IllegalMove (or an option) is a rule docs/rules/ explains.

docs/rules/castle-assault.md lists every rule ID of the rules specification, so this runs in any
clone, with or without the specification beside the repository (../shared/rules)."""
import pathlib
import re

from tests.support import rule_docs

ROOT = pathlib.Path(__file__).resolve().parents[3]
RULE_ID = re.compile(r"\bCA-[A-Z]+(?:-[A-Z]+)?-[0-9]+\b")


def test_engine_rule_ids_are_defined_in_the_spec():
    defined = set(rule_docs.definitions("CA"))
    assert len(defined) > 120
    used = set()
    for source in (ROOT / "core" / "castle_assault").rglob("*.py"):
        used |= set(RULE_ID.findall(source.read_text(encoding="utf-8")))
    assert len(used) > 40
    assert used <= defined, sorted(used - defined)
