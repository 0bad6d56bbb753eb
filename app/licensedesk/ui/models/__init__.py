"""Qt item models over the api's model objects (column constants, custom roles)."""
