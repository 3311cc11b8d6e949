"""Ratings per ruleset with openskill's Plackett-Luce model (multiplayer rankings, not Elo).

When a rated game ends, inside the transaction of its last move, its players are ranked
(the winners first, everyone else tied behind them; nobody wins: all tied) and their ratings
in that ruleset updated; the game-over mail shows each player's change. A game counts only if
it was created rated (the default) and has at least two different players — one person
holding several seats is testing, not competing. The shown rating is openskill's ordinal,
mu - 3 sigma: a new player starts at 0 and climbs as the system grows sure of them.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

from server.store.db import is_sqlite
from server.store.statements import select_rows
from server.store.models import Player, Rating, utcnow
from server.rulesets import engine as find_engine

MODEL = PlackettLuce()
LIST_LIMIT = 500


def record(game, result, seats) -> dict[int, dict]:
    """Rate a finished game; {player id: {before, after, games}} for the mail, or {} if unrated."""
    players = sorted({s.player for s in seats if s.player is not None})
    if not getattr(game, "rated", True) or len(players) < 2:
        return {}
    winners = {s.player for s in seats if s.seat in set(result.winners)}
    ranks: list[float] = [1 if p in winners or not winners else 2 for p in players]
    if not is_sqlite():  # (SQLite writes one transaction at a time already)
        # Two games ending at once with a player in common rate one after the other: each reads
        # the ratings the other wrote. (NO KEY UPDATE: the foreign keys' checks are not held up.)
        select_rows(f"SELECT id FROM players WHERE id IN ({', '.join(['%s'] * len(players))}) ORDER BY id "
                    "FOR NO KEY UPDATE", tuple(players))
    stored = {r.player_id: r for r in Rating.select().where((Rating.ruleset == game.ruleset)
                                                            & Rating.player.in_(players))}
    before = [MODEL.create_rating([stored[p].mu, stored[p].sigma]) if p in stored else MODEL.rating()
              for p in players]
    after = MODEL.rate([[r] for r in before], ranks=ranks)
    changes, now = {}, utcnow()
    for player, old, (new,) in zip(players, before, after):
        count = (stored[player].games if player in stored else 0) + 1
        Rating.insert(ruleset=game.ruleset, player=player, mu=new.mu, sigma=new.sigma, games=count,
                      updated=now).on_conflict(conflict_target=[Rating.ruleset, Rating.player],
                                               update={Rating.mu: new.mu, Rating.sigma: new.sigma,
                                                       Rating.games: count, Rating.updated: now}).execute()
        changes[player] = {"before": shown(old.ordinal()), "after": shown(new.ordinal()), "games": count}
    return changes


def shown(ordinal: float) -> float:
    return round(ordinal, 1)


def table(ruleset: str) -> dict:
    engine = find_engine(ruleset)  # 404 for an unknown ruleset
    rows = (Rating.select(Rating, Player.id, Player.name).join(Player).where(Rating.ruleset == engine.name)
            .limit(LIST_LIMIT))
    ranked = sorted(rows, key=lambda r: (-(r.mu - 3 * r.sigma), r.player.name.lower()))
    return {"ruleset": engine.name, "ratings": [
        {"rank": i + 1, "player": r.player.id, "name": r.player.name, "rating": shown(r.mu - 3 * r.sigma),
         "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games} for i, r in enumerate(ranked)]}
