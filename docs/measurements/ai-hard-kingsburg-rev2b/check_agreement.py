"""Do `medium` and `hard` choose what a search 13 times larger than `hard` chooses? Positions of
greedy games (30% random moves), seeds 300-; usage: check_agreement.py POSITIONS BIG SPEC... (issue 29 §3)."""
import json, random, sys, time
import ludoteka
from ludoteka.ai import make_agent
g = ludoteka.game("kingsburg")
N = int(sys.argv[1]); BIG = int(sys.argv[2])
specs = sys.argv[3:]
positions = []
rng = random.Random(77)
easy = make_agent("greedy", seed=1)
seed = 300
while len(positions) < N:
    s = g.new_state(4, seed); seed += 1
    stop = rng.randrange(20, 330)
    n = 0
    while s.to_act is not None:
        keys = s.legal_keys()
        if n >= stop and len(keys) >= 2:
            positions.append(s.clone()); break
        s.apply(easy.choose(s) if rng.random() < 0.7 else keys[rng.randrange(len(keys))]); n += 1
rows = []
for i, s in enumerate(positions):
    big = make_agent(f"ismcts:iterations={BIG}", seed=1000 + i)
    t = time.perf_counter(); root = big.search(s); tb = time.perf_counter() - t
    keys = s.legal_keys()
    q = {k: (root.children[k].reward / root.children[k].visits, root.children[k].visits) for k in keys if k in root.children and root.children[k].visits}
    best = max(q, key=lambda k: q[k][1])
    row = {"i": i, "keys": len(keys), "best": best, "bigq": q[best][0], "big_s": round(tb, 1)}
    for spec in specs:
        a = make_agent(spec, seed=5000 + i)
        k = a.choose(s.clone())
        row[spec] = (k == best, round(q[best][0] - q.get(k, (0, 0))[0], 4), round(q.get(k, (0, 0))[1] / BIG, 3))
    rows.append(row)
    print(json.dumps(row), flush=True)
for spec in specs:
    agree = sum(r[spec][0] for r in rows); reg = sum(r[spec][1] for r in rows) / len(rows)
    print(f"{spec}: agrees {agree}/{len(rows)}, mean regret {reg:.4f}")
