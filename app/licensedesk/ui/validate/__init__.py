"""Validate a serial for a product: the dialog, its controller, the likely cause of a
refusal; ``wiring.install_validate`` connects them."""
