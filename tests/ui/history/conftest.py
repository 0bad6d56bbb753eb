"""The history's UI tests: the local history goes to the test's own data folder
(``tests/ui/conftest.py`` sets ``LICENSEDESK_DATA_DIR``); the team tests use the run's
one PostgreSQL server (``team_db``, tests/support/postgres_fixtures.py), or skip saying
why, loudly, at the end of the run."""
