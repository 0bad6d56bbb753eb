"""Connection profiles: the connections (one client per profile), the profiles dialog and
its controller, the key prompt; ``wiring.install_profiles`` connects them."""

from licensedesk.i18n import N_

#: what the profiles dialog is for: the File menu's tip and the workspace button's
#: description say it alike
PROFILES_TIP = N_("Add, edit or remove connection profiles")
