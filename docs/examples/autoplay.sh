#!/usr/bin/env bash
# Plays a whole game from one shell through `herald` only: every seat is a player with its
# own token, and each picks a random legal move whenever it is prompted (a random kind of
# move first, then a random move of that kind, so that games move on).
#   docs/examples/autoplay.sh castle-assault 3
# Needs a running server (HERALD_SERVER, default http://127.0.0.1:8000) and python3 for JSON.
set -euo pipefail
ruleset=${1:-castle-assault}
seats=${2:-3}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

tokens=()
for ((s = 0; s < seats; s++)); do
  tokens+=("$(herald register "player$s-$RANDOM$RANDOM" "player$s@example.org" --json | json 'd["token"]')")
done
game=$(HERALD_TOKEN=${tokens[0]} herald new "$ruleset" --seats "$seats" --json)
id=$(echo "$game" | json 'd["id"]')
for ((s = 0; s < seats; s++)); do
  code=$(echo "$game" | json "d['invites'][$s]['code']")
  HERALD_TOKEN=${tokens[$s]} herald join "$code" --json >/dev/null
done
echo "game $id started with $seats players"

moves=0
while :; do
  over=1
  for ((s = 0; s < seats; s++)); do
    export HERALD_TOKEN=${tokens[$s]}
    status=0
    herald wait "$id" --timeout 0 >/dev/null 2>&1 || status=$?
    case $status in
      0) over=0
         move=$(herald moves "$id" --json | python3 -c "
import json, random, sys
moves = [m['text'] for m in json.load(sys.stdin) if not m.get('pattern')]
kinds = sorted({m.split()[0] for m in moves})  # a kind of move first, then one of that kind
kind = random.choice(kinds) if kinds else None
print(random.choice([m for m in moves if m.split()[0] == kind]) if moves else '')")
         if [ -n "$move" ]; then
           herald play "$id" "$move" >/dev/null 2>&1 && moves=$((moves + 1)) || true
         fi ;;
      3) ;;
      *) over=0 ;;
    esac
  done
  [ $over = 1 ] && break
done
HERALD_TOKEN=${tokens[0]} herald show "$id" | tail -n 5
echo "game $id over after $moves moves"
