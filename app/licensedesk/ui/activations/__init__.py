"""The devices of a licence: table model and filter, the panel, toggles and bulk actions,
CSV export; ``wiring.install_activations`` connects them."""
