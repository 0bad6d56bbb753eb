"""UI tests of ui/shared/."""
