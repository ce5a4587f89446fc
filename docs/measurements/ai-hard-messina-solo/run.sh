#!/bin/sh
# issue 26 §1: `hard` in the solo game of Messina 1347, standard and advanced rules, seeds 0-49,
# as an iteration budget (the results do not depend on the machine's load): the level is
# ismcts_parallel:iterations=1500,seconds=1.5, and on the quiet 2-core machine its two searches
# stop at the 1.5 s cap after about 1,816 iterations together in the solo game (docs/measurements.md),
# so ismcts_parallel:iterations=900. Chunks of 5 seeds, one JSON file each, so a stopped run keeps
# every finished chunk (scripts/messina_solo_ai.py writes each game's score and categories).
# Run from the root of a copy of the commit measured (`git archive`), with PYTHONPATH at its src/,
# so later commits do not change the games still to play; OUT: where the chunks go.
set -e
here=${OUT:-docs/measurements/ai-hard-messina-solo}
for rules in std adv; do
  flag=""; [ $rules = adv ] && flag=--advanced
  for first in 0 5 10 15 20 25 30 35 40 45; do
    out=$here/$rules-$first.json
    [ -e "$out" ] && continue
    python scripts/messina_solo_ai.py --agent ismcts_parallel:iterations=900 $flag \
      --seeds $first-$((first + 4)) --json "$out.tmp"
    mv "$out.tmp" "$out"
  done
done
