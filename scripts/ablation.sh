#!/bin/sh
# Each search technique of the one engine measured alone, per game: the default player
# (`mode=full`, every technique the game keeps) against the same player with one technique
# off, the same binary, equal time. Usage:
#   scripts/ablation.sh BINARY OUTDIR [MOVETIME_MS] [GAMES] [TECHNIQUES...]
# One line per match goes to OUTDIR/summary.txt; each match's full report to OUTDIR/GAME-KEY.txt.
set -eu
bin=$1
out=$2
ms=${3:-50}
games=${4:-80}
shift 4 2>/dev/null || shift $#
techniques=${*:-"null lmr lmp extensions qdepth staged history aspiration"}
mkdir -p "$out"
for key in $techniques; do
  value=off
  [ "$key" = qdepth ] && value=0
  for game in jungle hnefatafl proryv; do
    openings=""
    [ "$game" = hnefatafl ] && openings="--openings copenhagen"
    report="$out/$game-$key.txt"
    [ -s "$report" ] && continue
    # shellcheck disable=SC2086
    "$bin" --game "$game" match --engine1 mode=full --engine2 "mode=full,$key=$value" \
      $openings --movetime "$ms" --games "$games" --jobs 1 >"$report.part" 2>/dev/null
    mv "$report.part" "$report"
    printf '%s %s=%s: %s\n' "$game" "$key" "$value" "$(grep -i 'elo' "$report" | tail -1)" >>"$out/summary.txt"
  done
done
