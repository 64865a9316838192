#!/usr/bin/env bash
# Time kept by `zonal search --movetime MS` (default 200) in every game and mode: the search's
# own time (`micros` of --json) over the first 30 positions of each game's suite file
# (chess-t1: positions/tactics.t1), 100
# searches a game and mode; prints the worst and the count above MS + 10 ms. NOTES.md quotes its figures.
# Usage: scripts/movetime-check.sh [ZONAL] [MS]
set -euo pipefail
zonal=${1:-target/release/zonal}
ms=${2:-200}
for game in chess-t1 proryv hnefatafl jungle; do
    file=positions/$game/suite.pos
    [ "$game" = chess-t1 ] && file=positions/tactics.t1
    n=$(grep -c . "$file" | tr -d ' ')
    for mode in zones full; do
        flag=""
        [ "$mode" = full ] && flag="--full"
        worst=0
        over=0
        count=0
        for i in $(seq 1 100); do
            index=$(( (i - 1) % 30 + 1 ))
            if ! out=$("$zonal" --game "$game" search "$file" --index "$index" --movetime "$ms" $flag --json 2>/dev/null); then
                continue
            fi
            us=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["micros"])')
            t=$((us / 1000))
            count=$((count + 1))
            [ "$t" -gt "$worst" ] && worst=$t
            [ "$t" -gt $((ms + 10)) ] && over=$((over + 1))
        done
        echo "$game $mode: $count searches, worst ${worst} ms, above $((ms + 10)) ms: $over"
    done
done
