"""UI tests of ui/shell/."""
