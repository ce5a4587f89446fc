#!/bin/sh
# issue 29.3, after the token fixes of branch s6-kbai: `hard` against three `medium` (default
# ismcts) in 4-player Kingsburg under rules revision 2 (negative VP, one +2 token per season),
# with iteration budgets only (the results do not depend on the machine's load), the seeds and
# order of ../ai-hard-kingsburg-rev2/run.sh (those of the 62.5% run, 1000-1023 and 1040-1055, then
# 1024-1039). Chunks of 4 games, one JSON file each, so a stopped run keeps every finished chunk:
#   .venv/bin/python scripts/ai_targets.py --merge docs/measurements/ai-hard-kingsburg-rev2b/chunk-*.json
# Run from the root of a copy of the commit measured (`git archive`), with PYTHONPATH at its src/,
# so later commits do not change the games still to play; OUT: where the chunks go.
set -e
here=${OUT:-docs/measurements/ai-hard-kingsburg-rev2b}
for seed in 1000 1004 1008 1012 1016 1020 1040 1044 1048 1052 1024 1028 1032 1036; do
  out=$here/chunk-$seed.json
  [ -e "$out" ] && continue
  python scripts/ai_targets.py --game kingsburg --games 4 --seed $seed \
    --hard ismcts_parallel:iterations=1500 --opponent ismcts:iterations=200 --json "$out.tmp"
  mv "$out.tmp" "$out"
done
