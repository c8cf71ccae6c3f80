"""Probe: run one category's function once and print the capture (development aid, not committed)."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib
from harness import Harness
from registry import CATEGORIES
from values import rng_for
mod = importlib.import_module(sys.argv[1])
h = Harness()
try:
    for kind, name, count, fn in CATEGORIES:
        if len(sys.argv) > 2 and name != sys.argv[2]: continue
        r = rng_for(f"{kind}:{name}")
        text, targets = fn(h, r)
        text = h.normalize(text)
        print("=====", kind, name, "targets:", [t[:12] for t in targets], "present:", all(t in text for t in targets))
        print(text[-int(os.environ.get("TAIL", "1500")):])
finally:
    h.close()
