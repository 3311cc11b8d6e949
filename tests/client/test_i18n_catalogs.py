"""The catalogs of the `herald` command (client/locale/<lang>.po) against its source: every
message translated in every language, with the same placeholders, commands, options and names,
the right number of plural forms, and no sentence left in English.

After changing a message: `python -m tests.support.climessages` adds it to every catalog (and
drops the ones no longer used); then translate it in each.
"""
import re
import string

import pytest

from client import i18n, pofile
from tests.support import climessages

LANGUAGES = climessages.TRANSLATED
MESSAGES = climessages.messages()
CATALOGS = {lang: climessages.catalog(lang) for lang in LANGUAGES}

# What a translation keeps as it is: commands in backticks, options, environment variables,
# argument names and other upper-case words (GAME, JSON, UTC, SEAT=LEVEL).
KEPT = re.compile(r"`[^`]+`|(?<![\w-])--[a-z][a-z-]*|\$?\bHERALD_[A-Z_]+\b|\b[A-Z][A-Z0-9]+\b")
# Unit symbols may read the same as in English ('{seconds} s', '{minutes} min').
UNIT_SYMBOLS = {"s", "min", "h", "d"}


def entries(lang: str) -> list[pofile.Entry]:
    return [entry for entry in CATALOGS[lang] if entry.msgid]


def english_forms(entry: pofile.Entry) -> list[str]:
    return [entry.msgid] if entry.msgid_plural is None else [entry.msgid, entry.msgid_plural]


def fields(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conversion in string.Formatter().parse(text) if name is not None}


def test_the_source_marks_only_named_placeholders():
    for message in MESSAGES.values():
        for text in filter(None, (message.msgid, message.msgid_plural)):
            names = fields(text)
            assert all(name and not name.isdigit() for name in names), (text, message.where)
            assert not re.search(r"%[sdr(]", text), ("use named {placeholders}, not %", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_none_is_left_over(lang):
    catalog = {climessages.key_of(entry): entry for entry in entries(lang)}
    missing = [key for key in MESSAGES if key not in catalog or not catalog[key].translated]
    fuzzy = [key for key, entry in catalog.items() if entry.fuzzy]
    unused = [key for key in catalog if key not in MESSAGES]
    assert (missing, fuzzy, unused) == ([], [], []), "run `python -m tests.support.climessages`, then translate"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_header_names_the_language_and_its_plural_rule(lang):
    header = pofile.header(CATALOGS[lang])
    assert header["Language"] == lang and header["Content-Type"] == "text/plain; charset=UTF-8"
    assert header["Plural-Forms"] == climessages.PLURAL_FORMS[lang]
    assert i18n.translations(lang).info()["plural-forms"] == climessages.PLURAL_FORMS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_every_form_of_the_language(lang):
    wanted = climessages.NPLURALS[lang]
    wrong = [(entry.msgid, len(entry.msgstr)) for entry in entries(lang)
             if entry.msgid_plural is not None and len(entry.msgstr) != wanted]
    assert wrong == []
    if lang == "ru":
        assert wanted == 3 and any(entry.msgid_plural for entry in entries(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang):
    """A message's translation has its placeholders. A plural's forms may each use the singular's
    or the plural's where the English does (Click's "Did you mean {possibility}?" / "(... one of:
    {possibilities}?)", both filled in every time): each form keeps what both English forms
    share, uses no other, and all of them together use every one."""
    wrong = []
    for entry in entries(lang):
        wanted = fields(entry.msgid) | (fields(entry.msgid_plural) if entry.msgid_plural else set())
        shared = fields(entry.msgid) & fields(entry.msgid_plural) if entry.msgid_plural else wanted
        for form in entry.msgstr:
            if not shared <= fields(form) <= wanted:
                wrong.append((entry.msgid, form))
            else:  # and every one of them fills in
                form.format(**{name: "x" for name in wanted})
        if set().union(*(fields(form) for form in entry.msgstr)) != wanted:
            wrong.append((entry.msgid, entry.msgstr))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_commands_options_and_names(lang):
    wrong = []
    for entry in entries(lang):
        for english, form in zip(english_forms(entry) * 3, entry.msgstr):
            if sorted(KEPT.findall(form)) != sorted(KEPT.findall(english)):
                wrong.append((english, form, sorted(set(KEPT.findall(english)) ^ set(KEPT.findall(form)))))
    assert wrong == []


def only_symbols(msgid: str) -> bool:
    words = re.findall(r"[^\W\d_]+", re.sub(r"\{[^}]*\}", "", msgid))
    return set(words) <= UNIT_SYMBOLS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_reads_as_the_english(lang):
    """Rendered through the compiled catalog, for one thing and for several, every message differs
    from the English, except one made of placeholders and unit symbols only."""
    catalog, english = i18n.translations(lang), i18n.translations(i18n.SOURCE_LANGUAGE)
    same = []
    for entry in entries(lang):
        if only_symbols(entry.msgid):
            continue
        if entry.msgid_plural is not None:
            plural = (entry.msgid, entry.msgid_plural)
            rendered = [(catalog.ngettext(*plural, n), english.ngettext(*plural, n)) for n in (1, 2, 5, 21)]
        elif entry.msgctxt is not None:
            rendered = [(catalog.pgettext(entry.msgctxt, entry.msgid), entry.msgid)]
        else:
            rendered = [(catalog.gettext(entry.msgid), entry.msgid)]
        same += [(entry.msgctxt, entry.msgid) for translated, source in rendered if translated == source]
    assert same == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_gives_each_translation(lang):
    catalog = i18n.translations(lang)
    for entry in entries(lang):
        if entry.msgid_plural is not None:
            assert catalog.ngettext(entry.msgid, entry.msgid_plural, 1) == entry.msgstr[0]
            assert catalog.ngettext(entry.msgid, entry.msgid_plural, 5) == entry.msgstr[-1]
        elif entry.msgctxt is not None:
            assert catalog.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr[0]
        else:
            assert catalog.gettext(entry.msgid) == entry.msgstr[0]


def test_the_catalogs_are_as_the_updater_writes_them():
    """`python -m tests.support.climessages` would change nothing: the files are in its order
    and form (so a translator's diff shows translations only)."""
    for lang in LANGUAGES:
        translated = {climessages.key_of(e): e.msgstr for e in entries(lang)}
        written = (climessages.LOCALE / f"{lang}.po").read_text(encoding="utf-8")
        assert written == climessages.render(lang, MESSAGES, translated), lang


def test_every_shown_table_word_is_marked():
    """Texts kept in tables (N_) are translated where shown: each one is a catalog message."""
    from client import clock_output, exitcodes, me_commands, output

    tables = [*clock_output.WEEKDAYS, *clock_output.MONTHS, *(text for _code, text in exitcodes.TABLE),
              *me_commands.MAIL_MEANING.values(), *output.AWAITED.values()]
    assert [text for text in tables if (None, text, None) not in MESSAGES] == []
