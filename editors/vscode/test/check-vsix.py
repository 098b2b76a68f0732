"""Checks the two packages package.sh writes into OUT_DIR, as editors/test-all.sh asks:
the platform .vsix holds the extension and an executable, stripped extension/server/kibitzer;
the universal one holds the extension and no server; neither carries the build script.

    python3 check-vsix.py OUT_DIR
"""
import glob
import os
import sys
import zipfile

NEEDED = [
    "extension/package.json",
    "extension/out/extension.js",
    "extension/node_modules/vscode-languageclient/package.json",
    "extension/syntaxes/pgn.tmLanguage.json",
    "extension/language-configuration/pbn.json",
]
SERVER = "extension/server/kibitzer"


def main(out_dir):
    files = sorted(glob.glob(os.path.join(out_dir, "kibitzer-*.vsix")))
    # kibitzer-linux-x64-0.1.0.vsix against kibitzer-0.1.0.vsix: a platform name holds a letter
    # between "kibitzer-" and the version.
    platform = [f for f in files if os.path.basename(f)[len("kibitzer-")].isalpha()]
    universal = [f for f in files if f not in platform]
    failures = 0

    def report(ok, what):
        nonlocal failures
        failures += not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {what}")

    report(len(platform) >= 1 and len(universal) == 1,
           f"a platform and a universal .vsix ({', '.join(map(os.path.basename, files)) or 'none'})")
    for f in files:
        with zipfile.ZipFile(f) as z:
            names = set(z.namelist())
            missing = [n for n in NEEDED if n not in names]
            report(not missing, f"{os.path.basename(f)} ({os.path.getsize(f) // 1024} KB, {len(names)} files)"
                   + (f" lacks {', '.join(missing)}" if missing else " holds the extension"))
            report("extension/package.sh" not in names, f"{os.path.basename(f)} leaves out package.sh")
            if f in universal:
                report(not any(n.startswith("extension/server/") for n in names),
                       f"{os.path.basename(f)} holds no server")
                continue
            if SERVER not in names and SERVER + ".exe" not in names:
                report(False, f"{os.path.basename(f)} holds {SERVER}")
                continue
            info = z.getinfo(SERVER if SERVER in names else SERVER + ".exe")
            data = z.read(info)
            executable = bool((info.external_attr >> 16) & 0o111)
            # The name of the symbol table's section, which `strip` removes with the DWARF sections.
            # (".debug_line" stays in the text: std's backtrace code looks sections up by name.)
            stripped = b".symtab" not in data
            report(executable, f"{os.path.basename(f)}: {info.filename} is executable")
            report(stripped, f"{os.path.basename(f)}: {info.filename} is stripped ({len(data) // 1024} KB)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
