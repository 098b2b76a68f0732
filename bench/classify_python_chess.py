"""Classifies games with python-chess as the lichess chess-openings data set says (the last
position of the game's main line that the tables name, by EPD, so transpositions count) and
compares with the ECO and Opening tags `kibitzer check --fix --add-eco` gave the same games.

usage: classify_python_chess.py KIBITZER TABLE_DIR FILE...
Each FILE is copied without its ECO, Opening, Variation and SubVariation tags, kibitzer adds
them, and each game's pair is compared. Prints `skipped: …` without python-chess, else one line
per file, `classification-differences N of M`, and the first differences.
"""
import io, os, re, subprocess, sys, tempfile

try:
    import chess, chess.pgn
except ImportError:
    print("skipped: python-chess is not installed")
    sys.exit(0)

kibitzer, tables, files = sys.argv[1], sys.argv[2], sys.argv[3:]

named = {}
for volume in "abcde":
    with open(os.path.join(tables, f"{volume}.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            eco, name, moves = line.rstrip("\n").split("\t")
            board = chess.Board()
            for word in moves.split():
                if not word.endswith("."):
                    board.push_san(word)
            named.setdefault(board.epd(), (eco, name))

OPENING_TAG = re.compile(r'^\[(ECO|Opening|Variation|SubVariation) "[^"]*"\][ \t]*\r?\n', re.M)

for path in files:
    with open(path, encoding="latin-1") as f:
        text = OPENING_TAG.sub("", f.read())
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "games.pgn")
        with open(copy, "w", encoding="latin-1") as f:
            f.write(text)
        subprocess.run([kibitzer, "check", "--fix", "--add-eco", copy], capture_output=True)
        differences, games, shown = 0, 0, []
        with open(copy, "rb") as raw:
            data = raw.read()
        try:
            written = data.decode("utf-8")  # kibitzer keeps the file's encoding: ASCII in, UTF-8 names out
        except UnicodeDecodeError:
            written = data.decode("latin-1")
        with io.StringIO(written) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if "FEN" in game.headers or game.errors or game.headers.get("Variant", "Standard") not in ("Standard", "Chess"):
                    continue
                games += 1
                board, found = game.board(), None
                for move in game.mainline_moves():
                    board.push(move)
                    found = named.get(board.epd(), found)
                got = (game.headers.get("ECO"), game.headers.get("Opening"))
                want = found or (None, None)
                if got != want:
                    differences += 1
                    if len(shown) < 5:
                        shown.append(f"  {game.headers.get('White')}-{game.headers.get('Black')}: kibitzer {got}, python-chess {want}")
    print(f"classification-differences {differences} of {games} {os.path.basename(path)}")
    print("\n".join(shown))
