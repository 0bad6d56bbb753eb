"""The history settings' old address, for the book's keeper: they live below the history
and the book, with the database they name (:mod:`licensedesk.storage.settings`)."""

from licensedesk.storage.settings import HistorySettings

__all__ = ["HistorySettings"]
