# Usage: check_policy_tournament.py NEW_POLICY.py OLD_POLICY.py GAMES REVISION (seeds 20000-; the
# old file e.g. `git show 409d504:src/ludoteka/boardgames/kingsburg/policy.py`).
"""One seat plays policy file A, three seats policy file B (rotating); rev1 or rev2; win share and mean VP diff."""
import importlib.util, random, sys
import ludoteka
from ludoteka import registry
g = registry.game("kingsburg")
def load(path, name):
    spec = importlib.util.spec_from_file_location("ludoteka.boardgames.kingsburg." + name, path)
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m
A = load(sys.argv[1], "_pa"); B = load(sys.argv[2], "_pb")
n = int(sys.argv[3]); opts = {} if sys.argv[4] == "2" else {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
wins = 0.0; diff = 0.0
for gi in range(n):
    st = g.new_state(4, 20000 + gi, opts); me = gi % 4; rnd = random.Random(gi)
    while st.to_act is not None:
        pol = A if st.to_act == me else B
        st.apply(pol.playout_key(st, rnd.random))
    w = st.winners(); wins += (me in w) / len(w)
    sc = st.scores(); diff += sc[me] - sum(sc[s] for s in range(4) if s != me) / 3
print(f"A wins {wins/n:.3f} (par .25, n={n}), mean VP over others {diff/n:+.2f}")
