"""``licensedesk-cli``: the License Management Service from the command line (docs/cli.md).

The console script calls :func:`main`; ``python -m licensedesk.cli`` does too.
"""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
