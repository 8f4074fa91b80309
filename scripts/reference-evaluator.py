#!/usr/bin/env python3
"""Reference evaluator for BouncerBench input bouncers, as the paper's scripts compute it:
F1 of each class with scikit-learn, F_m their mean. Used by `npm run bench` to time our
`cli score` against a Python process doing the same work.
usage: reference-evaluator.py ANNOTATIONS.csv PREDICTIONS.json"""
import csv, json, sys
from sklearn.metrics import f1_score

ann, preds = sys.argv[1], sys.argv[2]
truth = {}
with open(ann, newline="") as f:
    for row in csv.DictReader(f):
        truth[row["instance_id"]] = 1 if int(float(row["underspecified"])) >= 2 else 0
p = json.load(open(preds))
ids = [i for i in truth if i in p]
def bounce(v):
    if "input_bounce" in v:
        return 1 if v["input_bounce"] else 0
    return 1 if v.get("label") in ("VAGUE", "IMPOSSIBLE_TO_SOLVE") else 0
y = [truth[i] for i in ids]
b = [bounce(p[i]) for i in ids]
f_b = f1_score(y, b, pos_label=1, zero_division=0)
f_a = f1_score(y, b, pos_label=0, zero_division=0)
print(json.dumps({"F_m": (f_a + f_b) / 2, "F_a": f_a, "F_b": f_b, "n": len(ids)}))
