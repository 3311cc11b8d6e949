"""The game's guide by mail: `rules` (its opening and topics), `rules TOPIC` (one section) and
`explain THING` (what a card, territory or board symbol means, as `herald explain`), each in
the reader's language where the guide is translated, with the link to the whole guide."""
from __future__ import annotations

import re

from server.errors import ApiError, msg
from server.guides import reader as guide
from server.store.models import Game
from server.web.i18n.templating import wrap

RULES_LINES = 120  # of a guide's section in an answer; the link has the rest


def _rules(session, rest):
    """The guide by mail: with a topic, that section (an unknown one: the refusal lists the
    topics); without, its opening (or a "Rules" chapter, where a guide has one) and the topics.
    Always the link to the whole guide."""
    ruleset = Game.get_by_id(session.game_id).ruleset
    language = session.language
    try:
        found = guide.rules(ruleset, rest or "rules", language)
    except ApiError:
        if rest:
            raise
        found = guide.rules(ruleset, None, language)
        found["text"] = _opening(found["text"])
    lines = found["text"].rstrip().splitlines()
    if len(lines) > RULES_LINES:
        lines = lines[:RULES_LINES] + ["..."]
    block = "\n".join(lines)
    if not rest:
        block += "\n\n" + session.prose(msg("Topics (reply 'rules TOPIC'): %(topics)s", topics="; ".join(found["topics"])))
    public = session.config.public_url
    if public:
        block += "\n\n" + session.prose(msg("The whole guide: %(url)s", url=guide.rules_url(session.config, ruleset,
                                                                                         found["language"])))
    session.blocks.append(block)


def _opening(text: str) -> str:
    """A guide's text before its first chapter."""
    return re.split(r"^## ", text, maxsplit=1, flags=re.MULTILINE)[0]


def _explain(session, rest):
    """What a card, territory or board symbol of this game means (the glossary's entry, said in
    the reader's language); a name the glossary does not know is refused with the nearest ones."""
    ruleset = Game.get_by_id(session.game_id).ruleset
    if not rest:
        session.tell(msg("Say 'explain' and a card, territory or board symbol of this game."))
        return
    found = guide.explain(ruleset, rest, session.language)
    session.blocks.append(wrap(f"{found['title']} ({found.get('kind_text') or found['kind']})\n{found['text']}"))


COMMANDS = {"rules": _rules, "rule": _rules, "explain": _explain}
