"""The daily digest (`herald server digest`): one mail a day to each player whose mail setting
is `digest`, listing every game waiting for them (the settings: server/table/outbox.py), at a
time of their own day they choose (`players.digest_at`, 08:00 unless chosen).

The scan may run at any rhythm. Each player is considered once each time their clock passes
their digest time (`players.digest_checked` says when they last were): run every 15 minutes,
as the shipped timer runs it, each digest is written within 15 minutes of its player's time;
run once a day, every digest player is considered at each run. A digest written in its
player's quiet hours waits for their end (outbox.held), so a digest time in them means the
end of the quiet hours. A game that starts waiting after the player's digest time waits for
the next day's digest, and no digest follows another within DIGEST_GAP (a player who moves
their time later on the day theirs went gets the next one tomorrow)."""
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
from server.players import localtime
from server.players.seats import name_players, seats_of

DIGEST_GAP = timedelta(hours=12)  # at least this between two digests, whatever their times became


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
    """One digest row for each digest player whose clock has passed their digest time since the
    scan last considered them and who has games waiting; none while the player is on vacation
    (they are considered once back), none while one of theirs is still held, none within
    DIGEST_GAP of the last. How many were written."""
    config = settings_of(config)
    now = now or utcnow()
    queued = 0
    for player in Player.select().where(Player.mail == "digest"):
        due_since = localtime.last_shown(now, player, localtime.digest_at_of(player))
        if player.digest_checked is not None and player.digest_checked >= due_since:
            continue  # considered since their clock last showed their time: tomorrow's is next
        if clocks.away_now(player.id, now):
            continue  # on vacation: their clocks stand still, and the digest waits for them to be back
        with write_transaction():
            considered = (Player.update(digest_checked=now)  # the claim: one scan considers each day once
                          .where((Player.id == player.id) & (Player.digest_checked.is_null()
                                                              | (Player.digest_checked < due_since))).execute())
            # a digest still held for the player's quiet hours counts too: they get one in the morning
            recent = (Notification.select().where((Notification.player == player.id) & (Notification.kind == "digest")
                                                  & ((Notification.created > now - DIGEST_GAP)
                                                     | (Notification.status == "pending"))).exists())
            waiting = [] if recent or not considered else waiting_games(player.id)
            if not waiting:
                continue
            # each question in English with its message beside it, said in the reader's language when sent
            # a clocked game's deadline as a stamp, written in the reader's zone when sent (notify/mailtimes.py)
            games = [{"game": game.id, "title": game.title, "ruleset": game.ruleset, "seat": seat,
                      "version": game.version, "prompt": name_players(asked, seats_of(game)),
                      **({"prompt_msg": said} if (said := stored(asked)) else {}),
                      **({"deadline_at": due.isoformat(timespec="seconds")}
                         if (due := clocks.deadline(game, prompt, now)[0]) is not None else {}),
                      "reply": reply_addresses.reply_address(config, game.id, seat, game.version, player.id)
                      if reply_addresses.configured(config) else None}
                     for game, seat, prompt in waiting for asked in [message_of(prompt)]]
            first = games[0]
            [row] = outbox.held([Notification.pending_row(  # written now; sent once the player's quiet hours end
                first["game"], None, player.id, player.email, "digest", first["version"],
                {"player": player.name, "games": games, "digest_at": player.digest_at}, now)])
            statements.insert(Notification, row)
            queued += 1
    return queued
