"""Gunicorn settings for Herald: `gunicorn -c deploy/gunicorn.conf.py 'server.app:create_app()'`.

Two worker processes suit SQLite in WAL mode: writers serialise on the database lock
anyway, and readers never block them. Threads, because `herald wait` long-polls
GET /games/{id}/wait for up to 60 s: with sync workers every waiting player would hold a
whole process. Raise `workers` with PostgreSQL.
"""
import os

bind = os.environ.get("HERALD_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("HERALD_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("HERALD_THREADS", "16"))
# `herald wait` long-polls for up to 60 s.
timeout = 90
graceful_timeout = 30
keepalive = 5
accesslog = "-"
errorlog = "-"
