"""chat_messages.client_key: the key a sender gives a message (the game page's talk form gives
each form one), unique per game and sender, so that a form posted twice (a double click, a
browser sending it again) or a request retried says the message once. Messages said before have
none; NULLs never clash."""
from peewee import CharField

from server.store.migrations import add_columns


def up(migrator, database):
    add_columns(migrator, database, "chat_messages", client_key=CharField(max_length=64, null=True))
    wanted = ("game_id", "player_id", "client_key")
    if wanted not in {tuple(i.columns) for i in database.get_indexes("chat_messages")}:
        migrator.add_index("chat_messages", wanted, True).run()
