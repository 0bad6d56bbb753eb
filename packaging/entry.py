"""Frozen-build entry point: the same as the `licensedesk` script, after the update step.

``start_bundle`` runs before anything else is imported: a verified update staged by an
earlier check is put in place and started instead of this copy (licensedesk/updates/start.py,
docs/updates.md). A new version has started once when its window has painted (the window
confirms it) or when it ends in order (``--version``, a start handed to the open window):
then the previous version's folder goes. A crash before either leaves it for a roll-back.
"""

import sys

from licensedesk.updates.start import confirm_started, start_bundle

start_bundle()

from licensedesk.__main__ import main  # noqa: E402 - after the update step, on purpose

try:
    code = main()
except SystemExit as ended:
    code = ended.code
confirm_started()
sys.exit(code)
