"""Every benchmark that docs/benchmarks.md quotes and that runs without servers of its own still
runs: each at its smallest, as a reader would start it (`python -m bench.NAME ...`), its exit code
and its report's last line checked. (A change to a helper the benches share once left six of them
failing on their first game, unnoticed until a figure was wanted.) The figures themselves are
never checked here: speed is measured as ratios in one run, not asserted in tests."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = "initdb is not on PATH (Debian's postgresql): the bench starts a PostgreSQL of its own"

RUNS = [
    (["bench_engines", "castle-assault", "medieval-mastery", "wizards-quest", "--rounds", "1", "--seconds", "0.1"],
     "Medians of interleaved rounds"),
    (["bench_castle_assault", "--seconds", "0.1"], "| castle-assault |"),
    (["bench_medieval_mastery", "--rounds", "1", "--seconds", "0.1"], "| medieval-mastery |"),
    (["bench_wizards_quest", "--seconds", "0.1", "--rounds", "2", "--games", "2"], "rng 2 / rng 1 ="),
    (["bench_replay", "castle-assault", "wizards-quest", "--games", "4", "--rounds", "1"], "us of CPU per move"),
    (["bench_move_path", "--games", "2", "--rounds", "1"], "bare / Herald, median of 1 rounds"),
    (["bench_move_ab", "--against", str(ROOT), "--games", "2", "--rounds", "1"], "PUT"),
    (["bench_next", "--games", "5", "--rounds", "2"], "ratio listing / next"),
    (["bench_speaking", "--rounds", "2"], "with Flask's own"),
    (["bench_reads", "--rounds", "3", "--many", "20", "--few", "2", "--others", "20", "--log", "20"], "ratio Herald/bare"),
    (["bench_deadlines", "--games", "50", "--few", "5", "--rounds", "1"], "ratio"),
    (["bench_storage", "--games", "20", "--moves-per-game", "10", "--jobs", "1"], "moves/s"),
    (["bench_batch_cost", "--batches", "20", "--rounds", "1"], "the lock alone"),
    (["bench_pictures", "--seconds", "0.3", "--loads", "2"], "time to first paint"),
    # the benches that start servers of their own (gunicorn; PostgreSQL for bench_cluster)
    (["bench_wait", "--waiters", "20", "--rounds", "1", "--ops", "10"], "failures: 0"),
    (["bench_mailin", "--moves", "20", "--rounds", "1"], "ratio mail-in/PUT"),
    (["bench_synchronous", "--moves", "40", "--chunk", "10"], "ratio FULL/NORMAL"),
    (["bench_http", "--moves", "40", "--pad", "52"], "ratio long/short"),
    (["bench_cluster", "--quick", "--servers", "1", "--seconds", "2", "--mails", "10", "--commit-seconds", "0.5",
      "--commit-rounds", "1"], "a real move by this tree's server code"),
]
NEEDS_POSTGRES = {"bench_batch_cost", "bench_cluster"}


@pytest.mark.slow
@pytest.mark.parametrize("args, ends_with", RUNS, ids=[run[0][0] for run in RUNS])
def test_the_bench_runs(args, ends_with):
    if args[0] in NEEDS_POSTGRES and not shutil.which("initdb"):
        pytest.skip(POSTGRES)
    done = subprocess.run([sys.executable, "-m", f"bench.{args[0]}", *args[1:]], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-3000:]
    assert ends_with in done.stdout, done.stdout[-3000:]
