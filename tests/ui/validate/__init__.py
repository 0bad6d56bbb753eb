"""UI tests of ui/validate/."""
