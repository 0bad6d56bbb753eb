"""Test-wide set-up: Qt without a screen, and the Qt binding for qasync.

Both must be set before anything imports Qt or qasync (PLATFORM.md).
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
