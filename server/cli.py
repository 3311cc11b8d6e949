"""The `herald server` group, mounted by the client as `herald server ...`: only the mount.
Each command's body lives with its domain in server/ops/ (which says where)."""
from __future__ import annotations

import contextlib
import os

import click

from server.ops import (admin_commands, bot_commands, database_commands, mail_commands, mailin_commands, scan_commands,
                        serving)


@click.group()
@click.option("--create", is_flag=True, help="Make a new empty database if there is none (run does anyway).")
@click.option("--quiet", is_flag=True,
              help="Print only warnings and errors: for cron, which mails whatever a command prints.")
@click.pass_context
def server(ctx, create, quiet):
    """Run and look after a Herald server (settings from HERALD_* variables)."""
    ctx.find_root().meta["herald.create"] = create
    if quiet:  # what a command reports on stdout goes nowhere; its warnings and errors (stderr) stay
        ctx.find_root().meta["herald.quiet"] = True
        nowhere = ctx.with_resource(open(os.devnull, "w", encoding="utf-8"))
        ctx.with_resource(contextlib.redirect_stdout(nowhere))


@server.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
def run(host: str, port: int):
    """Serve the API with Flask's built-in server (use gunicorn in production)."""
    from server.app import create_app

    serving.run(create_app, host, port)


# notify, prune-mail; remind, deadlines, clocks; migrate, backup, export, import, verify;
# players, cancel, seat; mail-in, read-mail, fetch-mail, digest; bots, bot-seat.
admin_commands.attach(server)
for _command in (*mail_commands.COMMANDS, *scan_commands.COMMANDS, *database_commands.COMMANDS,
                 *mailin_commands.COMMANDS, *bot_commands.COMMANDS):
    server.add_command(_command)
