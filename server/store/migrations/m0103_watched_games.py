"""watched_games: the games someone waits on, and until when (server/store/longpoll.py marks
them). A move of a game nobody watches is no longer announced with pg_notify: the announcement's
transaction cost PostgreSQL as much as a move. A new table, empty: until a waiter marks its
game, the waiters' poll wakes them, as it always could."""
from server.store.models import WatchedGame


def up(migrator, database):
    database.create_tables([WatchedGame], safe=True)
