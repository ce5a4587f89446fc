"""Does a determinized Kingsburg state read back from JSON (what ismcts_parallel's searches start
from) keep token_used, the rules and the legal keys? Along one seeded revision-2 game."""
import json, random
from ludoteka import registry
g = registry.game("kingsburg")
print(g.name, getattr(g,'revision',None))
st = g.new_state(4, seed=5)
print(type(st), st.options, st.revision)
rnd = random.Random(1)
diffs = 0; n=0
while st.to_act is not None:
    d = st.determinize(st.to_act, rnd.getrandbits(63))
    t = json.dumps(d.to_json())
    r = g.state_from_json(json.loads(t), verify_history=False)
    n+=1
    for attr in ("token_used","inn_pending","vp","tokens","passed","market_used"):
        if getattr(r,attr)!=getattr(d,attr): diffs+=1; print("diff",attr)
    for a in r.rules.__slots__:
        if getattr(r.rules,a)!=getattr(st.rules,a): diffs+=1; print("rule diff", a, getattr(r.rules,a), getattr(st.rules,a))
    if r.legal_keys()!=d.legal_keys(): diffs+=1; print("keys diff")
    if r.options != st.options or r.revision != st.revision: print("opt diff", r.options, r.revision); diffs+=1
    if diffs>5: break
    ks = st.legal_keys(); st.apply(ks[rnd.randrange(len(ks))])
print("checked", n, "diffs", diffs, st.rules.token_per_season, st.rules.negative_vp)
