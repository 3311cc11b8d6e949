"""Bots that fill a seat: honest by construction (they get the seat's knowledge, never the
state), at three levels (random, greedy, search). See docs/bots.md."""
