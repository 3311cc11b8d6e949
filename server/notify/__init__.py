"""Delivering the outbox: its channels (mail, webhooks), what a mail shows, the daily
digest, and pruning delivered rows."""
