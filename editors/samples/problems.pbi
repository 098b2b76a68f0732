#PBI 1.2
# Editor test problems: the second has a board of seven ranks.
A. Author:1B6/7Q/4k3/4P2K/8/8/8/8:#2:Nowhere 2000::::C+:
B. Author:8/8/8/8/8/8/K6k:#2:::::C+:seven ranks
