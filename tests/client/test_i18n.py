"""The `herald` command's own words follow LC_ALL, LC_MESSAGES and LANG (issue 27): the choice
of language, and real commands against a real server in Swedish, with the server's words and
all --json output left as they are."""
import json
import re

import pytest

from client import exitcodes, i18n
from client.cli import cli


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "sv_SE.UTF-8"}, "sv"),
    ({"LANG": "ru_RU.KOI8-R"}, "ru"),
    ({"LANG": "nl_BE@euro"}, "nl"),
    ({"LANG": "es"}, "es"),
    ({"LANG": "hu_HU.UTF-8"}, "hu"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                                  # no German catalog: English
    ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "sv_SE.UTF-8"}, "ru"),    # LC_MESSAGES over LANG
    ({"LC_ALL": "hu_HU.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "sv_SE.UTF-8"}, "hu"),  # LC_ALL over both
    ({"LC_ALL": "C", "LANG": "sv_SE.UTF-8"}, "en"),                   # C in LC_ALL wins: English
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_NL.UTF-8"}, "nl"),  # empty counts as unset
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "sv_SE.UTF-8"}, "en"),         # the first set one decides
])
def test_the_language_is_the_first_set_of_lc_all_lc_messages_lang(environ, language):
    assert i18n.locale_language(environ) == language


def test_messages_follow_the_environment_at_each_call(monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert i18n._("Legal moves:") == "Tillåtna drag:"
    monkeypatch.setenv("LC_MESSAGES", "ru_RU.UTF-8")
    assert i18n._("Legal moves:") == "Допустимые ходы:"
    monkeypatch.setenv("LC_ALL", "POSIX")
    assert i18n._("Legal moves:") == "Legal moves:"
    with i18n.speaking("hu"):
        assert i18n._("Legal moves:") == "Szabályos lépések:"
    assert i18n._("Legal moves:") == "Legal moves:"


def test_russian_counts_take_three_forms(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    said = {n: i18n.ngettext("{count} game waiting for you", "{count} games waiting for you", n).format(count=n)
            for n in (1, 2, 5, 11, 21, 22, 25)}
    assert said == {1: "1 партия ждёт вас", 2: "2 партии ждут вас", 5: "5 партий ждут вас", 11: "11 партий ждут вас",
                    21: "21 партия ждёт вас", 22: "22 партии ждут вас", 25: "25 партий ждут вас"}


def test_a_date_is_written_the_languages_way(monkeypatch):
    from client.clock_output import readable_time

    stamp = "2026-11-26T18:00:00Z"
    assert readable_time(stamp) == "Thursday 26 November 18:00 UTC"
    expected = {"sv": "torsdag 26 november kl. 18:00 UTC", "ru": "26 ноября (четверг), 18:00 UTC",
                "nl": "donderdag 26 november om 18:00 UTC", "es": "jueves 26 de noviembre, a las 18:00 UTC",
                "hu": "november 26., csütörtök, 18:00 UTC"}
    for lang, text in expected.items():
        with i18n.speaking(lang):
            assert readable_time(stamp) == text
    assert readable_time("2026-03-05T09:30:00Z") == "Thursday 05 March 09:30 UTC"


# --- real commands against a real server ---------------------------------------------------

def swedish(monkeypatch):
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")


def test_a_game_in_swedish_prints_swedish_for_the_clients_own_words(herald, monkeypatch):
    swedish(monkeypatch)
    registered = herald("register", "alice", "alice@example.org")
    assert registered.exit_code == 0
    assert registered.stdout.startswith("alice är registrerad. Din token (visas en gång, håll den hemlig):")
    alice = registered.stdout.splitlines()[1]
    bob = herald.register("bob")

    created = herald("new", "toy-race", "--seats", 2, token=alice)
    assert created.exit_code == 0, created.stderr
    game = int(created.stdout.split()[1])
    assert created.stdout.startswith(f"Parti {game} skapat (toy-race, 2 platser). Fröets hash: ")
    assert "Inbjudningar (du har ingen plats än; gå med med en av dem):" in created.stdout
    codes = [line.split()[-1] for line in created.stdout.splitlines() if line.startswith("  plats ")]
    joined = herald("join", codes[0], token=alice)
    assert joined.stdout == f"Du har gått med i parti {game} på plats 0.\n"
    herald("join", codes[1], token=bob)

    shown = herald("show", game, token=alice).stdout
    assert f"Parti {game} (Race to 21), pågår, drag 0." in shown  # the title is the server's
    assert "Väntar på plats 0 (alice) (du): Play a card" in shown   # and so is the question
    assert "Your hand:" in shown                                    # and the board
    assert "<- din tur" in herald("games", token=alice).stdout

    card = herald.json("moves", game, token=alice)[0]["text"]
    played = herald("play", game, card, token=alice)
    assert played.stdout.startswith(f"Spelade {card} (drag 0).\n")
    assert "You drew" in played.stdout  # an event: the server's words

    me = herald("me", token=bob).stdout
    assert "namn:         bob" in me and "väntar:       1 parti väntar på dig" in me


def test_errors_in_swedish_keep_their_codes_and_rules(herald, two_player_game, monkeypatch):
    game, alice, bob = two_player_game
    english = herald("play", game, "pass", token=bob)
    swedish(monkeypatch)
    refused = herald("play", game, "pass", token=bob)
    assert refused.exit_code == english.exit_code == exitcodes.REJECTED
    # The server's sentence in the shell's language (its Accept-Language), its code and rule as
    # they are; the client's "Error" and "rule" around them in Swedish.
    assert english.stderr.startswith("Error: You are not asked to decide anything now")
    assert "(illegal-move, rule TOY-1)" in english.stderr
    assert refused.stderr.startswith("Fel: Du behöver inte bestämma något just nu")
    assert refused.stderr.endswith("(illegal-move, regel TOY-1)\n")

    missing = herald("show", game)
    assert missing.exit_code == exitcodes.AUTH
    assert missing.stderr == ("Fel: Ingen API-token. Ange HERALD_TOKEN, använd --token eller kör "
                              "`herald register NAME EMAIL --save`.\n")
    usage = herald("show", "abc", token=alice)
    assert usage.exit_code == exitcodes.USAGE and "'abc' är inget partinummer" in usage.stderr


def castle_assault_for_two(herald) -> tuple[int, str, str]:
    """A Castle Assault game of two players who chose no language: (game, ana's token, ben's)."""
    ana, ben = herald.register("ana"), herald.register("ben")
    created = herald.json("new", "castle-assault", "--seats", 2, "--option", "first-player=0", token=ana)
    codes = {invite["seat"]: invite["code"] for invite in created["invites"]}
    herald.json("join", codes[0], token=ana)
    herald.json("join", codes[1], token=ben)
    return created["id"], ana, ben


def test_a_player_without_a_language_hears_the_server_in_the_shells(herald, monkeypatch):
    """A player who chose no language and plays from a Dutch shell reads the board, the question
    and a refusal in Dutch, as a browser's page follows its Accept-Language; they were English
    beside the command's Dutch. --json stays English; a chosen language still wins."""
    game, ana, ben = castle_assault_for_two(herald)
    english = herald("show", game, token=ana).stdout
    assert "Your hand:" in english
    asked = herald.json("show", game, token=ana)["prompted"]
    assert asked[0]["text"].startswith("Your turn")
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    dutch = herald("show", game, token=ana).stdout
    assert "Your hand:" not in dutch and "Je hand:" in dutch, dutch
    refused = herald("play", game, "attack", token=ben)
    assert refused.exit_code == exitcodes.REJECTED
    assert refused.stderr.startswith("Fout: ") and " is " not in refused.stderr, refused.stderr
    assert herald.json("show", game, token=ana)["prompted"] == asked
    herald("account", "--language", "es", token=ana)
    assert "Tu mano:" in herald("show", game, token=ana).stdout  # the player's own choice first


WAITED = re.compile(r'"waiting_seconds": \d+')


def json_outputs(herald, commands, token) -> list[str]:
    """The commands' JSON, the seconds a seat has waited left out (the clock runs between runs)."""
    return [WAITED.sub('"waiting_seconds": N', herald(*command, "--json", token=token).stdout) for command in commands]


def test_json_output_is_the_same_in_every_language(herald, two_player_game, monkeypatch):
    game, alice, bob = two_player_game
    commands = [("show", game), ("moves", game), ("games",), ("next",), ("me",), ("log", game)]
    english = json_outputs(herald, commands, alice)
    assert any('"waiting_seconds": N' in output for output in english)
    for lang in ("sv_SE.UTF-8", "ru_RU.UTF-8", "hu_HU.UTF-8"):
        monkeypatch.setenv("LANG", lang)
        assert json_outputs(herald, commands, alice) == english


def test_json_errors_stay_english_for_scripts(herald, two_player_game, monkeypatch):
    game, alice, bob = two_player_game
    english = [herald("show", game, "--json"), herald("show", "abc", "--json", token=alice)]
    swedish(monkeypatch)
    for before, now in zip(english, [herald("show", game, "--json"), herald("show", "abc", "--json", token=alice)]):
        assert now.exit_code == before.exit_code and json.loads(now.stderr) == json.loads(before.stderr)
    assert json.loads(english[0].stderr)["message"].startswith("No API token.")


def test_help_is_translated_and_english_again_under_c(herald, monkeypatch):
    swedish(monkeypatch)
    helped = herald("--help")
    assert "Spela långsamma brädspel på en Herald-server." in helped.stdout
    assert "Slutkoder:" in helped.stdout and "avvisat av servern" in helped.stdout
    assert "Spela MOVE, skrivet i notation" in herald("play", "--help").stdout
    assert "Skriv ut maskinläsbar JSON." in herald("show", "--help").stdout
    monkeypatch.setenv("LC_ALL", "C")
    again = herald("--help").stdout
    assert "Play slow board games on a Herald server." in again and "Exit codes:" in again
    assert "Print machine-readable JSON." in herald("show", "--help").stdout


def test_localized_help_keeps_the_english_for_the_next_run(monkeypatch):
    """The help texts are swapped on the command objects themselves; the English is kept aside."""
    show = cli.commands["show"]
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    i18n.localize_help(cli)
    assert show.help.startswith("Показать доску")
    monkeypatch.setenv("LANG", "C")
    i18n.localize_help(cli)
    assert show.help == "Show the board of GAME as my seat sees it, and who must decide what."


# --- Click's own words ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["sv", "ru", "nl", "es", "hu"])
def test_clicks_own_words_speak_the_locales_language(offline_herald, monkeypatch, lang):
    """The help's headings, the help option and usage errors are Click's words: they were English
    under every locale ("Usage:", "Show this message and exit.", "Missing argument 'GAME'.").
    They follow the locale now; with --json the error stays English, as every --json answer."""
    from client import click_words

    monkeypatch.setenv("LANG", f"{lang}.UTF-8")
    helped = offline_herald("--help")
    assert helped.exit_code == 0
    for english in ("Usage:", "Options:", "Commands:", "Show this message and exit."):
        assert english not in helped.stdout, (english, helped.stdout[:400])
    assert i18n._("Show this message and exit.") in helped.stdout
    missing = offline_herald("play")
    assert missing.exit_code == exitcodes.USAGE and "Missing argument" not in missing.stderr
    assert i18n._("Missing argument") in missing.stderr and i18n._("Usage:") in missing.stderr
    typo = offline_herald("plai")
    assert "No such command" not in typo.stderr and "'plai'" in typo.stderr
    as_json = offline_herald("play", "--json")
    assert json.loads(as_json.stderr)["message"] == "Missing argument 'GAME'."
    assert all(message not in (None, "") for message in click_words.MESSAGES)


def test_click_still_says_every_message_the_catalogs_translate_for_it():
    """Each of Click's messages the catalogs hold is still said by the Click installed (a rewording
    in a new Click would otherwise fall back to English without a word)."""
    import importlib
    from pathlib import Path

    from babel.messages.extract import extract

    from client import click_words

    said = set()
    for name in click_words.SPEAKING:
        with Path(importlib.import_module(name).__file__).open("rb") as source:
            said |= {message for _line, message, _notes, _context in extract("python", source, {"_": None, "ngettext": (1, 2)})}
    assert not [message for message in click_words.MESSAGES if message not in said]


def test_a_rating_is_written_with_the_languages_decimal_mark():
    """`herald ratings` wrote '12.5' under every locale; Swedish, Russian, Dutch, Spanish and
    Hungarian write a decimal comma."""
    from client.table_output import ratings_table

    table = {"ruleset": "toy-race", "ratings": [{"rank": 1, "name": "ana", "rating": 12.46, "games": 3}]}
    assert "   12.5 " in ratings_table(table)
    for lang in ("sv", "ru", "nl", "es", "hu"):
        with i18n.speaking(lang):
            assert "   12,5 " in ratings_table(table)


def test_the_ratings_columns_stand_under_their_headings_in_every_language():
    """'puntuación partidas' is wider than the columns it heads: the numbers stood under the
    wrong heading in Spanish and Dutch."""
    from client.table_output import ratings_table

    table = {"ruleset": "toy-race", "ratings": [{"rank": 1, "name": "ana", "rating": 12.46, "games": 3}]}
    for lang in i18n.LANGUAGES:
        with i18n.speaking(lang):
            heading, row = ratings_table(table).splitlines()
            assert len(heading) == len(row), (lang, heading, row)  # numbers end where their headings end


def test_spanish_names_a_seat_with_its_article():
    """'Esperando a puesto 2 (José)', 'ganó puesto 1': Spanish wants 'al puesto', and a winner's
    line that reads for one winner or several."""
    from client.output import game_picture

    seats = [{"seat": 0, "player": 1, "name": "Ana"}, {"seat": 1, "player": 2, "name": "José"}]
    asking = {"id": 7, "title": "T", "status": "active", "version": 3, "seats": seats, "my_seat": 0,
              "prompted": [{"seat": 0, "kind": "turn", "text": "¿Qué juegas?"}, {"seat": 1, "kind": "turn", "text": "-"}]}
    over = {**asking, "status": "finished", "prompted": [], "result": {"winners": [0, 1], "reason": ""}}
    with i18n.speaking("es"):
        shown, ended = game_picture(asking, ""), game_picture(over, "")
    assert "Esperando al puesto 0 (Ana) (tú): ¿Qué juegas?" in shown and "Esperando a que el puesto 1 (José) " in shown
    assert "Terminada. Victoria: puesto 0 (Ana), puesto 1 (José)." in ended


def test_a_hungarian_message_takes_the_article_its_number_needs(monkeypatch):
    """The client's Hungarian catalog writes "a(z) {game}."; the command says "az 1." and "a 2."."""
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    template = i18n._("Joined game {game} as seat {seat}.")
    assert "a(z)" in template
    assert "az 1. játszmához a 0. helyen" in template.format(game=1, seat=0)
    assert "a 2. játszmához az 5. helyen" in template.format(game=2, seat=5)


def test_a_numbers_type_and_required_speak_the_locales_language(offline_herald, monkeypatch):
    """'x' is not a valid integer range.' and the help's '[x>=1; required]' were English under
    every locale: Click says them from a type's name and a variable, not a message. Each numeric
    option also names what it takes ('--seats N'), not Click's 'INTEGER RANGE'."""
    import click.types

    from client import click_words

    assert {kind.__dict__["name"].english for kind in (click.types.IntParamType, click.types.IntRange,
                                                       click.types.FloatParamType, click.types.FloatRange)} \
        == set(click_words.TYPE_NAMES)  # (the names Click still gives its number types)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    refused = offline_herald("new", "castle-assault", "--seats", "x")
    assert refused.exit_code == exitcodes.USAGE and "är inte ett giltigt värde av typen heltal" in refused.stderr
    helped = offline_herald("new", "--help").stdout
    assert "--seats N" in helped and "[x>=1; krävs]" in helped and "INTEGER" not in helped
    monkeypatch.setenv("LANG", "C")
    assert "'x' is not a valid integer range." in offline_herald("new", "castle-assault", "--seats", "x").stderr


@pytest.mark.parametrize("lang", ["sv", "ru", "nl", "es", "hu"])
@pytest.mark.parametrize(("english", "args"), [
    ("--language, --timezone and --quiet go without a subcommand", ("account", "--language", "sv", "rename", "bob")),
    ("A budget is a time like 2s", ("bot", "--budget", "lots")),
])
def test_the_clients_own_usage_errors_speak_the_locales_language(offline_herald, monkeypatch, lang, english, args):
    """`herald account --language sv rename bob` and `herald bot --budget lots` wrote their usage
    error in English under every locale, after Click's own words in the player's language (the
    one a sentence the client never marked, the other core's sentence passed on as it was)."""
    monkeypatch.setenv("LANG", f"{lang}.UTF-8")
    refused = offline_herald(*args, token="t0k3n")
    assert refused.exit_code == exitcodes.USAGE and i18n._("Usage:") in refused.stderr
    assert english not in refused.stderr, refused.stderr
    if "--budget" in args:
        assert "'lots'" in refused.stderr
