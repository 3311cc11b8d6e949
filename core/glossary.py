"""What `herald explain` answers: one glossary per game, terms and patterns -> a short text.

A game's glossary module (`core/<game>/glossary.py`) builds a `Glossary` from its own data
modules (cards, map, artefacts), so the explanations follow the data instead of retyping it.
Fixed terms are looked up case-insensitively; patterns explain symbols that carry numbers
(`s2`, `orcs 3`, `P1x6`, `0/W1`). Pure data and text: no I/O, importable anywhere.

An entry's title and text are messages (core/text.py `say`, `term`): their value is the
English, and the server says them in the reader's language (`?lang=`) with the game's catalog
and term list, as it says events and prompts. The names looked up stay the English ones and
the symbols as the board writes them (what a player types).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Callable

from core.registry import games
from core.text import say


@dataclass(frozen=True)
class Entry:
    """One explanation: what the thing is called, what sort of thing it is, the text (the
    title and text: messages, `Msg`/`Term`, or a plain symbol as the board writes it)."""

    title: str
    kind: str  # card, artefact, territory, symbol, term, piece
    text: str
    rule: str | None = None

    def to_json(self, thing: str) -> dict:
        return {"thing": thing, "title": self.title, "kind": self.kind, "kind_text": KIND_WORDS.get(self.kind, self.kind),
                "text": self.text, "rule": self.rule}


# An entry's kind in words, said in the reader's language (`kind` itself stays the code).
KIND_WORDS = {"card": say("card"), "artefact": say("artefact"), "territory": say("territory"),
              "symbol": say("symbol"), "term": say("term"), "piece": say("piece")}


def rule_pattern(prefix: str) -> re.Pattern:
    """A rule ID of the game whose IDs start with `prefix` (core/registry.py): CA-ACT-ATTACK-3."""
    return re.compile(rf"\b{re.escape(prefix)}-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def rule_id(*parts: str) -> str:
    """A rule ID made from a data name: rule_id("MM", "ART", "Greed") is MM-ART-GREED."""
    return "-".join(part.upper() for part in parts)


def normalise(thing: str) -> str:
    return " ".join(thing.strip().lower().split())


@dataclass
class Glossary:
    game: str
    entries: dict[str, Entry] = field(default_factory=dict)
    patterns: list[tuple[re.Pattern, Callable[[re.Match], Entry | None]]] = field(default_factory=list)
    spelled: dict[str, str] = field(default_factory=dict)  # normalised name -> as written
    rule_id: re.Pattern = field(init=False, repr=False)  # this game's rule IDs, found in a text

    def __post_init__(self) -> None:
        self.rule_id = rule_pattern(games.facts(self.game).rules)

    def add(self, names, title: str, kind: str, text: str, rule: str | None = None) -> Entry:
        """Register an entry under one name or several (aliases); the rule defaults to the
        first rule ID of this game that the text cites."""
        if rule is None:
            cited = self.rule_id.search(text)
            rule = cited.group(0) if cited else None
        entry = Entry(title, kind, text, rule)
        for name in ([names] if isinstance(names, str) else names):
            self.entries[normalise(name)] = entry
            self.spelled[normalise(name)] = name
        return entry

    def add_all(self, rows) -> None:
        """Entries given as data: (names, title, kind, text, rule) each."""
        for names, title, kind, text, rule in rows:
            self.add(names, title, kind, text, rule)

    def add_terms(self, terms) -> None:
        """Words of the rules, as (names, title, text, rule); a name already taken (a card or a
        territory of the same name) keeps its entry."""
        for names, title, text, rule in terms:
            for name in names:
                if normalise(name) not in self.entries:
                    self.add(name, title, "term", say("{title}: {text}", title=title, text=text), rule)

    def pattern(self, regex: str, build: Callable[[re.Match], Entry | None]) -> None:
        self.patterns.append((re.compile(regex, re.IGNORECASE), build))

    def lookup(self, thing: str) -> Entry | None:
        """The entry for `thing`: an exact term, a pattern, or the first word of a card label
        (`C08 MEN4` is explained as `C08`)."""
        key = normalise(thing)
        if not key:
            return None
        if key in self.entries:
            return self.entries[key]
        for regex, build in self.patterns:
            match = regex.fullmatch(thing.strip())
            if match:
                entry = build(match)
                if entry is not None:
                    return entry
        head, _, rest = key.partition(" ")
        if rest and head in self.entries and self.entries[head].kind == "card":
            return self.entries[head]
        return None

    def explain(self, thing: str) -> dict | None:
        entry = self.lookup(thing)
        return entry.to_json(thing.strip()) if entry else None

    def close_matches(self, thing: str, limit: int = 6) -> list[str]:
        """Known terms that look like `thing`, for the error of an unknown one."""
        key = normalise(thing)
        names = sorted(self.entries)
        found = difflib.get_close_matches(key, names, n=limit, cutoff=0.6)
        found += [n for n in names if key and key in n and n not in found]
        return [self.spelled[n] for n in found[:limit]]

    def terms(self) -> list[tuple[str, Entry]]:
        """Every fixed entry once, under its title, in a stable order (for the guides)."""
        seen, out = set(), []
        for entry in self.entries.values():
            if id(entry) not in seen:
                seen.add(id(entry))
                out.append((entry.title, entry))
        return out

    def by_kind(self, kind: str) -> list[Entry]:
        return [entry for _, entry in self.terms() if entry.kind == kind]
