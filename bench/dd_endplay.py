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
start = time.perf_counter()
tables = calc_all_tables(deals)
took = time.perf_counter() - start
assert len(list(tables)) == len(deals)
print(f"{took:.3f} {len(deals)}")
