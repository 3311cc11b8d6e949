"""Players: accounts and tokens, mail addresses, signed codes, and who sits where."""
