"""Small reusable widgets: error banner, masked secret field, part state, icons."""
