"""`herald server bots` (play the house bots) and `herald server bot-seat` (hand a seat over)."""
from __future__ import annotations

import time

import click

from core.bots.levels import LEVELS, Budget
from server.errors import ApiError
from server.ops.command_base import open_store

IDLE_PAUSE = 1.0   # seconds between looks at the database when no house bot is asked
SCHEMA_CHECK = 60.0  # seconds between looks at the database's schema (server/store/startup.SchemaWatch)


@click.command("bots")
@click.option("--budget", default=None, metavar="BUDGET",
              help="Thinking per search move: a time (2s) or a number of iterations "
                   "(default: the game's, 500; Castle Assault 1,500, Wizard's Quest 800).")
@click.option("--once", is_flag=True, help="Play what is pending now, then stop (for cron and tests).")
@click.option("--seed", default="house", show_default=True, help="The house bots' own randomness.")
def bots(budget, once, seed):
    """Play every prompted seat held by a house bot, as long as this runs."""
    from server.store.startup import NewerSchema, PendingMigrations, SchemaWatch
    from server.table.house_bots import HouseBots

    open_store()
    try:
        chosen = Budget.parse(budget, time.monotonic)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--budget") from None
    house = HouseBots(chosen, seed, click.echo)
    total = 0
    # It runs for good: an upgrade that migrates the database under it (or a restore of an
    # older one) must stop it rather than let this release's bots play on a schema it does not
    # know. Exit 1: systemd's Restart=on-failure starts it again, with the release now installed.
    try:
        watch = SchemaWatch(SCHEMA_CHECK)
        while True:
            watch.check()
            made = house.play_pending()
            total += made
            if once and made == 0:
                break
            if made == 0:
                time.sleep(IDLE_PAUSE)
    except (NewerSchema, PendingMigrations) as exc:
        raise click.ClickException(f"house bots stopped after {total} move(s): {exc}") from None
    click.echo(f"{total} house-bot moves made.")


@click.command("bot-seat")
@click.argument("game", type=int)
@click.argument("seat", type=int)
@click.option("--level", type=click.Choice(LEVELS), default="search", show_default=True)
def bot_seat(game, seat, level):
    """Hand SEAT of GAME to a house bot (its player left); `herald server bots` plays it."""
    from server.table.house_bots import hand_over

    open_store()
    try:
        before = hand_over(game, seat, level)
    except ApiError as error:
        raise click.ClickException(f"{error.message} ({error.code})") from None
    click.echo(f"Game {game} seat {seat}: handed from {before} to the {level} house bot.")


COMMANDS = [bots, bot_seat]
