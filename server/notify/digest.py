"""The daily digest (`herald server digest`): one mail a day to each player whose mail setting
is `digest`, listing every game waiting for them (the settings: server/table/outbox.py)."""
from __future__ import annotations

from datetime import timedelta

from core.records import message_of
from core.text import stored
from server.config import Settings, settings_of
from server.store import statements
from server.store.db import write_transaction
from server.notify import reply_addresses
from server.table import clocks, outbox
from server.store.models import Game, Notification, Player, Seat, utcnow
from server.players.seats import name_players, seats_of

DIGEST_EVERY = timedelta(hours=20)  # "once a day", with room for a timer that runs a little early


def waiting_games(player_id: int) -> list[tuple]:
    """(game, seat, prompt) for every active game asking one of the player's seats."""
    rows = statements.tuples(Seat.select(Seat.game, Seat.seat).join(Game, on=(Seat.game == Game.id))
                             .where((Seat.player == player_id) & (Game.status == "active")))
    seats_by_game: dict[int, set[int]] = {}
    for game_id, seat in rows:
        seats_by_game.setdefault(game_id, set()).add(seat)
    waiting = []
    for game in Game.select().where(Game.id.in_(list(seats_by_game))).order_by(Game.id) if seats_by_game else []:
        for prompt in game.prompted or []:
            if prompt["seat"] in seats_by_game[game.id]:
                waiting.append((game, prompt["seat"], prompt))
                break
    return waiting


def queue_digests(config: Settings, now=None) -> int:
    """One digest row per digest player with games waiting, at most one per DIGEST_EVERY, none
    while the player is on vacation."""
    config = settings_of(config)
    now = now or utcnow()
    queued = 0
    for player in Player.select().where(Player.mail == "digest"):
        if clocks.away_now(player.id, now):
            continue  # on vacation: their clocks stand still, and the digest waits for them to be back
        with write_transaction():
            # a digest still held for the player's quiet hours counts too: they get one in the morning
            recent = (Notification.select().where((Notification.player == player.id) & (Notification.kind == "digest")
                                                  & ((Notification.created > now - DIGEST_EVERY)
                                                     | (Notification.status == "pending"))).exists())
            waiting = [] if recent else waiting_games(player.id)
            if not waiting:
                continue
            # each question in English with its message beside it, said in the reader's language when sent
            # a clocked game's deadline as a stamp, written in the reader's zone when sent (notify/mailtimes.py)
            games = [{"game": game.id, "title": game.title, "ruleset": game.ruleset, "seat": seat,
                      "version": game.version, "prompt": name_players(asked, seats_of(game)),
                      **({"prompt_msg": said} if (said := stored(asked)) else {}),
                      **({"deadline_at": due.isoformat(timespec="seconds")}
                         if (due := clocks.deadline(game, prompt, now)[0]) is not None else {}),
                      "reply": reply_addresses.reply_address(config, game.id, seat, game.version)
                      if reply_addresses.configured(config) else None}
                     for game, seat, prompt in waiting for asked in [message_of(prompt)]]
            first = games[0]
            [row] = outbox.held([Notification.pending_row(  # written now; sent once the player's quiet hours end
                first["game"], None, player.id, player.email, "digest", first["version"],
                {"player": player.name, "games": games}, now)])
            statements.insert(Notification, row)
            queued += 1
    return queued
