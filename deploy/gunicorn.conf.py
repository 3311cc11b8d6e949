"""Gunicorn settings for Herald: `gunicorn -c deploy/gunicorn.conf.py 'server.app:create_app()'`.

Two worker processes suit SQLite in WAL mode: writers serialise on the database lock
anyway, and readers never block them. Raise `workers` with PostgreSQL.

Threads, many of them, because `herald wait` (and the web page, and bots) long-poll
GET /games/{id}/wait for up to 60 s. A waiting request sleeps on an event until the
process's one notifier thread wakes it (server/store/longpoll.py): it costs no query and no CPU,
only a thread's memory (about 90 KB: bench/bench_wait.py), so each worker may hold a thousand of them
and still have threads free for moves and reads. `worker_connections` caps the connections
a worker takes: a worker whose threads are all busy stops accepting and leaves new
connections to the others. Why threads rather than gevent: deploy/README.md.
"""
import os
import re

bind = os.environ.get("HERALD_BIND", "127.0.0.1:8000")
# gunicorn's control interface (`gunicornc`) listens on one socket per user by default, so a
# second Herald on the same machine took over the first one's: one socket per bound address.
control_socket = os.environ.get("HERALD_CONTROL_SOCKET") or os.path.expanduser(
    "~/.gunicorn/herald-" + re.sub(r"[^\w.-]", "_", bind) + ".ctl")
workers = int(os.environ.get("HERALD_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("HERALD_THREADS", "1000"))
worker_connections = threads + 100  # the extra 100: idle keep-alive connections
# `herald wait` long-polls for up to 60 s; this is the heartbeat limit, not a request timeout.
timeout = 90
graceful_timeout = 30
keepalive = 5
accesslog = os.environ.get("HERALD_ACCESS_LOG", "-") or None  # "" turns it off
# The path without its query and no Referer: a game page's link carries its seat's token as ?t=,
# a credential that must not land in the journal (gunicorn's default logs the whole request line).
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s"'
errorlog = "-"

# Requests gunicorn refuses itself (before Herald sees them): these limits, and the answer
# in Herald's JSON error format instead of gunicorn's HTML page (server/api/gunicorn_errors.py).
limit_request_line = 8190  # bytes of method + path + query: 414 uri-too-long beyond
limit_request_fields = 100  # header fields: 431 headers-too-large beyond
limit_request_field_size = 8190  # bytes of one header: 431 headers-too-large beyond


def on_starting(server):
    from server.api.gunicorn_errors import install

    install()


def post_worker_init(worker):
    # A worker told to stop (reload, upgrade: `systemctl reload herald`) first answers its
    # sleeping GET /wait requests; `herald wait` then asks the new workers (server/store/longpoll.py).
    from server.store.longpoll import wake_all_on

    wake_all_on()
