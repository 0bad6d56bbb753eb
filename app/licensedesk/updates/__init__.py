"""Updates of an installed bundle: checked, downloaded and verified with TUF, applied at start.

No Qt here (the window's part is ``ui/updates.py``), and nothing of it runs in a source
checkout or a pip install: only a bundle (a PyInstaller one-folder build, or anything laid
out like one) updates itself, and the command line never does.

- ``policy``: whether checks may run (the user's setting, the administrator's switch).
- ``bundle``: the install folder of the running copy, its version, where updates wait.
- ``check``: one check against the release repository (python-tuf's client): the newest
  version for this platform, downloaded, verified, unpacked and staged.
- ``start``: the launcher step a bundle's entry point runs first: a staged version is
  swapped in and started; the previous folder is kept until the new one has started once.

docs/updates.md says how a release is published and how checks are switched off.
"""
