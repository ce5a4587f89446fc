# Usage: check_token_worth.py GAMES (seeds 9000-); check_parallel.py REVISION POSITIONS; check_pairing.py.
"""Marginal VP value of one extra +2 token / one extra gold, under policy play, rev1 vs rev2."""
import random, sys, statistics
from ludoteka import registry
g = registry.game("kingsburg")
REV1 = {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
def play(st, seed):
    rnd = random.Random(seed)
    while st.to_act is not None:
        st.apply(g.playout_key(st, rnd.random))
    return st.scores()
def branch(opts, n, year, what):
    diffs = []
    for gi in range(n):
        st = g.new_state(4, 9000 + gi, opts)
        rnd = random.Random(gi)
        while st.year < year:
            st.apply(g.playout_key(st, rnd.random))
        seat = gi % 4
        a = st.clone(); b = st.clone()
        if what == "token": b.tokens[seat] += 1
        elif what == "tokens2": b.tokens[seat] += 2
        else: b.goods[3 * seat] += 1
        sa = play(a, gi * 7 + 1); sb = play(b, gi * 7 + 1)
        diffs.append(sb[seat] - sa[seat])
    m = statistics.mean(diffs); se = statistics.stdev(diffs) / len(diffs) ** 0.5
    return f"{m:+.3f} ± {1.96*se:.3f}"
n = int(sys.argv[1])
for year in (1, 3, 5):
    for what in ("token", "tokens2", "gold"):
        print(year, what, "rev1", branch(REV1, n, year, what), "rev2", branch({}, n, year, what), flush=True)
