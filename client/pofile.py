"""A small reader of gettext PO files, and the MO bytes the standard library's gettext reads.

The client ships its catalogs as the PO files translators edit (client/locale/<lang>.po) and
must not depend on Babel, so it compiles them itself, in memory, at first use: `parse` reads
the entries (msgctxt, msgid, msgid_plural, msgstr, msgstr[N], flags), `compile_mo` lays them
out as a GNU MO file for gettext.GNUTranslations, which evaluates the Plural-Forms header
with its own restricted C-expression compiler (gettext.c2py: numbers, n, comparisons and
?: only, never Python's eval of the header text). As msgfmt does, fuzzy entries and entries
without a translation are left out, so the English text shows instead.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

CONTEXT_SEPARATOR = "\x04"  # how gettext keys a message with a context: "context\x04msgid"
MO_MAGIC = 0x950412DE


class POError(ValueError):
    """The text is not a PO file this reader understands (the line number says where)."""


@dataclass
class Entry:
    msgid: str
    msgstr: list[str] = field(default_factory=list)  # one string, or one per plural form
    msgid_plural: str | None = None
    msgctxt: str | None = None
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # "#." lines: notes for translators
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
ESCAPE = re.compile(r'\\(?:([ntr"\\abfv])|([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))')
KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(\".*)$")


def unquote(text: str, line: int) -> str:
    """The value of one quoted PO string, its C escapes resolved."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise POError(f"line {line}: expected a string in double quotes, found {text!r}")
    body = text[1:-1]
    if re.search(r'(?<!\\)(?:\\\\)*"', body):
        raise POError(f"line {line}: a double quote inside a string must be written \\\"")

    def resolve(match: re.Match) -> str:
        simple, octal, hexa, unknown = match.groups()
        if unknown is not None:
            raise POError(f"line {line}: unknown escape \\{unknown}")
        if simple:
            return ESCAPES[simple]
        return chr(int(octal, 8)) if octal else chr(int(hexa, 16))

    return ESCAPE.sub(resolve, body)


class _Reader:
    """The entry being read, field by field."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.current: Entry | None = None
        self.has_msgid = False
        self.forms: dict[int, str] = {}
        self.field: tuple[str, int] | None = None  # what a string on its own line continues
        self.flags: set[str] = set()
        self.comments: list[str] = []

    def start(self, line: int) -> Entry:
        self.finish()
        self.current = Entry(msgid="", flags=self.flags, comments=self.comments, line=line)
        self.flags, self.comments = set(), []
        return self.current

    def finish(self) -> None:
        entry = self.current
        if entry is None:
            return
        if not self.has_msgid:
            raise POError(f"line {entry.line}: msgctxt without msgid")
        if self.forms:
            if entry.msgid_plural is None:
                raise POError(f"line {entry.line}: msgstr[N] without msgid_plural")
            if sorted(self.forms) != list(range(len(self.forms))):
                raise POError(f"line {entry.line}: the msgstr[N] forms must be numbered 0, 1, 2, ...")
            entry.msgstr = [self.forms[i] for i in range(len(self.forms))]
        elif entry.msgid_plural is not None and entry.msgstr:
            raise POError(f"line {entry.line}: a plural entry needs msgstr[0], msgstr[1], ...")
        if not entry.msgstr:
            raise POError(f"line {entry.line}: msgid {entry.msgid!r} has no msgstr")
        self.entries.append(entry)
        self.current, self.has_msgid, self.forms, self.field = None, False, {}, None

    def comment(self, line: str) -> None:
        if self.current is not None and (self.current.msgstr or self.forms):
            self.finish()
        if line.startswith("#,"):
            self.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
        elif line.startswith("#."):
            self.comments.append(line[2:].strip())

    def keyword(self, keyword: str, index: str | None, value: str, line: int) -> None:
        entry = self.current
        if keyword == "msgctxt":
            entry = self.start(line)
            entry.msgctxt = value
        elif keyword == "msgid":
            if entry is None or self.has_msgid:
                entry = self.start(line)
            entry.msgid, self.has_msgid = value, True
        elif entry is None or not self.has_msgid:
            raise POError(f"line {line}: {keyword} before msgid")
        elif keyword == "msgid_plural":
            entry.msgid_plural = value
        elif index is not None:
            if int(index) in self.forms:
                raise POError(f"line {line}: msgstr[{index}] given twice")
            self.forms[int(index)] = value
        elif entry.msgstr:
            raise POError(f"line {line}: msgstr given twice")
        else:
            entry.msgstr = [value]
        self.field = (keyword, int(index or 0))

    def more(self, value: str, line: int) -> None:
        entry = self.current
        if entry is None or self.field is None:
            raise POError(f"line {line}: a string continues nothing")
        name, index = self.field
        if name == "msgstr" and index in self.forms:
            self.forms[index] += value
        elif name == "msgstr":
            entry.msgstr[0] += value
        else:
            setattr(entry, name, getattr(entry, name) + value)


def parse(text: str) -> list[Entry]:
    """Every entry of a PO file, the header (msgid "") included, in file order; obsolete
    entries (#~) are skipped."""
    reader = _Reader()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            reader.comment(line)
        elif line.startswith('"'):
            reader.more(unquote(line, number), number)
        else:
            found = KEYWORD.match(line)
            if found is None:
                raise POError(f"line {number}: cannot read {line!r}")
            keyword, index, rest = found.groups()
            if index is not None and keyword != "msgstr":
                raise POError(f"line {number}: only msgstr takes an [N]")
            reader.keyword(keyword, index, unquote(rest, number), number)
    reader.finish()
    return reader.entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The header entry's fields ("Plural-Forms", "Content-Type", ...), by name."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            fields = (line.partition(":") for line in entry.msgstr[0].splitlines() if ":" in line)
            return {name.strip(): value.strip() for name, _colon, value in fields}
    return {}


def key(entry: Entry) -> str:
    """The msgid as an MO file (and gettext's catalog) keys it."""
    msgid = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\0{entry.msgid_plural}"
    return msgid if entry.msgctxt is None else f"{entry.msgctxt}{CONTEXT_SEPARATOR}{msgid}"


def compile_mo(entries: list[Entry]) -> bytes:
    """A GNU MO file (little-endian, revision 0, no hash table) of the entries gettext should
    use: the header, and every translated entry that is not fuzzy."""
    used: dict[bytes, bytes] = {}
    for entry in entries:
        is_header = entry.msgid == "" and entry.msgctxt is None
        if is_header or (entry.translated and not entry.fuzzy):
            used[key(entry).encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    ids = sorted(used)
    count = len(ids)
    start = 7 * 4 + 16 * count  # after the 7-word header and the two tables
    table: list[tuple[int, int]] = []  # (length, offset): the msgids', then the translations'
    strings: list[bytes] = []
    offset = start
    for text in ids + [used[i] for i in ids]:
        table.append((len(text), offset))
        strings.append(text + b"\0")  # each string ends in NUL, as msgfmt writes them
        offset += len(text) + 1
    head = struct.pack("<7I", MO_MAGIC, 0, count, 28, 28 + 8 * count, 0, start)
    return head + b"".join(struct.pack("<2I", *pair) for pair in table) + b"".join(strings)
