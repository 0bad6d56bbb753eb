"""``licensedesk-cli``: the License Management Service from the command line (docs/cli.md).

The console script calls :func:`main`; ``python -m licensedesk.cli`` does too.
``licensedesk-cli --version`` answers here, before argparse and the parser of
every command are loaded: a script that asks for the version gets it at the
cost of starting Python (bench_cli_startup.py).
"""

from __future__ import annotations

import sys

__all__ = ["main"]

VERSION_FLAGS = (["--version"],)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (see :func:`licensedesk.cli.commands.main`)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args in VERSION_FLAGS:
        from licensedesk import __version__

        print(f"licensedesk-cli {__version__}")  # argparse's own words for --version
        return 0
    from .commands import main as run

    return run(args)
