"""Frozen-build entry point: the same as the `licensedesk` script, after the update step.

``start_bundle`` runs before anything else is imported: a verified update staged by an
earlier check is put in place and started instead of this copy (licensedesk/updates/start.py,
docs/updates.md). The window confirms the start once it has painted.
"""

import sys

from licensedesk.updates.start import start_bundle

start_bundle()

from licensedesk.__main__ import main  # noqa: E402 - after the update step, on purpose

sys.exit(main())
