"""The client's own PO reader (client/pofile.py) and the MO bytes it gives the standard library."""
import gettext
import io

import pytest

from client import pofile

SAMPLE = r'''# A translator's comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#. client/output.py
#, python-brace-format
msgid "Joined game {game} as seat {seat}."
msgstr "Вы присоединились к партии {game} "
"на место {seat}."

msgid "Say \"hi\"\tand\\or go\n"
msgstr "Скажите \"привет\"\tи\\или идите\n"

msgid "{count} move made."
msgid_plural "{count} moves made."
msgstr[0] "сделан {count} ход."
msgstr[1] "сделано {count} хода."
msgstr[2] "сделано {count} ходов."

msgctxt "game status"
msgid "open"
msgstr "открыта"

msgctxt "undo proposal"
msgid "open"
msgstr "открыто"

#, fuzzy
msgid "Not yet checked."
msgstr "Ещё не проверено."

msgid "Not translated yet."
msgstr ""

#~ msgid "Long gone."
#~ msgstr "Давно нет."
'''


def catalog(text: str = SAMPLE) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(pofile.parse(text))))


def test_entries_are_read_with_continued_strings_escapes_flags_and_comments():
    entries = {(e.msgctxt, e.msgid): e for e in pofile.parse(SAMPLE)}
    joined = entries[(None, "Joined game {game} as seat {seat}.")]
    assert joined.msgstr == ["Вы присоединились к партии {game} на место {seat}."]
    assert joined.flags == {"python-brace-format"} and joined.comments == ["client/output.py"]
    assert entries[(None, 'Say "hi"\tand\\or go\n')].msgstr == ['Скажите "привет"\tи\\или идите\n']
    assert entries[(None, "{count} move made.")].msgid_plural == "{count} moves made."
    assert len(entries[(None, "{count} move made.")].msgstr) == 3
    assert entries[("game status", "open")].msgstr == ["открыта"]
    assert entries[(None, "Not yet checked.")].fuzzy
    assert not entries[(None, "Not translated yet.")].translated
    assert (None, "Long gone.") not in entries  # obsolete entries are skipped
    assert pofile.header(list(entries.values()))["Content-Type"] == "text/plain; charset=UTF-8"


def test_the_standard_library_reads_the_compiled_catalog():
    russian = catalog()
    assert russian.gettext("Joined game {game} as seat {seat}.") == "Вы присоединились к партии {game} на место {seat}."
    assert russian.gettext('Say "hi"\tand\\or go\n') == 'Скажите "привет"\tи\\или идите\n'
    assert russian.pgettext("game status", "open") == "открыта"
    assert russian.pgettext("undo proposal", "open") == "открыто"
    assert russian.gettext("open") == "open"  # without a context it is another message


def test_fuzzy_and_empty_translations_fall_back_to_english_as_with_msgfmt():
    russian = catalog()
    assert russian.gettext("Not yet checked.") == "Not yet checked."
    assert russian.gettext("Not translated yet.") == "Not translated yet."
    assert russian.gettext("Long gone.") == "Long gone."


@pytest.mark.parametrize(("count", "form"), [(1, "ход"), (21, "ход"), (101, "ход"), (2, "хода"), (4, "хода"), (22, "хода"),
                                             (5, "ходов"), (11, "ходов"), (12, "ходов"), (14, "ходов"), (111, "ходов"),
                                             (0, "ходов"), (25, "ходов")])
def test_plural_forms_follow_the_headers_formula(count, form):
    text = catalog().ngettext("{count} move made.", "{count} moves made.", count)
    assert text.endswith(f"{{count}} {form}.")


def test_a_plural_formula_is_never_run_as_python():
    """The stdlib compiles Plural-Forms from a C expression of n only (gettext.c2py)."""
    evil = SAMPLE.replace("plural=(n%10==1", "plural=__import__('os').getpid() or (n%10==1")
    with pytest.raises(ValueError):
        catalog(evil)


@pytest.mark.parametrize("text", [
    'msgid "a"\nmsgstr "b" "c"\nmsgstr "d"\n',     # two msgstr
    'msgid "a"\n',                                  # no msgstr
    'msgstr "b"\n',                                 # msgstr before msgid
    'msgid "a"\nmsgstr "unterminated\n',            # a string without its closing quote
    'msgid "a"\nmsgstr "say "hi""\n',               # a bare quote inside a string
    'msgid "a"\nmsgstr "\\q"\n',                    # an unknown escape
    'msgid "a"\nmsgstr[0] "b"\n',                   # plural forms without msgid_plural
    'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"\n',  # a form missing
    'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',   # a plural entry with a single msgstr
    'msgctxt "c"\nmsgstr "b"\n',                    # a context without msgid
    'nonsense "a"\n',
    '"a"\n',                                        # a string continuing nothing
])
def test_malformed_files_are_refused_with_the_line(text):
    with pytest.raises(pofile.POError, match=r"line \d+"):
        pofile.parse(text)


def test_entries_follow_each_other_without_blank_lines():
    entries = pofile.parse('msgid "a"\nmsgstr "1"\nmsgid "b"\nmsgstr "2"\nmsgctxt "x"\nmsgid "a"\nmsgstr "3"\n')
    assert [(e.msgctxt, e.msgid, e.msgstr) for e in entries] == [(None, "a", ["1"]), (None, "b", ["2"]), ("x", "a", ["3"])]
