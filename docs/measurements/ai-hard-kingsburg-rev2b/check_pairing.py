"""Same seed, same agent seeds, rev1 vs rev2: the first decision where the two games differ."""
from ludoteka import registry
from ludoteka.ai import make_agent
from ludoteka.tools.simulate import agent_seed
g = registry.game("kingsburg")
REV1 = {"negative_vp": False, "one_token_per_season": False, "effect_order_choice": False}
for seed in (1000, 1004, 1008):
    a = g.new_state(4, seed, REV1); b = g.new_state(4, seed)
    A = [make_agent("ismcts:iterations=200", agent_seed(seed, s)) for s in range(4)]
    B = [make_agent("ismcts:iterations=200", agent_seed(seed, s)) for s in range(4)]
    n = real = 0
    while True:
        ka = A[a.to_act].choose(a); kb = B[b.to_act].choose(b)
        real += len(a.legal_keys()) > 1
        if ka != kb or a.legal_keys() != b.legal_keys():
            print(seed, "differ at decision", n, "(real choice", real, ") year", a.year, "phase", a.phase, a.top()[0].name, ka, "vs", kb, flush=True); break
        a.apply(ka); b.apply(kb); n += 1
