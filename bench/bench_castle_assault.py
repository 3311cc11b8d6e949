"""Speed of the castle-assault engine: `python -m bench.bench_castle_assault [--seconds 5]` (see bench_engines)."""
import sys

from bench.bench_engines import main

if __name__ == "__main__":
    main(["castle-assault"] + sys.argv[1:])
