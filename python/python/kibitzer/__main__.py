"""The ``kibitzer`` command of the wheel (and ``python -m kibitzer``).

The command is a console script calling the native ``run`` of the extension, which is the same
Rust code as the ``kibitzer`` binary (``kibitzer::run``): every subcommand, the language server
included, with the same exit statuses. One build gives both the command and the API, the wheel
carries one copy of the engine instead of two, and nothing platform-specific is copied into the
scripts folder by hand. The price is Python's start-up (some tens of milliseconds) before each
command, which is small next to an editor session or a check of a database.
"""

import signal
import sys

from kibitzer import _native


def main() -> None:
    # Python turns Ctrl-C into KeyboardInterrupt, which native code never sees while it runs:
    # the default action stops the command at once, as it stops the binary.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Python ignores SIGPIPE, as Rust programs do: `kibitzer check ... | head` behaves the same.
    sys.exit(_native.run(["kibitzer", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
