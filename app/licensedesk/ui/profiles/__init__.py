"""Connection profiles: the connections (one client per profile), the profiles dialog and
its controller, the key prompt; ``wiring.install_profiles`` connects them."""
