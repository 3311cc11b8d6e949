"""Speed of the wizards-quest engine: `python -m bench.bench_wizards_quest [--seconds 5]` (see bench_engines)."""
import sys

from bench.bench_engines import main

if __name__ == "__main__":
    main(["wizards-quest"] + sys.argv[1:])
