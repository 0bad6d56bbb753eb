"""UI tests of ui/upgrade/."""
