"""Exit codes of `herald`, one constant per code, so scripts can branch on them.

The table is printed in `herald --help` (see `EPILOG`); keep the two in step by
building the epilog from `TABLE` only. The table's words are the client's, so they are
translated where the epilog is built (client.i18n).
"""
from client.i18n import N_, _

OK = 0
"""The command did what was asked (for `wait`: I am prompted now)."""

ERROR = 1
"""Anything else: a bad local argument, a server fault (5xx), an unexpected answer."""

USAGE = 2
"""Click's own usage error: unknown command, missing argument, bad option type."""

GAME_OVER = 3
"""`wait`: the game has finished, so I will never be prompted again."""

REJECTED = 4
"""The server refused the request (illegal move, unknown game, conflict, any other 4xx)."""

TIMEOUT = 5
"""`wait`: the time limit passed before I was prompted."""

UNREACHABLE = 6
"""No answer from the server (connection refused, DNS failure, network timeout)."""

AUTH = 7
"""Not authenticated: no token configured, or the server does not know the token (401)."""

UNCONFIRMED = 8
"""A change was sent, and sent again as the same request (a move at the same move number, a
message or any other change under the same key), but never answered: it may have been carried
out, so running the command again could do it twice. Look first (`herald log`, `herald chat`,
`herald games`, `herald me`)."""

PIPE_CLOSED = 141
"""The reader of the output went away (`herald log 1 | head -1`): the command stops quietly, with
the status a shell shows for a Unix tool that SIGPIPE ended (128 + 13), as `git log | head -1`."""

TABLE = [
    (OK, N_("success (wait: you are prompted)")),
    (ERROR, N_("other error (server fault, bad local input)")),
    (USAGE, N_("usage error (unknown command or option)")),
    (GAME_OVER, N_("wait: the game is over")),
    (REJECTED, N_("rejected by the server (illegal move, conflict, not found, other 4xx)")),
    (TIMEOUT, N_("wait: timed out")),
    (UNREACHABLE, N_("cannot reach the server")),
    (AUTH, N_("no token, or token refused (401)")),
    (UNCONFIRMED, N_("a move, message or other change was sent but never answered: it may have been carried out (see "
                     "`herald log`, `herald chat`, `herald games`)")),
    (PIPE_CLOSED, N_("the output's reader went away (`| head -1`): stopped quietly, as a Unix tool does")),
]


def epilog() -> str:
    """The exit-code table as help text (Click keeps lines starting with \\b verbatim)."""
    lines = ["\b", _("Exit codes:")] + [f"  {code:>3}  {_(text)}" for code, text in TABLE]
    return "\n".join(lines)
