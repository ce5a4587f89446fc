#!/bin/sh
# issue 26 §1: `hard` (ismcts_parallel:iterations=1500, two searches) against three `medium`
# (ismcts:iterations=400: Messina's level without its 0.9 s cap) in 4-player Messina 1347,
# standard rules, iteration budgets only (the results do not depend on the machine's load),
# seats rotating. Chunks of 4 games (every seat
# once), one JSON file each, so a stopped run keeps every finished chunk:
#   .venv/bin/python scripts/ai_targets.py --merge docs/measurements/ai-hard-messina-4p/chunk-*.json
# Run from the root of a copy of the commit measured (`git archive`), with PYTHONPATH at its src/,
# so later commits do not change the games still to play; OUT: where the chunks go.
set -e
here=${OUT:-docs/measurements/ai-hard-messina-4p}
for seed in 1000 1004 1008 1012 1016 1020 1024 1028 1032 1036; do
  out=$here/chunk-$seed.json
  [ -e "$out" ] && continue
  python scripts/ai_targets.py --game messina-1347 --games 4 --seed $seed \
    --hard ismcts_parallel:iterations=1500 --opponent ismcts:iterations=400 --json "$out.tmp"
  mv "$out.tmp" "$out"
done
