"""The pages a player's browser gets: the front door (`GET /` asked for HTML), the list of
games (`GET /rules`) and each game's guide (`GET /rules/{name}`), the guide's Markdown
(server/guides/<game>.md, the text `herald rules` prints) turned into HTML once per process.

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
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from core import registry
from server.guides import reader
from server.rulesets import available

HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; "
                                      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Cache-Control": "public, max-age=300", "Vary": "Accept"}  # a page or JSON, as asked
_TABLE = re.compile(r"<table>(.*?)</table>", re.S)
_HEADING = re.compile(r"<h([23]) id=\"[^\"]*\">(.*?)</h\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


@lru_cache(maxsize=1)
def _templates() -> Environment:
    return Environment(loader=PackageLoader("server", "templates"), undefined=StrictUndefined,
                       autoescape=select_autoescape(["html.j2"]), trim_blocks=True, lstrip_blocks=True)


def wants_html(default: bool) -> bool:
    """Whether the caller asked for a page rather than JSON: a browser says text/html; `*/*`
    or no Accept at all gets `default`."""
    offered = ["text/html", "application/json"] if default else ["application/json", "text/html"]
    return request.accept_mimetypes.best_match(offered, default=offered[0]) == "text/html"


@dataclass(frozen=True)
class GuidePage:
    title: str
    intro: str  # the first sentence of the guide, as HTML (the front door's blurb)
    body: str  # everything after the title, as HTML
    contents: list  # [(id, title), ...] the chapters


@lru_cache(maxsize=16)
def guide_page(name: str) -> GuidePage:
    """The guide as HTML (404 not-found for an unknown game)."""
    text = reader.guide_text(name)
    converter = markdown.Markdown(extensions=["tables", "toc", "sane_lists"],
                                  extension_configs={"toc": {"toc_depth": "2-3"}})
    body = converter.convert(text)
    title = html.unescape(_TAG.sub("", body.split("</h1>", 1)[0]))
    body = body.split("</h1>", 1)[1] if "</h1>" in body else body
    intro = re.search(r"<p>(.*?)</p>", body, re.S)
    contents = [(chapter["id"], html.unescape(chapter["name"])) for chapter in converter.toc_tokens]
    return GuidePage(title, _first_sentence(intro.group(1)) if intro else "", _scrollable_tables(body), contents)


def _first_sentence(paragraph: str) -> str:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", paragraph.strip(), maxsplit=1)[0]


def _scrollable_tables(body: str) -> str:
    """Wide tables scroll inside their own box (named after their section, reachable by
    keyboard), so the page itself never scrolls sideways on a phone."""
    out, last, heading = [], 0, "Table"
    for match in _TABLE.finditer(body):
        before = body[last:match.start()]
        headings = _HEADING.findall(before)
        if headings:
            heading = html.unescape(_TAG.sub("", headings[-1][1]))
        out.append(before)
        out.append(f'<div class="scroll" role="region" tabindex="0" aria-label="{html.escape(heading)}">'
                   f"{match.group(0)}</div>")
        last = match.end()
    out.append(body[last:])
    return "".join(out)


def games() -> list[dict]:
    """Each hosted game that has a guide, with its link and first sentence."""
    return [{"name": g.name, "title": g.title, "players": f"{g.min_players}–{g.max_players}",
             "intro": guide_page(g.name).intro, "url": f"/rules/{g.name}"} for g in available() if g.name in registry.games.guided()]


def render(template: str, **context) -> str:
    return _templates().get_template(template).render(**context)


def front_door() -> str:
    return render("site_front.html.j2", games=games())


def rules_index() -> str:
    return render("site_rules.html.j2", games=games())


def rules(name: str) -> str:
    return render("site_guide.html.j2", page=guide_page(name), name=name)


def not_found(message: str, close: list[str]) -> str:
    return render("site_missing.html.j2", message=message, close=close, games=games())
