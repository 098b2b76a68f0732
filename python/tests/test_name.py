"""The distribution's name: `kibitzer` on the package index is another project's, so the wheel
is `kibitzer-chess-bridge` (import name and command `kibitzer`), and every install line users
are shown names it, with the `dask` extra where the Dask path is meant."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path
from typing import List

import kibitzer
from conftest import REPO

NAME = "kibitzer-chess-bridge"
# `pip install kibitzer` and nothing more: the other project's line.
FOREIGN = re.compile(r"pip install\s+[`'\"]?kibitzer(?![-\w])")


def test_the_installed_distribution_is_ours_and_brings_the_package_and_extra() -> None:
    dist = metadata.distribution(NAME)
    assert dist.version == kibitzer.__version__
    files = [str(f) for f in dist.files or []]
    assert any(f.startswith("kibitzer/_native") for f in files), files
    assert [e.value for e in dist.entry_points if e.name == "kibitzer"] == ["kibitzer.__main__:main"]
    extras = dist.metadata.get_all("Provides-Extra") or []
    assert "dask" in extras
    needs = dist.requires or []
    assert any(r.startswith("dask") and "extra == 'dask'" in r.replace('"', "'") for r in needs), needs
    assert any(r.startswith("pyarrow") and "extra == 'dask'" in r.replace('"', "'") for r in needs), needs


def user_facing_files() -> List[Path]:
    editors = REPO / "editors"
    return [
        REPO / "README.md",
        REPO / "docs" / "python.md",
        editors / "README.md",
        editors / "vscode" / "README.md",
        editors / "vscode" / "package.json",
        editors / "vscode" / "src" / "serverPath.ts",
        editors / "nvim" / "lua" / "kibitzer" / "server.lua",
        editors / "emacs" / "kibitzer.el",
        editors / "helix" / "languages.toml",
    ]


def test_every_install_line_names_the_distribution() -> None:
    for path in user_facing_files():
        text = path.read_text()
        assert not FOREIGN.search(text), f"{path}: `pip install kibitzer` installs another project"
        assert NAME in text or "kibitzer_chess_bridge-" in text, f"{path} names no way to install the wheel"


def test_readme_and_docs_install_the_dask_extra_and_say_rust_is_needed() -> None:
    # The toolchain the workspace declares (Cargo.toml's rust-version) is the one named.
    found = re.search(r'^rust-version = "([\d.]+)"', (REPO / "Cargo.toml").read_text(), re.M)
    assert found
    for path in (REPO / "README.md", REPO / "docs" / "python.md"):
        text = path.read_text()
        assert f'"$(echo dist/kibitzer_chess_bridge-*.whl)[dask]"' in text, path
        assert f"Rust {found.group(1)} or later" in text, path
