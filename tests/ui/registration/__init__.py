"""UI tests of ui/registration/."""
