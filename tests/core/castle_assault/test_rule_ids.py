"""Every rule ID the engine can put in an IllegalMove (or an option) exists in the rules text."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SPEC = ROOT.parent / "shared" / "rules" / "castle-assault.md"
RULE_ID = re.compile(r"\bCA-[A-Z]+(?:-[A-Z]+)?-[0-9]+\b")


@pytest.mark.skipif(not SPEC.exists(), reason="the shared rules folder is not beside the repository")
def test_engine_rule_ids_are_defined_in_the_spec():
    defined = set(RULE_ID.findall(SPEC.read_text(encoding="utf-8")))
    used = set()
    for source in (ROOT / "core" / "castle_assault").glob("*.py"):
        used |= set(RULE_ID.findall(source.read_text(encoding="utf-8")))
    assert len(used) > 40
    assert used <= defined, sorted(used - defined)
