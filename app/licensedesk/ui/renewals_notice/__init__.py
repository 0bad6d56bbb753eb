"""The renewals notification: the desktop is told once when licences of the book enter
the renewals window (docs/book.md, "Notifications")."""
