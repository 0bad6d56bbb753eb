"""The batch check: many serials at once, for the window and the command line.

No Qt (like ``api``): :mod:`.parse` finds the serials in any text,
:mod:`.check` asks the service about each with bounded concurrency (reads only,
never a host; :mod:`.gate` is its shared pause on 429, :mod:`.status` its row
rules), :mod:`.model` is one row of the answer, :mod:`.export` writes rows as
CSV or JSON. docs/batch.md has the rules. ``ui/batch/`` and ``cli`` (``licensedesk-cli check``) sit
on top.
"""
