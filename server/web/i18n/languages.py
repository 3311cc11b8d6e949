"""The languages Herald speaks, a code as a person types it, and a browser's choice."""
from __future__ import annotations

from collections.abc import Iterable

from babel import negotiate_locale

from server.errors import msg

DEFAULT = "en"
# Each language in its own words (a menu shows a language by the name its readers know).
NAMES = {"en": "English", "sv": "Svenska", "ru": "Русский", "nl": "Nederlands", "es": "Español", "hu": "Magyar"}
LANGUAGES = tuple(NAMES)
# Each language's name in the six languages (English, Swedish, Russian, Dutch, Spanish, Hungarian;
# its own is NAMES'), as its readers write it: a Spanish player asks for English with `idioma inglés`
# (or without the accent), a Russian one with `язык английский`.
NAMED = {"en": ("English", "engelska", "английский", "Engels", "inglés", "ingles", "angol"),
         "sv": ("Swedish", "svenska", "шведский", "Zweeds", "sueco", "svéd"),
         "ru": ("Russian", "ryska", "русский", "Russisch", "ruso", "orosz"),
         "nl": ("Dutch", "nederländska", "holländska", "нидерландский", "голландский", "Nederlands", "Hollands",
                "neerlandés", "neerlandes", "holandés", "holandes", "holland"),
         "es": ("Spanish", "spanska", "испанский", "Spaans", "español", "espanol", "castellano", "spanyol"),
         "hu": ("Hungarian", "ungerska", "венгерский", "Hongaars", "húngaro", "hungaro", "magyar")}
# A language as a person may write it instead of its code: its name in any of the six.
BY_NAME = {**{name.lower(): code for code, name in NAMES.items()},
           **{name.lower(): code for code, names in NAMED.items() for name in names}}


def normalise(code: str | None) -> str | None:
    """The language a code names ("sv", "SV", "sv-SE", "sv_FI": sv; or its name, "svenska",
    "Swedish"), or None if Herald does not speak it."""
    if not code:
        return None
    named = BY_NAME.get(code.strip().lower())
    if named is not None:
        return named
    base = code.strip().replace("_", "-").split("-")[0].lower()
    return base if base in NAMES else None


def listing() -> str:
    """'en (English), sv (Svenska), ...': the choices, as a sentence names them."""
    return ", ".join(f"{code} ({name})" for code, name in NAMES.items())


def unknown(code: str) -> str:
    """The sentence refusing a code Herald does not speak."""
    return msg("Herald does not speak %(code)s; choose one of %(choices)s.", code=repr(code), choices=listing())


def negotiate(preferred: Iterable[str]) -> str | None:
    """The best of Herald's languages for a browser's Accept-Language list (best first), by
    Babel's negotiation (`sv-SE` finds `sv`), or None when none of them is asked for."""
    found = negotiate_locale([p.replace("_", "-") for p in preferred if p and p != "*"], LANGUAGES, sep="-")
    return normalise(found)


def from_browser() -> str | None:
    """The best of Herald's languages the request's Accept-Language asks for, or None: a
    language weighted `q=0` is refused, not asked for (RFC 9110, 12.4.2)."""
    from flask import request

    return negotiate(value for value, quality in request.accept_languages if quality > 0)


def effective(code: str | None) -> str:
    """A player's setting as mail is written in it: the default where none is chosen."""
    return normalise(code) or DEFAULT


def requested(chosen: str | None = None) -> tuple[str, bool]:
    """The language of a page for the request being answered, and whether the address chose
    it: `?lang=` (a code Herald does not speak is passed over), else the player's own setting
    (`chosen`, where a page knows its player), else the browser's Accept-Language, else the default."""
    from flask import request

    asked = normalise(request.args.get("lang"))
    if asked:
        return asked, True
    return normalise(chosen) or from_browser() or DEFAULT, False
