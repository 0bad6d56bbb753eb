"""License Desk's own icons: monochrome SVGs, package data read by ``ui/shared/icons.py``.

Drawn for a 16x16 viewBox with ``currentColor``, which is replaced by the
palette's colour when the icon is painted (docs/ui.md, "Icons").
"""
