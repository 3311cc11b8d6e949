"""Herald's REST server: Flask + flask-smorest API over an append-only peewee move log."""
