"""The batch window remembers its size and its column widths between runs."""

from __future__ import annotations

from licensedesk.ui.batch.model import COL_LICENSEE


def test_size_and_column_widths_come_back_in_the_next_run(make_desk, sandbox_profile, qtbot):
    first = make_desk(profile=sandbox_profile)
    window = first.batch.open()
    qtbot.waitExposed(window)
    window.resize(window.width(), 480)
    header = window.table.horizontalHeader()
    header.resizeSection(COL_LICENSEE, 333)
    window.close()  # closing saves
    first.window.close()

    second = make_desk(profile=sandbox_profile)
    again = second.batch.open()
    qtbot.waitExposed(again)

    assert again is not window
    # the height: the offscreen screen (800x600) is narrower than the window's least width,
    # so restoring fits the width to the screen
    assert again.height() == 480
    assert again.table.horizontalHeader().sectionSize(COL_LICENSEE) == 333
