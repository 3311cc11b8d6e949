"""`herald register --language`, `herald account --language` and `herald rules --language`
(issue 27), against a real server."""
from __future__ import annotations

import json


def test_register_and_account_choose_the_language(herald):
    registered = herald.json("register", "stina", "stina@example.org", "--language", "sv")
    assert registered["language"] == "sv"
    token = registered["token"]
    changed = herald("account", "--language", "hu", token=token)
    assert changed.exit_code == 0 and "hu" in changed.stdout
    me = json.loads(herald("me", "--json", token=token).stdout)
    assert me["language"] == "hu"
    assert "language: hu" in herald("me", token=token).stdout
    refused = herald("account", "--language", "tlh", token=token)
    # the server's refusal in the player's language (hu now), its code as always
    assert refused.exit_code != 0 and "Herald nem beszéli ezt: 'tlh'" in refused.stderr and "(invalid-input)" in refused.stderr
    assert herald("account", "--language", "sv", "rename", "x", token=token).exit_code != 0  # one thing at a time


def test_herald_rules_reads_a_guide_in_a_language(herald):
    shown = herald("rules", "castle-assault", "--language", "es")
    assert shown.exit_code == 0 and shown.stdout.startswith("# ¡Asalto al Castillo!")
    refused = herald("rules", "castle-assault", "--language", "xx")
    assert refused.exit_code != 0 and "Herald does not speak 'xx'" in refused.stderr
