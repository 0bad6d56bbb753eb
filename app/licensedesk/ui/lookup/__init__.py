"""Look up a serial: the workspace (serial box, licence card, products part), the lookup
controller, the licence image; ``wiring.install_lookup`` connects them."""
