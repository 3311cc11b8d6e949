"""The outbox's channels: one module per way a row is delivered."""
