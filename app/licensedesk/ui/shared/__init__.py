"""What several features use: the task runner, awaitable and confirm dialogs, the error
banner and dialog, labels, icons, the secret field, a part's state, status colours and
the formatting of api values. Nothing here knows a feature."""
