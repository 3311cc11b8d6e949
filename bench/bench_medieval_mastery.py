"""Speed of the medieval-mastery engine: `python -m bench.bench_medieval_mastery [--seconds 5]` (see bench_engines)."""
import sys

from bench.bench_engines import main

if __name__ == "__main__":
    main(["medieval-mastery"] + sys.argv[1:])
