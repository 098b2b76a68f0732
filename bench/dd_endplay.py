#!/usr/bin/env python3
"""The C++ DDS batch on the deals of a PBN file, as a Python user runs it: endplay's
`calc_all_tables` (DDS's CalcAllTables, its own threads on every core). Prints the seconds the
call took (the import and the reading of the file not counted) and the number of deals.

Usage: bench/dd_endplay.py FILE.pbn
"""

import re
import sys
import time

from endplay.dds import calc_all_tables
from endplay.types import Deal

text = open(sys.argv[1], encoding="utf-8").read()
deals = [Deal(d) for d in re.findall(r'^\[Deal "([^"]+)"\]', text, re.M)]
# DDS's CalcAllTables takes at most 200 tables a call (40 deals of 5 strains): a batch of 40 at a
# time, as endplay's users call it.
start = time.perf_counter()
solved = 0
for at in range(0, len(deals), 40):
    solved += len(list(calc_all_tables(deals[at:at + 40])))
took = time.perf_counter() - start
assert solved == len(deals)
print(f"{took:.3f} {len(deals)}")
