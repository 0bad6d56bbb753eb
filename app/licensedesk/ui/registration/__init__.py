"""Register an offline-distribution licence: the dialog and its controller;
``wiring.install_registration`` connects them."""
