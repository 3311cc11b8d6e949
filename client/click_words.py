"""Click's own words in the client's language: "Usage:", "Options", "Show this message and
exit.", "Error: Missing argument 'GAME'.", "No such command 'plai'."...

Click says them through the `gettext` module's global functions, which read MO files from disk
(pallets/click#2706); the client's catalogs are compiled in memory (client.i18n). So the
modules of Click that speak to a player have their `_` and `ngettext` pointed at the client's
own, which look each message up in the language of the moment (English under --json, as every
--json answer is). The messages below are the ones a player can meet (usage errors, the help's
headings); they are in the client's catalogs, and tests/client/test_i18n.py checks that Click
still says each of them, so a rewording in a new Click shows up as a failing test rather
than as English. Click's messages for programmers (a parameter declared twice, a Bash too old
for completion) are not among them and stay English.
"""
from __future__ import annotations

import importlib

from client import i18n
from client.i18n import N_, N_n

# The modules of Click whose `_` and `ngettext` speak to a player.
SPEAKING = ("click.core", "click.exceptions", "click.formatting", "click.decorators", "click.parser",
            "click.types", "click.termui")

MESSAGES = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"), N_("Aborted!"),
    N_("Show this message and exit."), N_("Show the version and exit."),
    N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"), N_("Missing command."),
    N_("No such option {name!r}."), N_("No such command {name!r}."),
    N_n("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    N_n("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    N_n("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    N_("Option {name!r} does not take a value."), N_("Argument {name!r} takes {nargs} values."),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_n("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("file"), N_("directory"), N_("path"), N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."), N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Error: invalid input"), N_("default: {default}"),
)


# Words Click says that are not messages in Click: a type's name ("'x' is not a valid integer
# range.", the help's INTEGER RANGE) and the help's "[x>=1; required]", which Click translates
# from a variable. tests/client/test_i18n.py checks that Click still uses these names.
TYPE_NAMES = {"integer": N_("integer"), "integer range": N_("integer range"), "float": N_("float"),
              "float range": N_("float range")}
REQUIRED = N_("required")


class SaidName:
    """A Click type's `name`, said in the language of the moment."""

    def __init__(self, english: str):
        self.english = english

    def __get__(self, instance, owner) -> str:
        return i18n._(self.english)


def speak() -> None:
    """Point Click's speaking modules at the client's translations (once per process; each
    message is still looked up in the language of the moment)."""
    import click.types

    for kind in (click.types.IntParamType, click.types.IntRange, click.types.FloatParamType, click.types.FloatRange):
        if not isinstance(kind.__dict__.get("name"), SaidName):
            kind.name = SaidName(kind.__dict__["name"])  # type: ignore[assignment]
    for name in SPEAKING:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = i18n._  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]
