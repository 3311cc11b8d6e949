"""`herald server players|cancel|seat`: the operator's hands on players and games (server.ops.admin)."""
from __future__ import annotations

import json

import click

from server.ops import admin
from server.errors import ApiError
from server.ops.command_base import open_store


def _done(message: str) -> None:
    click.echo(message)


@click.group(invoke_without_command=True)
@click.option("--search", metavar="TEXT", help="Only players whose name or address contains TEXT.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.pass_context
def players(ctx, search, as_json):
    """List players (with `add`, `disable`, `enable` to change them)."""
    if ctx.invoked_subcommand is not None:
        return
    open_store()
    rows = admin.players(search)
    if as_json:
        click.echo(json.dumps([row.__dict__ for row in rows], indent=2))
        return
    for row in rows:
        flag = "  DISABLED" if row.disabled else ""
        click.echo(f"{row.id:>6}  {row.name:<24} {row.email:<32} {row.games:>4} game(s)  since {row.created}{flag}")
    click.echo(f"{len(rows)} player(s)")


@players.command()
@click.argument("name")
@click.argument("email")
def add(name, email):
    """Create a player (how new players arrive when registration is closed); prints the token."""
    from server.api.routes.players import create_player

    open_store()
    try:
        player = create_player(name, email)
    except ApiError as exc:
        raise click.ClickException(exc.message) from None
    click.echo(f"Created player {player['name']} (id {player['id']}). Their token, shown once:")
    click.echo(player["token"])


@players.command()
@click.argument("player")
def disable(player):
    """Refuse PLAYER's token (name or id); their seats and games stay."""
    open_store()
    _run(lambda: f"{admin.set_disabled(player, True).name} is disabled")


@players.command()
@click.argument("player")
def enable(player):
    """Accept PLAYER's token again."""
    open_store()
    _run(lambda: f"{admin.set_disabled(player, False).name} is enabled")


@click.command()
@click.argument("game", type=int)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def cancel(game, yes):
    """End GAME now, with no winner (an open game is withdrawn); its players are mailed."""
    open_store()
    if not yes:
        click.confirm(f"Cancel game {game} for good?", abort=True)
    _run(lambda: admin.cancel_game(game))


@click.command()
@click.argument("game", type=int)
@click.argument("seat", type=int)
@click.argument("player")
def seat(game, seat, player):
    """Hand SEAT of GAME over to PLAYER (name or id), e.g. to replace one who left."""
    open_store()
    _run(lambda: admin.hand_over(game, seat, player))


def _run(action) -> None:
    try:
        _done(action())
    except admin.AdminError as exc:
        raise click.ClickException(str(exc)) from None


def attach(group: click.Group) -> None:
    for command in (players, cancel, seat):
        group.add_command(command)
