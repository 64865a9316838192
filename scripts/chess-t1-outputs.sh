#!/bin/bash
# Outputs of chess-t1 commands that go through its player and limits, timings cut, for a
# before/after check of a refactor: scripts/chess-t1-outputs.sh OLD > a; ... NEW > b; diff a b
B=$1
P=positions
{
$B analyse $P/tactics.t1 --index 3 --depth 4 --json | sed 's/"micros":[0-9]*//g; s/"time_ms":[0-9]*//g; s/"elapsed_ms":[0-9]*//g'
$B analyse $P/tactics.t1 --index 5 --depth 3 --baseline --json | sed 's/"micros":[0-9]*//g; s/"time_ms":[0-9]*//g; s/"elapsed_ms":[0-9]*//g'
$B search $P/tactics.t1 --index 2 --depth 5 --json | sed 's/"time_ms":[0-9]*//g; s/"nps":[0-9]*//g'
$B search $P/tactics.t1 --index 7 --depth 3 --baseline --json | sed 's/"time_ms":[0-9]*//g; s/"nps":[0-9]*//g'
$B match --engine1 mode=full --engine2 engine=baseline,depth=3 --nodes 3000 --games 4 --jobs 1 2>/dev/null | grep -v "time\|elapsed"
for go in 'position startpos moves e2e4\ngo depth 5' 'position startpos\ngo nodes 20000' 'setoption name Mode value full\nposition startpos\ngo depth 4' 'position startpos\ngo wtime 3000 btime 3000 winc 0 binc 0 depth 3'; do
printf "$go\n" | $B engine | sed 's/ nps [0-9]*//; s/ time [0-9]*//'
done
} 2>&1
