"""What Qt and qasync read from the environment, set before the QApplication exists.

- ``QT_API=pyside6``: qasync picks the first Qt binding it finds otherwise.
- ``QT_NO_GUI_THREADPOOL``: Qt's raster engine hands every large fill and blend to a
  thread pool of its own and waits for it. For a window of widgets the hand-off (a
  thread woken, a futex waited on) costs more than the fill: a whole repaint of the
  main window is faster without the pool (seen on a 2-CPU machine; ``perf`` shows the
  pool's threads and their futex calls). Qt reads only whether the variable is set:
  set it to anything before starting License Desk and the pool stays off all the same;
  the app never removes it.

No Qt import here: ``licensedesk.__main__`` calls :func:`prepare` before importing Qt.
The tests and the benchmarks call it too, so they run the paint path the app runs.
"""

from __future__ import annotations

import os


def prepare() -> None:
    os.environ.setdefault("QT_API", "pyside6")
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
