"""The server's words in the players' languages (issue 27).

- `languages.py`: the languages Herald speaks (`en`, the default, and `sv`, `ru`, `nl`, `es`,
  `hu`), a code as a person types it, and the browser's choice (Accept-Language, Babel's
  negotiation).
- `catalogs.py`: one Babel message catalog per language, `catalogs/<lang>.po`, compiled in
  memory at first use (no build step, no generated `.mo` file): `translations(lang)`.
- `templating.py`: the server's one Jinja environment (mails, the game page, the rules pages),
  with `jinja2.ext.i18n`; `render(template, language, **context)` passes that language's
  `gettext`/`ngettext` in the render's own context, never as a global, so renders for
  different players at the same moment never mix.
- `terms.py`: the names of a game's components in each language, from the translated guides'
  `server/guides/<lang>/terms.json` (a game's title, where the term list has it).
- `extract.py`: `python -m server.web.i18n.extract` brings every catalog up to date with the
  sentences marked in the templates and modules (new ones arrive untranslated): the server's
  own sentences are marked where they are written (`server.errors.msg`/`msg_n`, an English
  string that keeps its message and values) and said in a reader's language by
  `catalogs.said` (the API's refusals, mail-in's answers, the recap, the game page's clock).
- `gametext.py`: a stored game text (an event in the move log, `{"text", "msg": {"id",
  "args"}}`) in a reader's language; an event without "msg" reads as stored.

It stands with `web/` (layer 4): the pages render with it, and `notify/`, `mailin/` and `api/`
above use it too.
"""
