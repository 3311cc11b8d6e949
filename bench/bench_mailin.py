"""Replies by mail against moves by HTTP PUT: mails handled per second by `herald server
mail-in` and moves per second through the API, measured side by side in one run.

    python -m bench.bench_mailin [--moves 1500] [--threads 2] [--rounds 6]

One SQLite file (WAL) serves both: the API under gunicorn (2 sync workers) and the SMTP
listener `herald server mail-in --no-send` (answers stay in the outbox, as a PUT's turn
mails do; `notify` sends both). The moves are real Castle Assault moves: the bench, as the
operator, reads each game's seed and plays it locally with the engine to know which moves
will be legal, and signs each reply address with the server's key, as Herald's mail would.
Each mail is a realistic reply: the move on top, an attribution line and the quoted turn
mail under it, a signature; each sender thread keeps its SMTP connection like a mail
server delivering its queue. PUTs carry the same move in notation (`text`), so both sides
parse it. The phases are interleaved in --rounds rounds, each side's games played
sequentially per game by --threads client threads. Goal: mail-in >= 50 % of the PUT rate.
"""
from __future__ import annotations

import argparse
import smtplib
import tempfile
import time
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from bench.bench_http import free_port, herald_games, request, run_threads, start_gunicorn
from bench.bench_http import RULESET
from core import games
from server.notify.reply_addresses import reply_address

EMAIL = "bench@bench.example"  # (an address Herald accepts: a dot after the @)
QUOTED = "\n".join("> " + line for line in (
    "Hello bench,", "", "Game 12 (Castle Assault) is waiting for you, seat 0.", "",
    "Your turn: choose one action.", "", "Your position:", "",
    "Castle Assault, 2 players. Turn of bench", "Decks: Village 54, Siege 12, Academy 14, Dungeon 12",
    "[0] bench (you): hand 6 cards, loot pile 0", "   0/C   Castle   4 shields", "   0/W1  Wall     2 shields",
    "Your hand:", "   V46 Builder, V62 Duke, V6 Soldier, V7 Soldier, V10 Soldier, V14 Soldier", "",
    "To answer by mail, reply with your move (several lines make several moves in order):",
    *[f"    attack 1/W{i % 2 + 1} V{i}" for i in range(20)], "", "To stop these mails: reply 'mail off'.") * 2)


def compose(config: dict, gid: int, seq: int, seat: int, text: str, holder: int) -> bytes:
    message = EmailMessage()
    message["From"] = f"Bench <{EMAIL}>"
    message["To"] = reply_address(config, gid, seat, seq, holder)
    message["Subject"] = f"Re: [Herald] Castle Assault #{gid}: your move"
    message["Message-ID"] = make_msgid("bench", domain="localhost")
    message.set_content(f"{text}\n\nOn Mon, 23 Nov 2026 at 11:30, Herald <herald@localhost> wrote:\n{QUOTED}\n"
                        f"\n-- \nBench\n")
    return bytes(message).replace(b"\n", b"\r\n")


def start_mail_in(env: dict, port: int, workers: int, log: Path):
    """`herald server mail-in` in its own process(es); its log goes to a file."""
    import os
    import subprocess
    import sys

    with log.open("w") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "client.cli", "server", "mail-in", "--no-send",
                                 "--port", str(port), "--workers", str(workers)],
                                env={**os.environ, **env}, stderr=sink)
    for _ in range(400):
        if log.read_text().count("listening for SMTP") >= workers:
            return proc
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("mail-in did not start:\n" + log.read_text()[-2000:])


def mail_sender(port: int, config: dict, holder: int):
    """send(item) over one SMTP connection per thread (reopened if it drops), as player `holder`."""
    import threading

    local = threading.local()

    def send(item):
        gid, seq, seat, text = item
        if getattr(local, "smtp", None) is None:
            local.smtp = smtplib.SMTP("127.0.0.1", port, timeout=60)
        refused = local.smtp.sendmail(EMAIL, [reply_address(config, gid, seat, seq, holder)],
                                      compose(config, gid, seq, seat, text, holder))
        return 201 if not refused else 550

    return send


def put_text(port, token):
    def send(item):
        gid, seq, seat, text = item
        return request(port, "PUT", f"/games/{gid}/moves/{seq}?seat={seat}", {"text": text}, token)[0]
    return send


def check_played(db_path: Path, gids: list[int], expected: int) -> None:
    import sqlite3

    with sqlite3.connect(db_path) as db:
        marks = ",".join("?" * len(gids))
        played = db.execute(f"SELECT COUNT(*) FROM moves WHERE game_id IN ({marks})", gids).fetchone()[0]
    if played != expected:
        raise SystemExit(f"only {played} of {expected} mailed moves were played")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1500, help="moves per side")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=6, help="interleaved rounds")
    parser.add_argument("--workers", type=int, default=2, help="mail-in processes (gunicorn runs 2 workers)")
    args = parser.parse_args(argv)
    engine = games[RULESET]
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp, "herald.db")
        config = {"REPLY_ADDRESS": "turns@localhost", "SECRET_KEY": "bench-only-key-" + "b" * 18}
        env = {"HERALD_DATABASE_URL": f"sqlite:///{db_path}", "HERALD_MAIL_DIR": str(Path(tmp, "mail")),
               "HERALD_REPLY_ADDRESS": config["REPLY_ADDRESS"], "HERALD_SECRET_KEY": config["SECRET_KEY"],
               "HERALD_MAIL_FROM": "herald@localhost"}
        http_port, smtp_port = free_port(), free_port()
        api = start_gunicorn("server.app:create_app()", env, http_port)
        mail_in = start_mail_in(env, smtp_port, args.workers, Path(tmp, "mail-in.log"))
        try:
            status, me = request(http_port, "POST", "/players", {"name": "bench", "email": EMAIL})
            assert status == 201, me
            token = me["token"]
            per_round = max(1, args.moves // args.rounds)
            totals = {"put": [0, 0.0], "mail": [0, 0.0]}
            mailed_games, mailed_moves = [], 0
            for _ in range(args.rounds):
                for side, send in (("put", put_text(http_port, token)), ("mail", mail_sender(smtp_port, config, me["id"]))):
                    work, count = [], 0
                    while count < per_round:
                        for gid, moves in herald_games(http_port, db_path, token, args.threads).items():
                            work.append([(gid, seq, seat, engine.format(move)) for seq, (seat, move) in enumerate(moves)])
                            count += len(moves)
                            if side == "mail":
                                mailed_games.append(gid)
                    totals[side][0] += count
                    totals[side][1] += run_threads(work, send, args.threads)
                    if side == "mail":
                        mailed_moves += count
            check_played(db_path, mailed_games, mailed_moves)
            put_rate = totals["put"][0] / totals["put"][1]
            mail_rate = totals["mail"][0] / totals["mail"][1]
            print(f"{totals['put'][0]} PUTs and {totals['mail'][0]} mails in {args.rounds} interleaved rounds, "
                  f"{args.threads} client threads each")
            print(f"    move PUT (gunicorn, 2 workers):    {put_rate:8.0f} moves/s")
            print(f"    mail-in (SMTP, one reply a move):  {mail_rate:8.0f} mails/s")
            print(f"    ratio mail-in/PUT:                 {mail_rate / put_rate:8.2f}  (goal >= 0.50)")
        finally:
            for proc in (api, mail_in):
                proc.terminate()
                proc.wait()


if __name__ == "__main__":
    main()
