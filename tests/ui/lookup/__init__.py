"""UI tests of ui/lookup/."""
