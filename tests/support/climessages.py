"""The messages of the `herald` command that its catalogs (client/locale/<lang>.po) translate.

Two kinds: the texts marked in client/ with `_("...")`, `N_("...")` and `ngettext("...", "...", n)`
(read from the source, as xgettext would), and the help of every command and option (read from
the command tree itself, as client.i18n.localize_help looks them up). `python -m
tests.support.climessages` brings every catalog in line with them: a new message is added with
an empty translation (shown in English until translated; tests/client/test_i18n_catalogs.py
fails until it is), a message no longer in the source is dropped, translations are kept.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from client import i18n, output, pofile

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "client"
LOCALE = CLIENT / "locale"
TRANSLATED = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE_LANGUAGE)
NPLURALS = {"sv": 2, "nl": 2, "es": 2, "hu": 2, "ru": 3}
PLURAL_FORMS = {
    "sv": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "hu": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
NAMES = {"sv": "Swedish", "ru": "Russian", "nl": "Dutch", "es": "Spanish", "hu": "Hungarian"}
MONTH = "A month inside a date ('Thursday 26 November'): Russian takes the genitive (ноября)."
UNITS = "Unit symbols after a number: keep them short."
NOTES = {  # for translators, written into every catalog above the message
    "{weekday} {day:02d} {month} {time} UTC": "A date and time, 'Thursday 26 November 18:00 UTC'; {day:02d} is the day "
                                              "with a leading zero (write {day} for none).",
    "{days}d {hours}h": "A time left, '7d 0h' (days and hours).",
    "{seconds} s": UNITS, "{minutes} min": UNITS, "{hours} h": UNITS, "{hours} h {minutes} min": UNITS,
    "{days} d": UNITS, "{days} d {hours} h": UNITS,
    "Resign from game {game}? This cannot be undone": "A question: Click adds ' [y/N]: ' and reads y or n.",
    "Clock: {per_move}; at a passed deadline: {action}.": "{action} is the option's own word (default, resign, bot, "
                                                          "skip), as typed in --on-timeout.",
    "Clock: {per_move} + {reserve}; at a passed deadline: {action}.": "{action} is the option's own word (default, "
                                                                      "resign, bot, skip), as typed in --on-timeout.",
    "{count} invitations for {seats} seat": "A refusal: more --invite addresses than seats; the form goes by {seats}.",
    "seats {taken}/{total}  move {move}": "Two columns of `herald games`: keep the two spaces.",
    "Then run: {command}": "{command} is a command line, kept as it is.",
    "stale": "An undo proposal that a move made meanwhile overtook: it can no longer be carried out.",
    "Waiting for {seat} {what}.": "{what} is one of the phrases 'to take their turn', 'to react', ... below, "
                                  "translated to fit this sentence.",
    **{phrase: "Ends the sentence 'Waiting for {seat} {what}.' (what another seat is asked to do)."
       for phrase in (*output.AWAITED.values(), "to decide", "to decide ({kind})")},
    **{month: MONTH for month in ("January", "February", "March", "April", "May", "June", "July", "August",
                                  "September", "October", "November", "December")},
}
MARKERS = {"_": 1, "N_": 1, "N_n": 2, "ngettext": 2, "pgettext": 2,  # the marking functions, the strings each takes
           "told": 1}  # core/gamerecord.py's sentences, which `herald replay` says
# Modules outside client/ whose marked texts the command says (what `herald replay` checks).
SAID_FROM_CORE = (ROOT / "core" / "gamerecord.py",)
Key = tuple[str | None, str, str | None]  # msgctxt, msgid, msgid_plural


@dataclass
class Message:
    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    where: list[str] = field(default_factory=list)

    @property
    def key(self) -> Key:
        return self.msgctxt, self.msgid, self.msgid_plural


def key_of(entry: pofile.Entry) -> Key:
    return entry.msgctxt, entry.msgid, entry.msgid_plural


def _marker(node: ast.Call) -> str | None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in MARKERS else None


def source_messages() -> dict[Key, Message]:
    """The marked texts of client/*.py (and of SAID_FROM_CORE), in file order. A marker's arguments must be plain strings:
    a text built at run time (an f-string, a sum) cannot be looked up in a catalog; `_(name)`
    translates a text marked with N_ elsewhere."""
    found: dict[Key, Message] = {}
    for path in [*sorted(CLIENT.rglob("*.py")), *SAID_FROM_CORE]:
        if path == CLIENT / "i18n.py":  # where the markers are defined
            continue
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or _marker(node) is None:
                continue
            wanted = MARKERS[_marker(node) or ""]
            texts = node.args[:wanted]
            if _marker(node) == "_" and texts and isinstance(texts[0], (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                continue  # a text marked with N_ where it is written, translated here
            if len(texts) < wanted or not all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts):
                raise ValueError(f"{where}:{node.lineno}: {_marker(node)}() needs literal strings")
            values = [t.value for t in texts]  # type: ignore[attr-defined]
            if _marker(node) == "pgettext":
                message = Message(values[1], msgctxt=values[0])
            else:
                message = Message(values[0], values[1] if len(values) == 2 else None)
            found.setdefault(message.key, message).where.append(f"{where}:{node.lineno}")
    for message in found.values():
        message.where.sort(key=_place)
    return dict(sorted(found.items(), key=lambda item: _place(item[1].where[0])))


def _place(where: str) -> tuple[str, int]:
    path, _colon, line = where.rpartition(":")
    return path, int(line)


def help_messages() -> dict[Key, Message]:
    from client.cli import cli

    found: dict[Key, Message] = {}
    for where, text in i18n.help_texts(cli):
        found.setdefault((None, text, None), Message(text)).where.append(f"help: {where}")
    return found


def messages() -> dict[Key, Message]:
    """Every message the catalogs must translate (the source's first, then the help)."""
    found = source_messages()
    for key, message in help_messages().items():
        found.setdefault(key, Message(key[1])).where.extend(message.where)
    return found


def catalog(lang: str) -> list[pofile.Entry]:
    return pofile.parse((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))


# --- writing catalogs -----------------------------------------------------------------------

def quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    if len(parts) <= 1:
        return f'"{parts[0] if parts else ""}"'
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def header_entry(lang: str) -> str:
    return "\n".join([
        f"# The `herald` command's own words in {NAMES[lang]} (issue 27).",
        "# Placeholders in braces ({game}) stay as they are; so do commands in backticks,",
        "# options (--seat), environment variables (HERALD_TOKEN) and the server's codes.",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: herald\\n"',
        f'"Language: {lang}\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"',
    ])


def render(lang: str, wanted: dict[Key, Message], translated: dict[Key, list[str]]) -> str:
    blocks = [header_entry(lang)]
    for key, message in wanted.items():
        lines = [f"#. {where}" for where in dict.fromkeys(w if w.startswith("help") else w.split(":")[0]
                                                          for w in message.where)]
        if message.msgid in NOTES:
            lines.append(f"#. {NOTES[message.msgid]}")
        if "{" in message.msgid:
            lines.append("#, python-brace-format")
        if message.msgctxt is not None:
            lines.append(f"msgctxt {quoted(message.msgctxt)}")
        lines.append(f"msgid {quoted(message.msgid)}")
        forms = translated.get(key)
        if message.msgid_plural is None:
            lines.append(f"msgstr {quoted(forms[0] if forms else '')}")
        else:
            lines.append(f"msgid_plural {quoted(message.msgid_plural)}")
            for index in range(NPLURALS[lang]):
                lines.append(f"msgstr[{index}] {quoted(forms[index] if forms and index < len(forms) else '')}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def update(lang: str, wanted: dict[Key, Message]) -> None:
    path = LOCALE / f"{lang}.po"
    old = pofile.parse(path.read_text(encoding="utf-8")) if path.exists() else []
    translated = {key_of(e): e.msgstr for e in old if e.msgid and e.translated and not e.fuzzy}
    path.parent.mkdir(exist_ok=True)
    path.write_text(render(lang, wanted, translated), encoding="utf-8")


def main() -> None:
    wanted = messages()
    for lang in TRANSLATED:
        update(lang, wanted)
        done = {key_of(e) for e in catalog(lang) if e.translated and not e.fuzzy}
        missing = [key for key in wanted if key not in done]
        print(f"client/locale/{lang}.po: {len(wanted)} messages, {len(missing)} to translate")


if __name__ == "__main__":
    main()
