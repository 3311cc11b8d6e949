"""The games' catalogs (issue 27): `catalogs/<ruleset>/<lang>.po` and `catalogs/core/<lang>.po`
hold exactly the messages the engines say (`python -m server.web.i18n.extract` has been run),
every one translated in every language, its placeholders kept (a plural form may leave out
the count: "the top card" for n = 1), its plural forms as many as the language has (Russian
and Spanish three), and what a player types ('resign', `pass`) as typed."""
from __future__ import annotations

import re

import pytest

from core import games
from server.web.i18n import catalogs, extract, languages
from tests.support.sizes import CORE_MESSAGES, least

DOMAINS = [extract.CORE_DOMAIN, *games.guided()]
OTHERS = [code for code in languages.LANGUAGES if code != languages.DEFAULT]
FIELD = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}")
COMMAND = re.compile(r"`[^`]+`")
PLURALS = {"ru": 3, "es": 3}
METAVARIABLE = re.compile(r"\b[^\W\d_a-zà-ÿа-яё]{2,}\b")  # THING in `herald explain GAME THING`: the reader's word


def typed(text: str) -> str:
    """A command as a player types it, its placeholder words (THING, SAK, ЧТО) left out."""
    return METAVARIABLE.sub("X", text)


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_catalogs_hold_exactly_the_messages_the_engines_say(domain):
    said = {m.id for m in extract.game_messages(domain) if m.id}
    floor = CORE_MESSAGES if domain == extract.CORE_DOMAIN else least(domain).messages
    assert len(said) >= floor, f"{domain}: {len(said)} messages, cut short? (tests/support/sizes.py)"
    for language in OTHERS:
        found = catalogs.catalog(language, domain)
        assert {m.id for m in found if m.id} == said, (domain, language)
        assert not found.obsolete, (domain, language)


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_with_its_placeholders_and_plural_forms(domain, language):
    found = catalogs.catalog(language, domain)
    assert found.num_plurals == PLURALS.get(language, 2)
    for message in found:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy and all(s.strip() for s in strings), (domain, language, ids[0])
        assert len(strings) == (found.num_plurals if message.pluralizable else 1), (domain, language, ids[0])
        wanted = set().union(*map(fields, ids))
        for text in strings:
            assert fields(text) - {"n"} == wanted - {"n"}, (domain, language, ids[0], text)
            for command in COMMAND.findall(ids[0]):  # what a player types stays as typed
                assert typed(command) in typed(text), (domain, language, command, text)
