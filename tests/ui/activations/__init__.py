"""UI tests of ui/activations/."""
