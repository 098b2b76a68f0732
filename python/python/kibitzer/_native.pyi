"""Types of the native extension behind :mod:`kibitzer` (Rust, PyO3). Use :mod:`kibitzer`."""

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

Progress = Optional[Callable[[int, int], object]]

__version__: str

class Error(Exception):
    """kibitzer could not do what was asked: the message names the file and the reason."""

RelatedTuple = Tuple[int, int, int, int, str]
EditTuple = Tuple[int, int, int, int, str]
FixTuple = Tuple[str, bool, List[EditTuple]]
DiagnosticTuple = Tuple[str, int, int, int, int, str, str, str, List[RelatedTuple], Optional[FixTuple]]
RuleTuple = Tuple[str, str, str, str, str, str, str, str, str]

def run(argv: List[str]) -> int: ...
def check(
    source: Union[str, bytes],
    lang: Optional[str] = None,
    path: Optional[str] = None,
    mode: Optional[str] = None,
    config: Optional[str] = None,
    progress: Progress = None,
) -> List[DiagnosticTuple]: ...
def check_file(
    path: str,
    lang: Optional[str] = None,
    mode: Optional[str] = None,
    config: Optional[str] = None,
    progress: Progress = None,
) -> List[DiagnosticTuple]: ...
def check_many(
    items: List[Tuple[str, bytes]],
    threads: Optional[int] = None,
    mode: Optional[str] = None,
    config: Optional[str] = None,
    progress: Progress = None,
) -> List[List[DiagnosticTuple]]: ...
def files(
    paths: List[str], lang: Optional[str] = None, hidden: bool = False, no_ignore: bool = False, follow: bool = False
) -> Tuple[List[Tuple[str, str]], List[str]]: ...
def format(text: str, lang: str, strict: bool = False) -> str: ...
def rules() -> List[RuleTuple]: ...
def dd(source: Union[str, bytes, None] = None, path: Optional[str] = None, progress: Progress = None) -> str: ...
def read_games(path: Optional[str] = None, source: Union[str, bytes, None] = None, progress: Progress = None) -> Dict[str, Any]: ...
def games_of_text(text: str, lines_before: int) -> Dict[str, Any]: ...
def read_deals(path: Optional[str] = None, source: Union[str, bytes, None] = None, lang: Optional[str] = None) -> Dict[str, Any]: ...
def for_each_text_chunk(path: str, size: int, each: Callable[[str, str, str, int], object]) -> None: ...
def file_kind(path: str) -> Tuple[str, bool]: ...
def unit_lines(lang: str, data: bytes) -> List[int]: ...
def dd_counts() -> tuple[int, int]: ...
def likely_unit_start(lang: str, window: bytes, start: int) -> Optional[int]: ...
def survey(lang: str, piece: bytes, first: bool) -> Tuple[int, bool, int, Optional[Tuple[int, int, int, int]]]: ...
def proves_join(lang: str, tail: bytes, last_end: int, head: bytes, first_start: int) -> bool: ...
def check_piece(
    lang: str,
    piece: bytes,
    encoding: str,
    name: str,
    lines_before: int,
    mode: Optional[str] = None,
    config: Optional[str] = None,
) -> Tuple[List[DiagnosticTuple], bytes]: ...
def check_across_pieces(
    lang: str,
    facts: List[bytes],
    name: str,
    mode: Optional[str] = None,
    config: Optional[str] = None,
) -> List[Tuple[int, int, int, str, str, str]]: ...
def place_in_piece(
    lang: str, piece: bytes, encoding: str, lines_before: int, ranges: List[Tuple[int, int]]
) -> List[Tuple[int, int, int, int]]: ...
