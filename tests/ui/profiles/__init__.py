"""UI tests of ui/profiles/."""
