"""`herald rules GAME [TOPIC]` and `herald explain GAME THING`: the player guides, from the server.

Both ask the server (`GET /rulesets/{name}/rules`, `/rulesets/{name}/explain/{thing}`, public),
so they work in a client-only install without the rules engines. No token is needed.
"""
from __future__ import annotations

from urllib.parse import quote

import click

from client import command_base as base


def attach(group: click.Group) -> None:
    group.add_command(rules)
    group.add_command(explain)


def path(game: str, *rest: str) -> str:
    return "/".join(["/rulesets", segment(game)] + [segment(part) for part in rest])


def segment(part: str) -> str:
    """One path segment, quoted; '.' and '..' too (a board's legend names '.' for an empty
    place), which a URL would otherwise read as "this folder" and drop."""
    quoted = quote(part, safe="")
    return quoted.replace(".", "%2E") if set(part) == {"."} else quoted


@click.command()
@click.argument("game")
@click.argument("topic", nargs=-1)
@click.option("--language", metavar="LANG", default=None,
              help="The guide in en, sv, ru, nl, es or hu (default: your locale's language, else English); TOPIC is "
                   "matched on that language's headings or the English ones.")
@base.json_option
@base.connection_options
def rules(game, topic, language, as_json):
    """Print the player guide of GAME, or only its section about TOPIC (matched on headings).

    An unknown topic fails with the list of topics. Example: herald rules wizards-quest map
    """
    wanted = " ".join(topic) or None
    params = {"topic": wanted, "lang": base.reading_language(language)}
    answer = base.api(auth=False).request("GET", path(game, "rules"), params=params, auth=False)
    base.reply(as_json, answer, lambda data: data["text"].rstrip("\n"))


@click.command()
@click.argument("game")
@click.argument("thing", nargs=-1, required=True)
@click.option("--language", metavar="LANG", default=None,
              help="The explanation in en, sv, ru, nl, es or hu (default: your locale's language, else English); THING may "
                   "be the English name or symbol.")
@base.json_option
@base.connection_options
def explain(game, thing, language, as_json):
    """Explain a card, artefact, territory or board symbol of GAME.

    Examples: herald explain wizards-quest D2C4; herald explain wizards-quest s2;
    herald explain medieval-mastery "Orb of Brutality"; herald explain castle-assault 0/W1
    """
    answer = base.api(auth=False).request("GET", path(game, "explain", " ".join(thing)),
                                          params={"lang": base.reading_language(language)}, auth=False)
    base.reply(as_json, answer, human_explanation)


def human_explanation(data: dict) -> str:
    return f"{data['title']} ({data.get('kind_text') or data['kind']})\n{data['text']}"
