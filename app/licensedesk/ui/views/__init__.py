"""Widgets of the main window: workspace, licence card, products, activations, welcome."""
