"""The games and everything around them: lobby, moves, views, chat, undo, clocks, deadlines,
vacations, ratings, house bots, webhooks, and the outbox rows they write."""
