"""Frozen-build entry point: the same as the `licensedesk` script."""

import sys

from licensedesk.__main__ import main

sys.exit(main())
