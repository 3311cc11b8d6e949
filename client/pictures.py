"""`herald show --svg FILE` / `--open`: the board as the server draws it, for my seat."""
from __future__ import annotations

import tempfile
import webbrowser
from pathlib import Path

import requests

from client.api import CONNECT_TIMEOUT, READ_TIMEOUT, ApiError, HeraldApi, Unreachable
from client.i18n import _


def fetch_svg(client: HeraldApi, game: str, seat: int | None) -> str:
    """GET /games/{id}/picture.svg (an SVG document, not JSON), with the client's errors."""
    url = client.server + client.game_path(game, "picture.svg")
    try:
        response = client.session.get(url, params={"seat": seat} if seat is not None else None,
                                      headers={"Authorization": f"Bearer {client.token}"},
                                      timeout=(CONNECT_TIMEOUT, READ_TIMEOUT))
    except requests.exceptions.RequestException as exc:
        raise Unreachable(_("Cannot reach the Herald server at {server} ({error}).").format(
            server=client.server, error=type(exc).__name__)) from None
    if response.status_code >= 400:
        raise ApiError.from_response(response, client.server)
    return response.text


def save_picture(client: HeraldApi, game: str, seat: int | None, path: str | None, open_it: bool) -> Path:
    """Write the SVG to `path` (or a temporary file when only opening it); open it if asked."""
    svg = fetch_svg(client, game, seat)
    if path is None:
        with tempfile.NamedTemporaryFile("w", suffix=f"-game-{game}.svg", delete=False, encoding="utf-8") as file:
            file.write(svg)
            target = Path(file.name)
    else:
        target = Path(path)
        target.write_text(svg, encoding="utf-8")
    if open_it:
        webbrowser.open(target.resolve().as_uri())
    return target
