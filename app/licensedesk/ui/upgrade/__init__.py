"""Upgrade a licence from another one: the dialog, its controller (preview, write,
reconciliation); ``wiring.install_upgrade`` connects them."""
