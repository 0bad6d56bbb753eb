"""The shell: the main window, the registry of its actions, the welcome page, the style,
settings, logs, the demo service and ``DeskApp``, which builds the features and quits."""
