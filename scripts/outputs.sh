#!/bin/bash
# Every command's output for every game over the bundled positions, timings cut, for a
# before/after check of a refactor (issue 28):
#   scripts/outputs.sh OLD_BINARY DIR_A; scripts/outputs.sh NEW_BINARY DIR_B; diff -r DIR_A DIR_B
# One file per command line in DIR; search limits are depths or node counts, so the outputs are
# deterministic. The engine sessions and matches run with --jobs 1.
set -u
B=$(realpath "$1")
OUT=$2
mkdir -p "$OUT"
cd "$(dirname "$0")/.." || exit 1
P=positions
n=0
# Timings and speeds vary from run to run: cut them.
cut() {
    sed -E 's/"(micros|time_ms|elapsed_ms|nps|ms|millis|seconds)": ?[0-9.]+/"\1":T/g;
        s/ (nps|time) [0-9]+/ \1 T/g;
        s/[0-9]+(\.[0-9]+)? ?(ms|s|µs|us)\b/T\2/g;
        s/[0-9.]+ ?[KMG]? ?(nodes|moves|leaves|positions)\/s/T \1\/s/g'
}
run() {
    n=$((n + 1))
    local name
    name=$(printf '%03d' "$n")
    { echo "\$ zonal $*"; "$B" "$@" 2>&1; echo "exit $?"; } | cut > "$OUT/$name.txt"
}
session() {
    n=$((n + 1))
    local name
    name=$(printf '%03d' "$n")
    local game=$1
    shift
    { echo "\$ zonal --game $game engine <<< $*"; { printf "$*\n"; sleep 2; echo quit; } | "$B" --game "$game" engine 2>&1; echo "exit $?"; } | cut > "$OUT/$name.txt"
}

run games
run --help
for c in moves force play distance trajectories zones exchange analyse search render bench perft engine match datagen fit serve; do
    run "$c" --help
done

# chess-t1
for i in 1 2 3 4; do
    run moves $P/zones.t1 --index $i
    run moves $P/zones.t1 --index $i --json
    run force $P/zones.t1 --index $i
    run force $P/zones.t1 --index $i --json
    run zones $P/zones.t1 --index $i
    run zones $P/zones.t1 --index $i --json
    run zones $P/zones.t1 --index $i --dot
    run render $P/zones.t1 --index $i --zones --force
    run analyse $P/zones.t1 --index $i --depth 3 --nodes 0 --movetime 0
    run analyse $P/zones.t1 --index $i --depth 3 --nodes 0 --movetime 0 --json
    run search $P/zones.t1 --index $i --depth 4 --nodes 0 --movetime 0 --json
done
for i in 1 4 6; do
    run analyse $P/tactics.t1 --index $i --depth 4 --nodes 0 --movetime 0 --json
    run analyse $P/tactics.t1 --index $i --depth 3 --nodes 0 --movetime 0 --baseline --json
    run search $P/tactics.t1 --index $i --depth 5 --nodes 0 --movetime 0 --full
    run exchange $P/tactics.t1 e4 --index $i
    run render $P/tactics.t1 --index $i --zones --horizon 2
done
run analyse $P/book-examples.t1 --depth 2 --nodes 0 --movetime 0
run analyse $P/book-examples.t1 --depth 2 --nodes 0 --movetime 0 --json
run distance $P/zones.t1 --index 1 --from e1
run trajectories $P/zones.t1 --index 1 --from e1 --to e4
run trajectories $P/zones.t1 --index 1 --from e1 --to e4 --json
run play startpos a2a4 a7a5 a1a3
run play startpos a2a4 a7a5 a1a3 --json
run perft 3
run perft 3 --divide
run perft 2 --parallel
run perft 2 --game chess-t1 $P/tactics.t1 --index 1
run match --engine1 mode=full --engine2 engine=baseline,depth=3 --nodes 3000 --games 2 --jobs 1
session chess-t1 'position startpos moves e2e4\ngo depth 5'
session chess-t1 'position startpos\ngo nodes 20000'

# The core games
for g in proryv hnefatafl jungle; do
    for f in $P/$g/*.pos; do
        count=$(grep -c '^[^#]' "$f")
        [ "$count" -gt 3 ] && count=3
        for ((i = 1; i <= count; i++)); do
            run --game $g moves "$f" --index $i
            run --game $g zones "$f" --index $i
            run --game $g zones "$f" --index $i --json
            run --game $g zones "$f" --index $i --dot
            run --game $g render "$f" --index $i --zones
            run --game $g analyse "$f" --index $i --depth 3 --nodes 0 --movetime 0
            run --game $g analyse "$f" --index $i --depth 3 --nodes 0 --movetime 0 --json
            run --game $g search "$f" --index $i --depth 4 --nodes 0 --movetime 0 --json
            run --game $g search "$f" --index $i --depth 4 --nodes 0 --movetime 0 --full
        done
    done
    run --game $g perft 3
    run --game $g perft 3 --divide
    run --game $g perft 3 --parallel
    run --game $g match --engine1 mode=full --engine2 depth=2 --nodes 2000 --games 2 --jobs 1
    session $g 'position startpos\ngo depth 4'
    session $g 'position startpos\ngo nodes 5000'
done
run --game proryv play startpos R@a3 R@h6
run --game hnefatafl play copenhagen d1d3
run --game jungle play startpos a3a4
run --game jungle play startpos a3a4 --json
run distance startpos --from b1
run distance startpos --from b1 --json
run trajectories startpos --from b1 --to c5
run trajectories startpos --from b1 --to c5 --json
run --game proryv distance startpos --from a1
run --game proryv distance startpos --from a1 --json
run --game proryv trajectories startpos --from a1 --to e5
run --game proryv trajectories startpos --from a1 --to e5 --json
run --game hnefatafl distance copenhagen --from a4
run --game jungle force startpos
exit 0
