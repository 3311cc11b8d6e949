"""Bring every catalog up to date with the sentences the server marks for translation:

    python -m server.web.i18n.extract

reads the templates (server/templates, `_()`, `ngettext()` and `{% trans %}`) and the server's
modules (`msg()`, `msg_n()`: server/errors.py; and `_()`/`gettext()` where a module translates
itself), then rewrites `catalogs/<lang>.po` for every language; and reads each game's engine
(`core/<package>/`, with the shared modules `core/*.py`) for the messages it says (`say`, `say_n`:
core/text.py) into `catalogs/<ruleset>/<lang>.po`: a new sentence arrives with an empty translation (read in English until someone
writes one: tests/server/test_i18n.py fails meanwhile), a sentence no longer used leaves, and
every translation already written stays. No `.pot` file and no `.mo` file are kept: the
catalogs are compiled in memory when the server first needs them (catalogs.py).
"""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract as extract_from
from babel.messages.pofile import write_po
from jinja2.ext import babel_extract

from core import games
from server.web.i18n.catalogs import DOMAIN, catalog, catalog_path
from server.web.i18n.languages import DEFAULT, LANGUAGES

SERVER = Path(__file__).resolve().parents[2]
CORE = SERVER.parent / "core"
GAME_KEYWORDS = {"say": None, "say_n": (1, 2)}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "msg": None, "msg_n": (1, 2), "N_": None}
JINJA_OPTIONS = {"extensions": "jinja2.ext.i18n", "trimmed": "true", "newstyle_gettext": "true",
                 "trim_blocks": "true", "lstrip_blocks": "true", "keep_trailing_newline": "true"}


def messages() -> Catalog:
    """Every sentence marked in the templates and in PYTHON, with where it stands."""
    found = Catalog(project="Herald", domain=DOMAIN, charset="utf-8")
    templates = SERVER / "templates"
    for path in sorted(templates.rglob("*.j2")):
        where = "server/" + path.relative_to(SERVER).as_posix()
        with path.open("rb") as file:
            for lineno, function, message, comments in babel_extract(file, list(KEYWORDS), [], JINJA_OPTIONS):
                if message is None:  # _(a variable): no sentence here to translate
                    continue
                if isinstance(message, tuple):  # the number and the values filled in are no message
                    strings = tuple(part for part in message if isinstance(part, str))
                    message = strings[:2] if function == "ngettext" else strings[0]
                found.add(message, locations=[(where, lineno)], auto_comments=comments)
    for name in python_modules():
        with (SERVER / name).open("rb") as file:
            for lineno, message, comments, _context in extract_from("python", file, KEYWORDS):
                found.add(message, locations=[(f"server/{name}", lineno)], auto_comments=comments)
    return found


def python_modules() -> list[str]:
    """Every module of the server (their sentences: `msg`, `msg_n`, or their own gettext)."""
    return sorted(path.relative_to(SERVER).as_posix() for path in SERVER.rglob("*.py")
                  if "migrations" not in path.parts)


CORE_DOMAIN = "core"  # what core/*.py says for every game (resigning, taking back, skipping)
PICTURES = "*/picture.py"  # the games' pictures: their words go with core/picture.py's, into CORE_DOMAIN


def game_messages(ruleset: str) -> Catalog:
    """Every message a game's engine says; CORE_DOMAIN: what the shared modules of core/ say,
    and every game's picture (one set of words for the pictures, many of them shared)."""
    found = Catalog(project="Herald", domain=ruleset, charset="utf-8")
    if ruleset == CORE_DOMAIN:
        paths = sorted(CORE.glob("*.py")) + sorted(CORE.glob(PICTURES))
    else:
        package = CORE / games.facts(ruleset).package.split(".", 1)[1]
        paths = sorted(set(package.rglob("*.py")) - set(CORE.glob(PICTURES)))
    for path in paths:
        where = path.relative_to(CORE.parent).as_posix()
        with path.open("rb") as file:
            for lineno, message, comments, _context in extract_from("python", file, GAME_KEYWORDS):
                if isinstance(message, tuple):
                    message = message[:2]
                if message and all(message if isinstance(message, tuple) else (message,)):
                    found.add(message, locations=[(where, lineno)], auto_comments=comments,
                              flags=("python-brace-format",))
    return found


HEADER = """\
{language} translation of {whose}.
Written by hand; `python -m server.web.i18n.extract` adds new sentences and drops unused ones."""
SERVER_WORDS = "Herald's words: its mails, the game page and the rules pages"
GAME_WORDS = "{domain}'s words: its events, prompts, refusals, board and endings"
# Header fields that would change with every run or name no one: left out.
UNSTABLE = ('"POT-Creation-Date', '"PO-Revision-Date', '"Report-Msgid-Bugs-To', '"Generated-By', '"Project-Id-Version')


def updated(language: str, template: Catalog, domain: str = DOMAIN) -> Catalog:
    """The language's catalog with exactly `template`'s messages, its translations kept."""
    if catalog_path(language, domain).is_file():
        current = catalog(language, domain)
    else:
        current = Catalog(locale=language, project="Herald", domain=domain, charset="utf-8")
    current.update(template, no_fuzzy_matching=True)
    current.obsolete.clear()
    whose = SERVER_WORDS if domain == DOMAIN else GAME_WORDS.format(domain="core" if domain == CORE_DOMAIN else domain)
    current.header_comment = "\n".join(f"# {line}" for line in HEADER.format(
        language=current.locale.get_display_name("en") if current.locale else language, whose=whose).splitlines())
    current.fuzzy = False
    current.last_translator = current.language_team = "Herald translators"
    return current


def po_text(found: Catalog) -> str:
    buffer = BytesIO()
    write_po(buffer, found, width=100, include_lineno=False, omit_header=False, sort_output=False)
    lines = buffer.getvalue().decode("utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(UNSTABLE))


def main() -> None:
    folder = Path(__file__).with_name("catalogs")
    domains = [(DOMAIN, messages(), folder)]
    domains += [(name, game_messages(name), folder / name) for name in [CORE_DOMAIN, *games.guided()]]
    for domain, template, where in domains:
        if domain != DOMAIN and not len(template):
            continue
        where.mkdir(exist_ok=True)
        for language in LANGUAGES:
            if language == DEFAULT:
                continue
            path = where / f"{language}.po"
            path.write_text(po_text(updated(language, template, domain)), encoding="utf-8")
            print(f"{path}: {len(template)} messages")


if __name__ == "__main__":
    main()
