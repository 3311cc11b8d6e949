"""The sentences games write into events, prompts, refusals, results and boards, as messages.

An engine never writes a sentence in a language: it says a message, `say("{player} passes.",
player=P(2))`, and gets back a `Msg`, a `str` whose value is the English sentence (so every
caller that reads text, the golden digests and stored English logs, sees what it always saw)
and which remembers its message id (the English template) and its arguments. The edge, which
knows the reader, renders the same message in the reader's language with `render`: the
template's translation from that game's catalog, each argument rendered in turn, a component's
name (`term`) from the game's term list. Players' names are no argument either: `P(2)`
writes the `{P2}` slot that the server fills with the name, after translation.

- `say(template, **args)`: one sentence. The template is the message id and uses `{name}`
  placeholders (format specs allowed: `{total:+d}`); `{P0}`-style slots pass through untouched.
- `say_n(singular, plural, n, **args)`: a sentence with a count (`{n}`), plural by the reader's
  language (Russian has three forms).
- `term(name)`: a component's name (card, artefact, territory, phase): rendered through the
  game's term list, the originals' own words.
- `join(separator, items)`: a list of pieces (a board is the lines of its rows).
- `pattern(text, words)`: a move pattern (`attack <from> <to>`) whose placeholders are said in
  the reader's language and whose keywords, notation, stay as they are.
- `flow(items, ...)`: pieces laid out in lines of at most a width, measured in the words of the
  language they are said in (core/layout.py builds a board's lists and long sentences with it).
- `to_json`/`from_json`: the stored form beside the English text (`{"id", "args"}`).

`extract` (server/web/i18n) finds every `say`/`say_n` template in the engines for the catalogs:
a template must be a literal string.
"""
from __future__ import annotations

import re
from operator import itemgetter
from string import Formatter
from typing import Any, Callable, Iterable, Mapping, Sequence

from core.memo import Memo


class _Slots(dict):
    """Format arguments that leave an unknown `{name}` as it stands (the `{P0}` player slots)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Msg(str):
    """An English sentence with its message id and arguments. `id` is the template, or the pair
    (singular, plural) with `n` the count that chooses between them (None: `say`'s sentence).
    Its fields are slots: a message is made for every event and prompt of every game, and
    slots spare each one an attribute dict."""

    __slots__ = ("id", "args", "n")

    id: str | tuple[str, str]
    args: dict[str, Any]
    n: int | None

    def to_json(self) -> dict:
        found: dict[str, Any] = {"id": list(self.id) if isinstance(self.id, tuple) else self.id,
                                 "args": {key: to_json(value) for key, value in self.args.items()}}
        if self.n is not None:
            found["n"] = self.n
        return found


class Term(str):
    """A component's English name, to be said in the reader's language by the game's term list."""

    __slots__ = ()

    def to_json(self) -> dict:
        return {"term": str(self)}


class Joined(str):
    """Pieces said one after another with a separator (a list, the lines of a board)."""

    __slots__ = ("sep", "items")

    sep: str
    items: tuple

    def to_json(self) -> dict:
        return {"join": self.sep, "items": [to_json(item) for item in self.items]}


class Flow(Joined):
    """Pieces laid out in lines of at most `width` columns (`flow`): its English value is the
    English layout, and each language lays out its own words when it says it, since the same
    list is wider in one language than in another."""

    __slots__ = ("head", "pair", "carry", "tail", "width", "words", "indent")

    head: Any
    pair: str | None
    carry: bool
    tail: Any
    width: int
    words: bool
    indent: int | None

    def to_json(self) -> dict:
        return {"flow": [to_json(item) for item in self.items], "sep": self.sep, "head": to_json(self.head),
                "pair": self.pair, "carry": self.carry, "tail": to_json(self.tail), "width": self.width,
                "words": self.words, "indent": self.indent}


_new = str.__new__  # a message is made on every event: its fields are set one by one, without a helper


def _filled(template: str, args: dict[str, Any]) -> str:
    """The English sentence: `template` with `args`, an unknown `{name}` (a `{P0}` slot) kept."""
    try:
        return template.format_map(args)
    except KeyError:
        return template.format_map(_Slots(args))


def _plain(template: str) -> tuple[str, Callable[[dict], tuple] | None]:
    """How `say` fills `template` (kept in PLAIN): a %-format and the getter of its arguments in
    order where every field is a plain name (`{player}`: no format spec, conversion or index),
    `%s` saying str(value) as `{player}` does, in a third of format_map's time (a move says
    five sentences or so); a template without fields: its text and None; any other: "%s" and
    a getter of the `_filled` sentence."""
    pieces, names = [], []
    try:
        for literal, field, spec, conversion in Formatter().parse(template):
            pieces.append(literal.replace("%", "%%"))
            if field is not None:
                if spec or conversion or not field.isidentifier():
                    return PLAIN.keep(template, ("%s", lambda args: (_filled(template, args),)))
                pieces.append("%s")
                names.append(field)
    except ValueError:  # (a malformed template: format_map raises as it always did)
        return PLAIN.keep(template, ("%s", lambda args: (_filled(template, args),)))
    if not names:
        return PLAIN.keep(template, ("".join(pieces) % (), None))
    if len(names) == 1:  # (one value: "%.0s" formats it to nothing, so the getter may give a pair)
        return PLAIN.keep(template, ("".join(pieces) + "%.0s", itemgetter(names[0], names[0])))
    return PLAIN.keep(template, ("".join(pieces), itemgetter(*names)))


PLAIN = Memo(4096)  # template -> _plain(template)


def say(template: str, **args: Any) -> Msg:
    """One sentence: `template` filled with `args` (str, int, `Msg`, `Term`, `Joined`)."""
    text, values = PLAIN.get(template) or _plain(template)
    try:
        made = Msg(text % values(args) if values else text)
    except KeyError:  # a `{P0}` slot in the template itself
        made = Msg(_filled(template, args))
    made.id, made.args, made.n = template, args, None
    return made


def say_n(singular: str, plural: str, n: int, **args: Any) -> Msg:
    """A sentence with a count `n` (`{n}` in the templates), in the reader's plural form."""
    args["n"] = n
    template = singular if n == 1 else plural
    text, values = PLAIN.get(template) or _plain(template)
    try:
        made = Msg(text % values(args) if values else text)
    except KeyError:
        made = Msg(_filled(template, args))
    made.id, made.args, made.n = (singular, plural), args, n
    return made


def term(name: str) -> Term:
    """A component's name (card, artefact, territory, phase) as the game's data writes it."""
    return Term(name)


class _SeatSlots(dict):
    """The `{P0}`.. slots by seat number, made once (a move names a few players); another
    number's slot is written when asked for."""

    def __missing__(self, number: int) -> str:
        return "{P%d}" % number


SLOTS = _SeatSlots({number: "{P%d}" % number for number in range(64)})

# P(number): the slot the server fills with the name of the player in seat `number`. It is the
# slots' own lookup (a C call, no Python frame: events and prompts name players all the time).
P = SLOTS.__getitem__


def join(separator: str, items: Iterable[Any]) -> Joined:
    """The pieces said one after another, `separator` between them (kept as it is)."""
    items = tuple(items)
    made: Any = _new(Joined, separator.join(map(str, items)))
    made.sep = separator
    made.items = items
    return made


ROW = "\ue000"  # where a flow's head takes its line's pieces (a private-use character: no text has it)


def flow(items: Iterable[Any], sep: str = ", ", head: Any = ROW, *, pair: str | None = None, carry: bool = False,
         tail: Any = None, width: int, words: bool = False, indent: int | None = None) -> Flow:
    """`items` in as many lines of at most `width` columns as they need, never cut: as many
    pieces on a line as fit, a piece wider than a line on one of its own.

    `head` is the first line with `ROW` where its pieces go (`say("Your cards: {cards}",
    cards=ROW)`; what follows ROW ends the last line); the later lines are indented by what
    precedes ROW, or by `indent` columns. A line's pieces are joined by `sep`, or by the message
    `pair` said of two ("{first}, {second}": a language may separate a list otherwise), and
    with `carry` a line that goes on ends with that separator's mark ("a, b," then "c"). `tail`
    follows the last line where it fits, else stands on a line of its own. With `words`, the
    pieces are split into words when said (a long sentence): a sentence that fits stays as it
    is, and a quoted command ('sceptre use') is one word."""
    items = tuple(items)
    shape = {"sep": sep, "head": head, "pair": pair, "carry": carry, "tail": tail, "width": width, "words": words,
             "indent": indent}
    made: Any = _new(Flow, _laid(items, shape, str))
    made.items = items
    for name, value in shape.items():
        setattr(made, name, value)
    return made


WORD = re.compile(r"`[^`\n]+`\S*|'[a-z]+(?: [^\s']+)+'\S*|\S+")  # a command in quotes is one word


def _laid(items: Sequence[Any], shape: Mapping[str, Any], speak: Callable[[Any], str],
          columns: Callable[[str], int] = len) -> str:
    """A flow's lines (`items` and the rest of it, `shape`, live or in their stored form), each
    text said by `speak` (`str`: the English) and measured by `columns` (a speaker's `width`)."""
    width = shape["width"]
    before, _, after = speak(shape["head"]).partition(ROW)
    pieces = [speak(item) for item in items]
    if shape["words"]:
        text = " ".join(pieces)
        if columns(before + text + after) <= width:
            return before + text + after
        words = text.lstrip(" ")
        before += text[:len(text) - len(words)]  # (a sentence's own indent stays in front of it)
        pieces = WORD.findall(words)
    row = _row(shape["sep"], shape["pair"], speak)
    mark = row(["", ""]).rstrip() if shape["carry"] else ""
    lead = " " * (columns(before) if shape["indent"] is None else shape["indent"])
    end = max(columns(after), len(mark))
    groups: list[list[str]] = []
    for piece in pieces:
        if groups and columns((before if len(groups) == 1 else lead) + row(groups[-1] + [piece])) + end <= width:
            groups[-1].append(piece)
        else:
            groups.append([piece])
    lines = [part for number, group in enumerate(groups)
             for part in _broken((before if number == 0 else lead) + row(group) + (after if number == len(groups) - 1
                                                                                    else mark), lead, width, columns)]
    if shape["tail"] is not None:
        tail = speak(shape["tail"])
        fits = lines and columns(lines[-1] + tail) <= width
        lines[-1:] = [lines[-1] + tail] if fits else [*lines[-1:], tail]
    return "\n".join(lines)


def _row(sep: str, pair: str | None, speak: Callable[[Any], str]) -> Callable[[list[str]], str]:
    """How a flow joins a line's pieces: by `sep`, or by the message `pair` said of each two."""
    def row(group: list[str]) -> str:
        if pair is None:
            return sep.join(group)
        found = group[0]
        for piece in group[1:]:
            found = speak(say(pair, first=found, second=piece))
        return found

    return row


def _broken(line: str, lead: str, width: int, columns: Callable[[str], int]) -> list[str]:
    """`line`, or where one piece made it wider than `width` (a long card's text), the line at its
    words, the later parts indented by `lead` (by the line's own indent where `lead` is none)."""
    if columns(line) <= width:
        return [line]
    words = line.lstrip(" ")
    parts, lead = [line[:len(line) - len(words)]], lead or line[:len(line) - len(words)]
    for word in WORD.findall(words):
        if parts[-1].strip() and columns(parts[-1] + " " + word) > width:
            parts.append(lead)
        parts[-1] += (" " if parts[-1].strip() else "") + word
    return parts


PLACEHOLDER = re.compile(r"<([^<>]+)>")


def pattern(text: str, words: Mapping[str, Msg]) -> Joined:
    """A move pattern as a game lists it (`attack <from> <to> [<territory>:<men> ...]`), each
    placeholder's word the game's message for it (`words["from"]`, `say("from")`), so that a
    player reads `<från> <till>` in Swedish; the rest (keywords, brackets, card names) is
    notation and stays. Alternatives inside one placeholder (`<C|W1..|stationed card>`) are said
    one by one; a word `words` lacks stays as written. Its English value is `text` itself (a
    word's message must be that word), so every reader of plain text sees what it always saw."""
    pieces: list[Any] = []
    written = 0
    for found in PLACEHOLDER.finditer(text):
        pieces.append(text[written:found.start(1)])
        for number, word in enumerate(found.group(1).split("|")):
            pieces += ["|"] if number else []
            pieces.append(words.get(word, word))
        written = found.end(1)
    pieces.append(text[written:])
    made = join("", [piece for piece in pieces if piece != ""])
    if made != text:
        raise ValueError(f"a placeholder's message is not its word: {made!r} for {text!r}")
    return made


def pattern_pieces(text: Any) -> list[tuple[Any, bool]]:
    """A pattern's pieces, each with whether it is notation (True: written as the game reads it,
    never translated; neighbouring notation in one piece) or a placeholder's word (False): for a
    page that marks the notation's language. A plain text is one piece of notation."""
    if not isinstance(text, Joined) or text.sep:
        return [(text, True)]
    pieces: list[tuple[Any, bool]] = []
    for piece in text.items:
        notation = not isinstance(piece, (Msg, Term))
        if notation and pieces and pieces[-1][1]:
            pieces[-1] = (pieces[-1][0] + piece, True)
        else:
            pieces.append((piece, notation))
    return pieces


def holds_flow(text: Any) -> bool:
    """Whether `text` is laid out when said (a flow, or a board with one among its lines): its
    lines then depend on how wide its words are, the players' names too."""
    return isinstance(text, Flow) or (isinstance(text, Joined) and any(isinstance(item, Flow) for item in text.items))


def to_json(value: Any) -> Any:
    """The stored form of a text or argument: a plain string or number as it is, a message,
    term or list as a dict that `from_json` and `render` read."""
    return value.to_json() if isinstance(value, (Msg, Term, Joined)) else value


def stored(text: Any) -> dict | None:
    """A text's stored message (a record keeps it beside the English), None for a plain text."""
    return text.to_json() if isinstance(text, (Msg, Joined)) else None


def from_json(data: Any) -> Any:
    """A text or argument back from its stored form (the English value rebuilt)."""
    if not isinstance(data, dict):
        return data
    if "term" in data:
        return Term(data["term"])
    if "flow" in data:
        return flow([from_json(item) for item in data["flow"]], data["sep"], from_json(data["head"]),
                    pair=data["pair"], carry=data["carry"], tail=from_json(data["tail"]), width=data["width"],
                    words=data["words"], indent=data["indent"])
    if "join" in data:
        return join(data["join"], [from_json(item) for item in data["items"]])
    args = {key: from_json(value) for key, value in data["args"].items()}
    if isinstance(data["id"], list):
        args.pop("n", None)
        return say_n(data["id"][0], data["id"][1], data["n"], **args)
    return say(data["id"], **args)


class Speaker:
    """What `render` needs of a language: its sentences and plural rule (a gettext catalog's
    `gettext`/`ngettext`), its names of the game's components, and how many columns a said text
    takes where a flow lays it out (`width`: its characters; `measuring` counts each `{P0}` slot
    as the name that will fill it)."""

    def __init__(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str],
                 name: Callable[[str], str], width: Callable[[str], int] = len):
        self.gettext, self.ngettext, self.name, self.width = gettext, ngettext, name, width

    def measuring(self, width: Callable[[str], int]) -> "Speaker":
        """The same words, texts measured by `width` (the players' names in their slots)."""
        return Speaker(self.gettext, self.ngettext, self.name, width)


def speaker_of(catalogs: Sequence[Any], names: Mapping[str, str]) -> Speaker:
    """A Speaker from gettext catalogs (anything with `gettext` and `ngettext`), asked in order:
    the first that translates a message says it; and a term list {English name: name}."""

    def gettext(message: str) -> str:
        for catalog in catalogs:
            said = catalog.gettext(message)
            if said != message:
                return said
        return message

    def ngettext(singular: str, plural: str, n: int) -> str:
        for catalog in catalogs:
            said = catalog.ngettext(singular, plural, n)
            if said not in (singular, plural):
                return said
        return singular if n == 1 else plural

    return Speaker(gettext, ngettext, lambda english: names.get(english, english))


def render(value: Any, speaker: Speaker) -> Any:
    """A text (a `Msg`, `Term`, `Joined` or its stored form, or plain) in the speaker's language."""
    if isinstance(value, Msg):
        value = value.to_json()
    elif isinstance(value, (Term, Joined)):
        value = value.to_json()
    if not isinstance(value, dict):
        return value
    if "term" in value:
        return speaker.name(value["term"])
    if "flow" in value:  # laid out in the speaker's words
        return _laid(value["flow"], value, lambda text: str(render(text, speaker)), speaker.width)
    if "join" in value:
        return value["join"].join(str(render(item, speaker)) for item in value["items"])
    args = {key: render(item, speaker) for key, item in value["args"].items()}
    if isinstance(value["id"], list):
        template = speaker.ngettext(value["id"][0], value["id"][1], value["n"])
    else:
        template = speaker.gettext(value["id"])
    return template.format_map(_Slots(args))


def english(value: Any) -> Any:
    """A stored text in English (its message as the engine wrote it)."""
    return render(value, ENGLISH)


ENGLISH = Speaker(lambda text: text, lambda singular, plural, n: singular if n == 1 else plural, lambda name: name)

