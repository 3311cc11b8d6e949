"""Operator commands on whole databases: `herald server backup` while moves land, and
`export`/`import` from SQLite to PostgreSQL and back with ids, chains and hashes intact."""
import os
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from server.cli import server
from server.store.db import database
from tests.server.live import http_put, serving
from tests.server.test_migrations import FIXTURES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def herald(*args, url: str, tmp_path) -> subprocess.CompletedProcess:
    """`herald ...` in its own process, as an operator runs it beside the server."""
    env = {**os.environ, "HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": ""}
    return subprocess.run([sys.executable, "-c", "from client.cli import main; main()", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_backup_while_moves_land_is_consistent(api, alice_bob, config, tmp_path):
    from server.app import create_app

    url = config["DATABASE_URL"]
    copy = tmp_path / "backup.db"
    app = create_app(config)
    stop, made = threading.Event(), []

    def keep_playing(base):
        while not stop.is_set():
            game = api.start_game(alice_bob, options={"target": 60})
            for seq in range(40):
                detail = api.game(game, alice_bob[0])
                if detail["status"] != "active" or stop.is_set():
                    break
                mover = alice_bob[detail["prompted"][0]["seat"]]
                move = api.legal(game, mover)["moves"][0]["move"]
                status, _ = http_put(f"{base}/games/{game}/moves/{seq}", mover["token"], {"move": move})
                made.append(status)

    with serving(app) as base:
        api.client = app.test_client()
        player = threading.Thread(target=keep_playing, args=(base,))
        player.start()
        try:
            while len(made) < 5:
                stop.wait(0.05)
            result = herald("server", "backup", str(copy), url=url, tmp_path=tmp_path)
        finally:
            stop.set()
            player.join(timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"to {copy}" in result.stdout and "integrity check: ok" in result.stdout
    assert result.stderr.count("database: ") == 1  # (it opens the store twice, and says so once)
    assert oct(copy.stat().st_mode & 0o777) == "0o600"  # the secret key and seeds inside: the owner's only
    assert set(made) == {201}
    verified = cli(["verify"], f"sqlite:///{copy}", tmp_path)  # in this process: the toy game is registered
    assert verified.exit_code == 0 and "all agree" in verified.output, verified.output
    again = herald("server", "backup", str(copy), url=url, tmp_path=tmp_path)
    assert again.returncode == 1 and "exists already" in again.stderr


def test_backup_of_postgresql_prints_pg_dump_without_the_password(tmp_path):
    result = herald("server", "backup", "/tmp/herald.dump", url="postgresql://herald:s3cret@127.0.0.1:5999/games",
                    tmp_path=tmp_path)
    assert result.returncode == 1 and "no backup made" in result.stderr  # a nightly cron line must not pass
    assert "pg_dump --format=custom --file /tmp/herald.dump postgresql://herald@127.0.0.1:5999/games" in result.stdout
    assert "s3cret" not in result.stdout


def cli(args, url, tmp_path):
    result = CliRunner().invoke(server, args, env={"HERALD_DATABASE_URL": url, "HERALD_CONFIG": "",
                                                   "HERALD_MAIL_DIR": str(tmp_path / "mail")})
    database.close()
    return result


def test_export_import_sqlite_to_postgresql_and_back(postgres, tmp_path):
    """The release-1 fixture, migrated, goes to PostgreSQL and back: same rows, verify clean."""
    import shutil

    source = tmp_path / "source.db"
    shutil.copy(FIXTURES / "release1.db", source)
    assert cli(["migrate"], f"sqlite:///{source}", tmp_path).exit_code == 0
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    assert cli(["export", str(first)], f"sqlite:///{source}", tmp_path).exit_code == 0

    pg = postgres.new_database()
    imported = cli(["import", str(first)], pg, tmp_path)
    assert imported.exit_code == 0, imported.output
    assert "imported 4 players, 5 games, 13 seats, 168 moves" in imported.output
    assert "checked 5 game(s), 168 move(s): all agree" in imported.output
    refused = cli(["import", str(first)], pg, tmp_path)
    assert refused.exit_code == 1 and "not empty" in refused.output

    assert cli(["export", str(second)], pg, tmp_path).exit_code == 0
    assert first.read_bytes() == second.read_bytes()  # ids, chains, hashes, timestamps: all the same
    back = tmp_path / "back.db"
    returned = cli(["import", str(second)], f"sqlite:///{back}", tmp_path)
    assert returned.exit_code == 0 and "all agree" in returned.output, returned.output

    from server.app import create_app
    from tests.server.conftest import Api
    app = create_app({"DATABASE_URL": pg, "MAIL_DIR": str(tmp_path / "mail")})
    api = Api(app.test_client())
    newcomer = api.register("newcomer")  # PostgreSQL's id counters continue after the imported ids
    assert newcomer["id"] == 5
    database.close()


def postgresql_restore_block() -> str:
    """deploy/README.md section 7's PostgreSQL restore, its continued lines joined."""
    import re
    from pathlib import Path

    guide = (Path(ROOT) / "deploy" / "README.md").read_text(encoding="utf-8")
    section = guide[guide.index("## 7. "):guide.index("## 8. ")]
    [block] = [b for b in re.findall(r"^```sh\n(.*?)^```", section, re.M | re.S) if "pg_restore" in b]
    return block.replace("\\\n", " ")


def test_the_guides_postgresql_restore_brings_a_dump_back(postgres, tmp_path):
    """Section 7 restored SQLite only, and the documents named `pg_restore` without its steps.
    Its PostgreSQL steps run here as written against a real PostgreSQL, but for what needs a
    whole machine (sudo, systemctl) and the names of this one (the server's address, the dump's
    path): a dump taken with the line `herald server backup` prints comes back under the old
    name, migrate and verify pass on it, and it holds what was dumped, not what came after.
    Herald's role is no superuser here, as the guide's `herald` role is not: this cluster's
    superuser (named `herald` by the tests' initdb) plays the guide's `postgres`, and a role
    `herald_app` with no rights beyond its own database plays the guide's `herald`."""
    import re
    import shutil

    import psycopg2

    for program in ("pg_dump", "pg_restore", "createdb", "psql"):
        if shutil.which(program) is None:
            pytest.skip(f"PostgreSQL's {program} is not installed")
    admin = psycopg2.connect(host="127.0.0.1", port=postgres.port, user="herald", dbname="postgres")
    admin.autocommit = True
    admin.cursor().execute("CREATE ROLE herald_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE")
    admin.cursor().execute("CREATE DATABASE herald OWNER herald_app")
    url = f"postgresql://herald_app@127.0.0.1:{postgres.port}/herald"
    source = tmp_path / "source.db"
    shutil.copy(FIXTURES / "release1.db", source)
    assert cli(["migrate"], f"sqlite:///{source}", tmp_path).exit_code == 0
    dumped, restored = tmp_path / "dumped.jsonl", tmp_path / "restored.jsonl"
    assert cli(["export", str(dumped)], f"sqlite:///{source}", tmp_path).exit_code == 0
    assert cli(["import", str(dumped)], url, tmp_path).exit_code == 0
    database.obj.close_all()  # (this process's pool: a database in use cannot be renamed)

    dump = tmp_path / "herald.dump"
    printed = herald("server", "backup", str(dump), url=url, tmp_path=tmp_path)
    [pg_dump] = re.findall(r"^\s*(pg_dump .*)$", printed.stdout, re.M)
    subprocess.run(["bash", "-c", pg_dump], check=True, capture_output=True, timeout=120)
    with psycopg2.connect(url) as damage, damage.cursor() as cursor:  # what the backup must undo
        cursor.execute("UPDATE players SET name = 'after-the-dump-' || id")
    damage.close()

    shim = tmp_path / ".venv" / "bin" / "herald"  # the guide's .venv/bin/herald, this checkout's
    shim.parent.mkdir(parents=True)
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "from client.cli import main; main()" "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PGHOST": "127.0.0.1", "PGPORT": str(postgres.port),
           "HERALD_DATABASE_URL": url, "HERALD_MAIL_DIR": str(tmp_path / "mail"), "HERALD_CONFIG": "",
           "PYTHONPATH": ROOT}
    ran, skipped = [], []
    for line in postgresql_restore_block().splitlines():
        if "systemctl" in line:
            skipped.append(line)
            continue
        as_user = re.match(r"^sudo (?:-E )?-u (herald|postgres) ", line)
        assert as_user, line  # every step names who runs it
        command = line[as_user.end():].replace("/srv/herald/var/backup/herald-2026-11-20.dump", str(dump))
        command = command.replace("createdb -O herald ", "createdb -O herald_app ")
        role = {"postgres": "herald", "herald": "herald_app"}[as_user[1]]
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env={**env, "PGUSER": role},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{line}\n{done.stdout}{done.stderr}"
        ran.append(done.stdout + done.stderr)
    assert len(skipped) == 2 and len(ran) == 5, (skipped, ran)
    assert "all agree" in ran[-1], ran[-1]
    admin.close()

    assert cli(["export", str(restored)], url, tmp_path).exit_code == 0
    database.obj.close_all()
    assert restored.read_bytes() == dumped.read_bytes()  # ids, chains, hashes: the dump's, not the damage
    with psycopg2.connect(url.rsplit("/", 1)[0] + "/herald_before_restore") as kept, kept.cursor() as cursor:
        cursor.execute("SELECT name FROM players")
        assert all(name.startswith("after-the-dump-") for name, in cursor.fetchall())  # the damaged one, aside
    kept.close()


def test_import_refuses_a_file_that_is_not_an_export(tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"hello": 1}\n')
    result = cli(["import", str(junk)], f"sqlite:///{tmp_path / 'new.db'}", tmp_path)
    assert result.exit_code == 1 and "not a Herald export" in result.output


def mode(path) -> str:
    return oct(os.stat(path).st_mode & 0o777)


def test_the_database_and_a_mailed_recovery_code_are_readable_by_their_owner_alone(config, toy_game, tmp_path):
    """The database holds the token hashes, every address and, without HERALD_SECRET_KEY, the key
    that signs recovery codes; a mail folder's .eml holds a live one-time recovery code. Under the
    usual umask (022) both were made 0644: any account on the machine could read them and take a
    player's seat. Both are made 0600 now, as `backup` and `export` write theirs, and so are the
    database's -wal and -shm (SQLite gives them the main file's mode), and the mail folder that
    notify makes is 0700."""
    from server.app import create_app
    from tests.server.conftest import Api

    old = os.umask(0o022)
    try:
        app = create_app(config)  # makes herald.db
        api = Api(app.test_client())
        api.register("ana")
        assert api.client.post("/players/recover", json={"email": "ana@example.org"}).status_code == 202
        files = {name: mode(tmp_path / name) for name in ("herald.db", "herald.db-wal", "herald.db-shm")}
        notified = herald("server", "notify", url=config["DATABASE_URL"], tmp_path=tmp_path)
    finally:
        os.umask(old)
        database.close()
    assert notified.returncode == 0, notified.stderr
    [coded] = [mail for mail in (tmp_path / "mail").glob("*.eml") if "herald token redeem" in mail.read_text()]
    assert files | {coded.name: mode(coded)} == dict.fromkeys([*files, coded.name], "0o600")
    assert mode(tmp_path / "mail") == "0o700"


def test_a_database_every_account_may_read_loses_their_access_and_other_modes_stay(config, toy_game, tmp_path):
    """A database made 0644 by an earlier release is made unreadable to other accounts when the
    server or a command opens it (its group's access stays); a mode the operator chose that
    keeps other accounts out (0660 for a group of operators) is left as it is."""
    from server.app import create_app

    create_app(config)
    database.close()
    path = tmp_path / "herald.db"
    os.chmod(path, 0o660)
    assert herald("server", "players", url=config["DATABASE_URL"], tmp_path=tmp_path).returncode == 0
    assert mode(path) == "0o660"
    os.chmod(path, 0o644)
    done = herald("server", "players", url=config["DATABASE_URL"], tmp_path=tmp_path)
    assert done.returncode == 0 and mode(path) == "0o640"
    assert "every account" in done.stderr, done.stderr  # said once, on stderr (a cron line mails it)


def test_importing_a_backup_or_any_file_not_json_is_refused_in_one_line(api, alice_bob, config, tmp_path):
    """`backup FILE` and `export FILE` make different files. Given the backup (a SQLite file),
    or any file that is not JSON, `import` ended in a UnicodeDecodeError or JSONDecodeError
    traceback; it refuses it in the sentence a JSON file that is no export gets, which says how
    a backup is restored instead."""
    api.start_game(alice_bob)
    backup = tmp_path / "nightly.db"
    assert cli(["backup", str(backup)], config["DATABASE_URL"], tmp_path).exit_code == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("not json\n")
    for wrong in (backup, notes):
        result = cli(["import", str(wrong)], f"sqlite:///{tmp_path / f'new-{wrong.stem}.db'}", tmp_path)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (wrong, repr(result.exception))
        [refusal] = [line for line in result.output.splitlines() if line.startswith("Error:")]
        assert "not a Herald export" in refusal and "deploy/README.md" in refusal, refusal
        assert "Traceback" not in result.output


def test_an_export_cut_short_is_refused_in_one_line_and_nothing_is_kept(api, alice_bob, config, tmp_path):
    """An export cut off mid-line (a full disk while exporting) ended in a JSONDecodeError
    traceback; it is refused naming the line, and the target database stays empty."""
    api.start_game(alice_bob)
    whole = tmp_path / "whole.jsonl"
    assert cli(["export", str(whole)], config["DATABASE_URL"], tmp_path).exit_code == 0
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(whole.read_bytes()[:-40])
    target = f"sqlite:///{tmp_path / 'new.db'}"
    result = cli(["import", str(cut)], target, tmp_path)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    assert "of the export is not JSON" in result.output, result.output
    again = cli(["import", str(whole)], target, tmp_path)  # nothing of the cut file was kept
    assert again.exit_code == 0 and "all agree" in again.output, again.output


def test_an_export_is_readable_by_its_owner_alone(api, alice_bob, config, tmp_path):
    """An export holds the server's secret key, the seeds of unfinished games and token hashes;
    it was written 0644 (world-readable, in a /tmp or /var/backups the docs name)."""
    api.start_game(alice_bob)
    os.umask(0o022)
    target = tmp_path / "herald.jsonl"
    done = herald("server", "export", str(target), url=config["DATABASE_URL"], tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert oct(target.stat().st_mode & 0o777) == "0o600" and '"seed":' in target.read_text()
