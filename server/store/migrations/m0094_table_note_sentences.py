"""chat_messages.sentence: a note Herald writes at the table (kind "table": a seat handed over,
a player's mail bounced) keeps its sentence as JSON (server.errors.Sentence.to_json) beside
its English text, so that each reader reads it in their own language (issue 27). Notes
written before hold no sentence (NULL) and read exactly as stored."""
from server.store.migrations import add_columns
from server.store.models import JSONField


def up(migrator, database):
    add_columns(migrator, database, "chat_messages", sentence=JSONField(null=True))
