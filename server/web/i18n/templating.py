"""The server's one Jinja environment: the mails' text and HTML, the game page and the rules
pages (server/templates), with the i18n extension.

A render is always in one language, given explicitly: `render(template, language, ...)` puts
that language's `gettext` and `ngettext` into the render's own context, where the extension's
`_()`, `{% trans %}` and `ngettext()` find them. Nothing is installed globally (no
`install_gettext_translations`, no request-wide locale), so two renders for two players in
two languages at the same moment, in two threads, cannot borrow each other's words (the trap
of a global or request-bound locale: flask-babel issues #125 and #137). A template rendered
without them fails loudly (StrictUndefined), instead of quietly speaking English.

Gettext is "newstyle": `_("Hello %(player)s,", player=name)` formats after translating, and
in an HTML template escapes what it fills in. Mark a sentence with placeholders for names and
numbers, never by pasting a name into the sentence.
"""
from __future__ import annotations

import re
import textwrap
from functools import lru_cache

from babel.numbers import format_decimal
from jinja2 import Environment, PackageLoader, StrictUndefined, pass_context, select_autoescape
from markupsafe import Markup, escape

from server.web.i18n.catalogs import finished, translations
from server.web.i18n.languages import NAMES, effective

URL = re.compile(r"https?://[^\s<>\"']+")


def linked(text: str) -> Markup:
    """A line of text as HTML: escaped, its links clickable."""
    return Markup(URL.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', str(escape(text))))


# What a reader types stays on one line: `a command` and 'mail off' (a reply's command, its first
# word lower-case: 'explain THING', 'mail digest 7:30').
WHOLE = re.compile(r"`[^`\n]+`|'[a-z]+(?: [^\s']+)+'")


def wrap(text: str, indent: str = "", width: int = 78) -> str:
    """A mail's prose in lines of at most `width` columns, its own line breaks kept; a word
    longer than a line (a link, an address) stands whole on its own, no word is broken at a
    hyphen (`castle-assault`, `--mail`), and no command is broken at all."""
    text = WHOLE.sub(lambda m: m.group(0).replace(" ", "\0"), str(text))
    return "\n".join(textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent,
                                   break_long_words=False, break_on_hyphens=False) or line
                     for line in text.split("\n")).replace("\0", " ")


ENVIRONMENT = Environment(loader=PackageLoader("server", "templates"), undefined=StrictUndefined,
                          autoescape=select_autoescape(["html.j2"]), trim_blocks=True, lstrip_blocks=True,
                          keep_trailing_newline=True, extensions=["jinja2.ext.i18n"])
ENVIRONMENT.newstyle_gettext = True  # type: ignore[attr-defined]  # the i18n extension's own setting
ENVIRONMENT.policies["ext.i18n.trimmed"] = True  # a {% trans %} block's line breaks are not the sentence's
ENVIRONMENT.filters["linked"] = linked
ENVIRONMENT.filters["wrap"] = wrap


@lru_cache(maxsize=len(NAMES))
def callables(language: str) -> dict:
    """`gettext` and `ngettext` of one language, as the i18n extension calls them (newstyle:
    translate, mark safe in an escaping template, then fill in the escaped values)."""
    found = translations(language)

    def filled(context, text: str, values: dict):
        """The translation with its values in (escaped in an escaping template), then finished
        as the language's grammar asks (only Hungarian's "a(z)" changes: still safe markup)."""
        if context.eval_ctx.autoescape:
            return Markup(finished(Markup(text) % values, language))
        return finished(text % values, language)

    @pass_context
    def gettext(context, message: str, /, **values):
        return filled(context, found.gettext(message), values)

    @pass_context
    def ngettext(context, singular: str, plural: str, number: int, /, **values):
        values.setdefault("num", number)
        return filled(context, found.ngettext(singular, plural, number), values)

    def decimal(value: float, signed: bool = False) -> str:
        """A number with one decimal as the language writes it ("-1,8"; "+1,8" when `signed`)."""
        return format_decimal(value, format="+0.0;-0.0" if signed else "0.0", locale=language)

    return {"gettext": gettext, "ngettext": ngettext, "language": language, "decimal": decimal}


def render(template: str, language: str | None, /, **context) -> str:
    """`template` rendered in `language` (a code Herald does not speak: the default)."""
    return ENVIRONMENT.get_template(template).render(**context, **callables(effective(language)))


def templates(suffix: str) -> list[str]:
    """The names of the templates ending in `suffix`, their shared parts (`parts/`) left out."""
    return ENVIRONMENT.list_templates(filter_func=lambda name: name.endswith(suffix) and "/" not in name)
