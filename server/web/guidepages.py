"""The pages a player's browser gets: the front door (`GET /` asked for HTML), the list of
games (`GET /rules`) and each game's guide (`GET /rules/{name}`), the guide's Markdown
(server/guides/<game>.md, the text `herald rules` prints, or its translation
server/guides/<lang>/<game>.md) turned into HTML once per process and language.

A page speaks the language `?lang=` names, else the one the browser asks for first among
Herald's (Accept-Language, Babel's negotiation), else English; it says which in `<html lang>`
and Content-Language, and links the same page in Herald's other languages.

Every page stands alone: no script, no file from elsewhere, styles inline, pictures served
by this server, so it reads the same in a mail program's browser, on a phone and offline.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache

import markdown
from flask import request
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.treeprocessors import Treeprocessor

from core import registry
from server.guides import reader
from server.rulesets import available
from server.web.i18n import languages, templating, terms
from server.web.i18n.catalogs import said, spoken, translations

# (img-src data: for the pages' empty icon, `<link rel="icon" href="data:,">`: without it the
# browser asks for /favicon.ico, and with it refused, every page logs a policy violation)
HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                                      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Cache-Control": "public, max-age=300", "Vary": "Accept"}  # a page or JSON, as asked
PAGE_VARY = "Accept, Accept-Language"  # a page: also in the browser's language
_TABLE = re.compile(r"<table>(.*?)</table>", re.S)
_HEADING = re.compile(r"<h([23]) id=\"[^\"]*\">(.*?)</h\1>", re.S)
_TAG = re.compile(r"<[^>]+>")
_QUOTE = re.compile(r"<blockquote>.*?</blockquote>", re.S)
_PICTURE = re.compile(r'(src="/rules/[a-z-]+/pictures/[a-z0-9-]+\.svg)"')  # a guide's example picture
_NOTE = re.compile(r"\s*<em>.*</em>\s*", re.S)
_CAPTION = re.compile(r"<p><strong>([^<]*)</strong></p>\s*$")  # a line in bold just above a table: its caption
# Notation and commands (`advance S03 S04 2`, `join`) are English in every language: a screen
# reader reads them with an English voice, and a browser's page translator leaves them be (a
# translated move no longer parses). English pages too: a reader may translate one into theirs.
NOTATION = {"lang": "en", "translate": "no"}
_BARE_CODE = re.compile(r"<code>")  # a site page's own (its sentences' translators write plain <code>)


class _NotationInEnglish(Treeprocessor):
    """Marks every code span and code block of a guide as notation (NOTATION)."""

    def run(self, root) -> None:
        for code in root.iter("code"):
            for name, value in NOTATION.items():
                code.set(name, value)


class NotationExtension(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 - Python-Markdown's name
        md.treeprocessors.register(_NotationInEnglish(md), "notation-in-english", 0)


def wants_html(default: bool) -> bool:
    """Whether the caller asked for a page rather than JSON: a browser says text/html; `*/*`
    or no Accept at all gets `default`."""
    offered = ["text/html", "application/json"] if default else ["application/json", "text/html"]
    return request.accept_mimetypes.best_match(offered, default=offered[0]) == "text/html"


def page_language() -> tuple[str, str]:
    """(the language of the page asked for, the query that keeps it in the page's links:
    `?lang=sv` where the address chose it, else "": the next page asks the browser again)."""
    language, chosen = languages.requested()
    return language, f"?lang={language}" if chosen else ""


def headers() -> dict:
    """A page's headers: it varies with Accept-Language too, and says its language."""
    return {**HEADERS, "Vary": PAGE_VARY, "Content-Language": page_language()[0]}


@dataclass(frozen=True)
class GuidePage:
    title: str
    intro: str  # the first sentence of the guide, as HTML (the front door's blurb)
    body: str  # everything after the title, as HTML
    contents: list  # [(id, title), ...] the chapters
    language: str  # the guide's own (English where `name` has no translation into the one asked for)


@lru_cache(maxsize=64)
def guide_page(name: str, language: str = languages.DEFAULT) -> GuidePage:
    """The guide as HTML, in `language` where it is translated (404 not-found for an unknown game)."""
    text = reader.guide_text(name, language)
    language = reader.guide_language(name, language)
    # Heading anchors keep their letters (`#как-ходить`, `#översikt`): an English heading's is as before.
    converter = markdown.Markdown(extensions=["tables", "toc", "sane_lists", NotationExtension()],
                                  extension_configs={"toc": {"toc_depth": "2-3", "slugify": slugify_unicode}})
    body = converter.convert(text)
    title = html.unescape(_TAG.sub("", body.split("</h1>", 1)[0]))
    body = body.split("</h1>", 1)[1] if "</h1>" in body else body
    contents = [(chapter["id"], html.unescape(chapter["name"])) for chapter in converter.toc_tokens]
    if language != languages.DEFAULT:  # its pictures drawn in its language too
        body = _PICTURE.sub(rf'\1?lang={language}"', body)
    return GuidePage(title, _intro(body), _scrollable_tables(body, language), contents, language)


def _intro(body: str) -> str:
    """The first sentence of the guide's first paragraph, passing over a translation's note on
    top (a quotation, or a paragraph all in italics: that the move notation stays English)."""
    for paragraph in re.findall(r"<p>(.*?)</p>", _QUOTE.sub("", body), re.S):
        if not _NOTE.fullmatch(paragraph):
            return _first_sentence(paragraph)
    return ""


def _first_sentence(paragraph: str) -> str:
    """Up to the first full stop that a capital letter (of any alphabet) follows."""
    for stop in re.finditer(r"(?<=[.!?])\s+(?=[¡¿]?\w)", paragraph.strip()):
        if paragraph.strip()[stop.end():].lstrip("¡¿")[:1].isupper():
            return paragraph.strip()[:stop.start()]
    return paragraph.strip()


def _scrollable_tables(body: str, language: str) -> str:
    """Wide tables scroll inside their own box (named after their section, reachable by
    keyboard), so the page itself never scrolls sideways on a phone. Each box's name is the
    page's only one of its kind (a landmark's name tells it from the others): a section's
    heading, with the line in bold that stands just above the table where there is one
    (**2 players**), else with its number in the section."""
    last, heading = 0, translations(language).gettext("Table")
    out: list[str | int] = []
    labels: list[str] = []
    for match in _TABLE.finditer(body):
        before = body[last:match.start()]
        headings = _HEADING.findall(before)
        if headings:
            heading = html.unescape(_TAG.sub("", headings[-1][1]))
        caption = _CAPTION.search(before)
        label = f"{heading} – {html.unescape(_TAG.sub('', caption.group(1))).strip()}" if caption else heading
        labels.append(label)
        out.append(before)
        out.append(len(labels) - 1)  # its place: named once every label is known
        out.append(f"{match.group(0)}</div>")
        last = match.end()
    out.append(body[last:])
    return "".join(f'<div class="scroll" role="region" tabindex="0" aria-label="{html.escape(_unique(labels, part))}">'
                   if isinstance(part, int) else part for part in out)


def _unique(labels: list[str], index: int) -> str:
    """The label of table `index`, numbered where others share it: "Cards (2)"."""
    label = labels[index]
    if labels.count(label) == 1:
        return label
    return f"{label} ({labels[:index + 1].count(label)})"


def games(language: str = languages.DEFAULT, query: str = "") -> list[dict]:
    """Each hosted game that has a guide, with its link and first sentence, in `language`."""
    return [{"name": g.name, "title": terms.title(language, g.title, g.name), "players": f"{g.min_players}–{g.max_players}",
             "most": g.max_players, "intro": guide_page(g.name, language).intro, "url": f"/rules/{g.name}{query}"}
            for g in available() if g.name in registry.games.guided()]


def render(template: str, **context) -> str:
    """A page in the language asked for, with links to the same page in Herald's other languages."""
    language, query = page_language()
    others = [{"code": code, "name": name, "url": f"{request.path}?lang={code}"}
              for code, name in languages.NAMES.items() if code != language]
    page = templating.render(template, language, query=query, other_languages=others,
                             games=games(language, query), **context)
    marked = " ".join(f'{name}="{value}"' for name, value in NOTATION.items())
    return _BARE_CODE.sub(f"<code {marked}>", page)


def front_door() -> str:
    return render("site_front.html.j2")


def rules_index() -> str:
    return render("site_rules.html.j2")


def rules(name: str) -> str:
    return render("site_guide.html.j2", page=guide_page(name, page_language()[0]), name=name)


def not_found(message: str, close: list[str]) -> str:
    """The page for a missing guide or picture: Herald's refusal in the page's language."""
    language = page_language()[0]
    return render("site_missing.html.j2", message=said(message, language), message_language=spoken(message, language),
                  close=close)
