"""Root-parallel vs single-process search at equal total iterations: how often do they pick the
same key, against how often two single searches with different seeds do (rev2 positions)."""
import random, sys, time
from ludoteka import registry
from ludoteka.ai import make_agent
g = registry.game("kingsburg")
rev = sys.argv[1]; npos = int(sys.argv[2])
opts = {} if rev == "2" else {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
positions = []
gi = 0
while len(positions) < npos:
    st = g.new_state(4, 500 + gi, opts); r = random.Random(gi); gi += 1
    while st.to_act is not None and len(positions) < npos:
        if len(st.legal_keys()) > 2 and r.random() < 0.04:
            positions.append(st.clone())
        st.apply(g.playout_key(st, r.random))
same_ps = same_ss = 0
t = time.time()
for i, st in enumerate(positions):
    p = make_agent("ismcts_parallel:iterations=1500", 7 + i).choose(st)
    s1 = make_agent("ismcts:iterations=3000", 11 + i).choose(st)
    s2 = make_agent("ismcts:iterations=3000", 13 + i).choose(st)
    same_ps += (p == s1) ; same_ss += (s1 == s2)
print(f"rev{rev}: {npos} positions: parallel==single {same_ps}, single==single {same_ss} ({time.time()-t:.0f}s)")
