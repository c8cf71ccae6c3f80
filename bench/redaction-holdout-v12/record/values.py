"""Synthetic values planted in the programs' input (the v12 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, and the people the v10-v15
recorders plant (`bench/holdout-record/people_v10.py`).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

planted.configure("atx-redaction-holdout-v12")

from planted import *  # noqa: E402,F401,F403
from people_v10 import *  # noqa: E402,F401,F403
