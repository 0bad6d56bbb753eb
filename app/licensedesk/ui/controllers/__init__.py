"""Controllers: QObjects that hold the async work and report through signals."""
