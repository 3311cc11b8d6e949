"""`herald rules` and `herald explain` against a real server (no token needed), and the
endpoints' JSON errors for unknown games, topics and terms."""
from __future__ import annotations

import requests

from client import exitcodes


def test_rules_prints_the_guide_and_one_topic(herald, server_url):
    whole = herald("rules", "wizards-quest")
    assert whole.exit_code == 0, whole.stderr
    assert whole.stdout.startswith("# Wizard's Quest")
    assert "D2C4" in whole.stdout and "WQ-BATTLE-1" in whole.stdout
    section = herald("rules", "wizards-quest", "ADJACENCY")
    assert section.exit_code == 0, section.stderr
    assert section.stdout.startswith("### ") and "| D4C4 |" in section.stdout
    assert len(section.stdout) < len(whole.stdout) / 2
    chapter = herald("rules", "wizards-quest", "map")  # the chapter, before "Rules: pieces and the map"
    assert chapter.stdout.startswith("## The map of Marnon")


def test_rules_with_an_unknown_topic_lists_the_topics(herald, server_url):
    result = herald("rules", "castle-assault", "chess openings")
    assert result.exit_code == exitcodes.REJECTED
    assert "not-found" in result.stderr and "Cards" in result.stderr


def test_explain_cards_symbols_territories_and_artefacts(herald, server_url):
    for game, thing, expected in (("wizards-quest", "D2C4", "Haven"), ("wizards-quest", "C08", "4 men"),
                                  ("wizards-quest", "s2", "strength 2"),
                                  ("medieval-mastery", "Orb of Brutality", "loser removes 1 knight"),
                                  ("medieval-mastery", "free dice 9", "reserve"),
                                  ("castle-assault", "V46", "Builder"), ("castle-assault", "0/W1", "wall 1")):
        result = herald("explain", game, thing)
        assert result.exit_code == 0, (thing, result.stderr)
        assert expected in result.stdout, (thing, result.stdout)
    empty = herald("explain", "wizards-quest", ".")  # the legend's '. empty': a path's '.' is quoted
    assert empty.exit_code == 0 and "empty" in empty.stdout.lower(), empty.stderr
    split = herald("explain", "medieval-mastery", "Orb", "of", "Greed")
    assert "draw until you hold 6" in split.stdout.lower()
    as_json = herald.json("explain", "wizards-quest", "C08 MEN4")
    assert as_json["kind"] == "card" and as_json["rule"] == "WQ-CARD-MEN4"


def test_explain_an_unknown_term_names_close_matches(herald, server_url):
    result = herald("explain", "wizards-quest", "Dewbry")
    assert result.exit_code == exitcodes.REJECTED
    assert "Dewbury" in result.stderr


def test_guide_endpoints_are_public_json_with_stable_errors(server_url):
    ok = requests.get(f"{server_url}/rulesets/medieval-mastery/explain/S10", timeout=10)
    assert ok.status_code == 200 and ok.json()["kind"] == "territory"
    topic = requests.get(f"{server_url}/rulesets/medieval-mastery/rules", params={"topic": "artefacts"}, timeout=10)
    assert topic.status_code == 200 and "Orb of Resurgence" in topic.json()["text"]
    for url in ("/rulesets/chess/rules", "/rulesets/wizards-quest/explain/nothing-like-this",
                "/rulesets/wizards-quest/rules?topic=zzz"):
        response = requests.get(server_url + url, timeout=10)
        assert response.status_code == 404, url
        assert response.json()["error"]["code"] == "not-found"
    unknown = requests.get(f"{server_url}/rulesets/wizard-quest/rules", timeout=10).json()
    assert unknown["error"]["details"]["close"] == ["wizards-quest"]


def test_the_guide_commands_need_neither_core_nor_server_on_the_client():
    """A client-only install has no rules engines: the commands only ask the server."""
    import subprocess
    import sys
    probe = ("import sys, client.cli, client.guide_commands; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('core', 'server')))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.strip() == "[]"


def test_explain_passes_the_language(herald, server_url):
    """`--language` asks the server for the explanation in that language, as `herald rules` does."""
    swedish = herald("explain", "castle-assault", "V46", "--language", "sv")
    assert swedish.exit_code == 0, swedish.stderr
    assert swedish.stdout.startswith("V46 Byggmästare (kort)\n") and "Byns lek" in swedish.stdout
    as_json = herald.json("explain", "wizards-quest", "D3C1", "--language", "ru")
    assert as_json["language"] == "ru" and as_json["title"] == "D3C1 Туманный лес 1"
    refused = herald("explain", "castle-assault", "V46", "--language", "xx")
    assert refused.exit_code == exitcodes.REJECTED and "Herald does not speak 'xx'" in refused.stderr


def test_rulesets_passes_the_language(herald, server_url):
    shown = herald("rulesets", "--language", "sv")
    assert shown.exit_code == 0, shown.stderr
    assert "--option skirmish=VALUE  Skärmytsling: 11 SP vinner" in shown.stdout
    assert "Skirmish: 11 VP wins" in herald("rulesets").stdout


def test_the_guide_commands_speak_the_locales_language_unless_told(herald, server_url, monkeypatch):
    """Without `--language`, `herald rules`, `explain` and `rulesets` ask for the language the
    rest of the command speaks (LC_ALL, LC_MESSAGES, LANG), as a Hungarian shell would expect;
    `--language` still wins, and `--json` answers in English as every --json answer does. An
    English heading finds its section in the translated guide (the mail help's `rules battles`)."""
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    guide = herald("rules", "wizards-quest")
    assert guide.exit_code == 0 and guide.stdout.startswith("# A varázsló küldetése")
    battles = herald("rules", "wizards-quest", "battles")
    assert battles.exit_code == 0, battles.stderr
    assert battles.stdout.startswith("## ") and "Battles" not in battles.stdout.splitlines()[0]
    castle = herald("explain", "wizards-quest", "K1")
    assert castle.exit_code == 0 and "(no duchy)" not in castle.stdout, castle.stdout
    assert herald("explain", "wizards-quest", "K1", "--language", "en").stdout.startswith("K1 Castle 1 (territory)")
    assert herald.json("explain", "wizards-quest", "K1")["language"] == "en"
    assert "Skirmish: 11 VP wins" not in herald("rulesets").stdout
