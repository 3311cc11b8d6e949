"""The player guides and glossaries served by `GET /rulesets/{name}/rules` and `/explain/{thing}`
(as Markdown text) and `GET /rules/{name}` (as a web page, server/web/guidepages.py).

A guide is `server/guides/<game>.md`, written for players (the engine's notes for developers
are `core/<game>/README.md`); it ships inside this package, so an installed server reads it
through importlib.resources without a checkout. Its generated tables are rewritten from the
game's data by `python docs/guides.py`. Its translations are `server/guides/<lang>/<game>.md`
(the same headings, tables, pictures and move notation; `<lang>/terms.json` lists the names
of the game's components in that language); a language without one reads the English guide.
Glossaries are `core/<game>/glossary.py`, found next to the game's module in the registry.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from core.glossary import Glossary
from core.registry import games
from server.config import Settings, settings_of
from server.errors import ApiError, msg
from server.web.i18n import catalogs, gamewords, terms
from server.web.i18n.languages import DEFAULT, effective

HEADING = re.compile(r"^(#{1,4}) +(.+?) *$")


@dataclass(frozen=True)
class Section:
    level: int
    title: str
    text: str  # the heading line and everything up to the next heading of the same or a higher level


def guided() -> list[str]:
    """The offered games that have a player guide and a glossary."""
    return [facts.name for facts in games.every() if facts.offered and facts.guide]


def known(name: str) -> str:
    """The file name of `name`'s guide, or 404."""
    if name not in guided():
        raise ApiError(404, "not-found", msg("There is no guide for %(name)s (games: %(games)s).", name=repr(name),
                                             games=", ".join(guided())),
                       details={"close": close(name, guided())})
    return str(games.facts(name).guide)


def guide_language(name: str, language: str | None) -> str:
    """The language the guide of `name` is read in for `language`: its own if translated, else English."""
    language = effective(language)
    if language != DEFAULT and resources.files("server.guides").joinpath(language, f"{name}.md").is_file():
        return language
    return DEFAULT


def guide_text(name: str, language: str | None = None) -> str:
    name = known(name)
    folder = resources.files("server.guides")
    language = guide_language(name, language)
    found = folder.joinpath(f"{name}.md") if language == DEFAULT else folder.joinpath(language, f"{name}.md")
    return found.read_text(encoding="utf-8")


def glossary(name: str) -> Glossary:
    known(name)
    return games.facts(name).glossary


def sections(text: str) -> list[Section]:
    """Every heading with its body (nested sections included), outside code blocks."""
    lines = text.splitlines()
    heads, fenced = [], False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            heads.append((i, len(match.group(1)), match.group(2)))
    out = []
    for n, (start, level, title) in enumerate(heads):
        end = next((i for i, lvl, _ in heads[n + 1:] if lvl <= level), len(lines))
        out.append(Section(level, title, "\n".join(lines[start:end]).rstrip() + "\n"))
    return out


def topics(text: str) -> list[str]:
    return [s.title for s in sections(text) if s.level == 2]


def rules(name: str, topic: str | None = None, language: str | None = None) -> dict:
    """The whole guide, or the section whose heading is `topic` (`_section_named`); in `language`
    where the guide is translated (the headings, and so the topics, are then that language's; a
    topic named by its English heading finds the same section there), else in English.
    `language` in the answer says which it is."""
    text = guide_text(name, language)
    listed = topics(text)
    language = guide_language(name, language)
    if not topic or not topic.strip():
        return {"ruleset": name, "topic": None, "title": sections(text)[0].title, "text": text, "topics": listed,
                "language": language}
    found = sections(text)
    where = _section_named(found, topic)
    if where is None and language != DEFAULT:  # a topic named in English (the help's `rules cards`)
        english = sections(guide_text(name, DEFAULT))
        if [s.level for s in english] == [s.level for s in found]:  # a translation keeps the headings
            where = _section_named(english, topic)
    if where is not None:
        return {"ruleset": name, "topic": topic, "title": found[where].title, "text": found[where].text,
                "topics": listed, "language": language}
    # (no full stop after the list: a heading may end it with its own, "What if…")
    raise ApiError(404, "not-found", msg("The %(name)s guide has no section about %(topic)s. Its topics: %(topics)s",
                                         name=name, topic=repr(topic), topics="; ".join(listed)),
                   details={"topics": listed})


def _section_named(found: list[Section], topic: str) -> int | None:
    """The index of the section whose heading is `topic`, else starts with it, else contains it
    (any letter case; a chapter before a subsection, then the first in the guide)."""
    wanted = " ".join(topic.lower().split())
    tests = (lambda t: t == wanted, lambda t: t.startswith(wanted), lambda t: wanted in t)
    for test in tests:
        matching = sorted((i for i, s in enumerate(found) if test(s.title.lower())), key=lambda i: found[i].level)
        if matching:
            return matching[0]
    return None


def explain(name: str, thing: str, language: str | None = None) -> dict:
    """What `thing` means in `name`'s glossary, its title and text said in `language` (the
    game's catalog and term list: the names its printed edition in that language gives).
    `thing` is looked up as a player types it: the English name or a symbol, or a component's
    name in `language` (`Borg`, `Dimskogen 1`), which is read back to the English one."""
    language = effective(language)
    book = glossary(name)
    found = book.explain(thing)
    if found is None:
        english = translated_name(name, thing, language)
        candidates = [english] if english else translated_symbols(name, thing, language)
        found, symbol = next(((entry, candidate) for candidate in candidates
                              if (entry := book.explain(candidate)) is not None), (None, None))
        if found is not None:
            found["thing"] = thing.strip()
            if not english and found["title"] == symbol:  # a symbol is headed as the reader's board writes it
                found["title"] = thing.strip()
    if found is None:
        near = book.close_matches(thing)
        if near:
            refusal = msg("The %(name)s glossary does not know %(thing)s. Did you mean: %(close)s?", name=name,
                          thing=repr(thing), close=", ".join(near))
        else:
            refusal = msg("The %(name)s glossary does not know %(thing)s. Try a card, territory or board symbol.",
                          name=name, thing=repr(thing))
        raise ApiError(404, "not-found", refusal, details={"close": near})
    for key in ("title", "kind_text", "text"):
        found[key] = gamewords.said(found[key], language, name)
    return {"ruleset": name, **found, "language": language}


def translated_name(name: str, thing: str, language: str) -> str | None:
    """The English name of a component that `language`'s term list of `name` calls `thing`
    (any letter case), or None."""
    wanted = " ".join(thing.lower().split())
    for english, said in terms.terms(language).get(name, {}).items():
        if said.lower() == wanted:
            return english
    return None


def translated_symbols(name: str, thing: str, language: str) -> list[str]:
    """What the board's symbol or short label `thing`, as `language` writes it ("МИР", "орки 2",
    "BÉKE"), is in English ("PEACE", "orcs 2"): each short message of the game's catalog whose
    translation it fits, read back through its English template."""
    wanted = " ".join(thing.split())
    found = []
    for translated, english in _short_messages(name, language):
        match = translated.fullmatch(wanted)
        if match:
            try:
                found.append(english.format(**match.groupdict()))
            except (KeyError, IndexError, ValueError):
                continue
    return found


SLOT = re.compile(r"(\{\w+\})")


@lru_cache(maxsize=64)
def _short_messages(name: str, language: str) -> tuple[tuple[re.Pattern, str], ...]:
    """(the translation as a pattern, its English template) of the game's messages of at most three
    words that hold a word of their own (not only slots): what a board shows as a label."""
    found = []
    domains = [domain for domain in (name, gamewords.CORE_DOMAIN)  # (the pictures' labels are core's)
               if language != DEFAULT and catalogs.catalog_path(language, domain).is_file()]
    for message in (message for domain in domains for message in catalogs.catalog(language, domain)):
        if not isinstance(message.id, str) or not message.id.strip() or not isinstance(message.string, str) \
                or not message.string.strip() or message.fuzzy or len(message.id.split()) > 3:
            continue
        parts = SLOT.split(message.string.strip())
        if not any(re.search(r"\w", part) for part in parts[::2]):
            continue
        pattern = "".join(f"(?P<{part[1:-1]}>\\S+)" if SLOT.fullmatch(part) else re.escape(part) for part in parts)
        try:
            found.append((re.compile(pattern, re.IGNORECASE), message.id.strip()))
        except re.error:  # the same slot twice
            continue
    return tuple(found)


def rules_url(config: Settings, name: str | None, language: str | None = None) -> str:
    """The guide's web page as the mails link it ("" for a mail about no game): in the mail's
    language (`?lang=`) where that is not the default."""
    config = settings_of(config)
    if not name:
        return ""
    query = f"?lang={effective(language)}" if effective(language) != DEFAULT else ""
    return f"{config.public_url}/rules/{name}{query}"


def close(word: str, names: list[str]) -> list[str]:
    return difflib.get_close_matches(word, names, n=3, cutoff=0.5)
