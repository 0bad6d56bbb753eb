"""``SSL_CERT_FILE`` naming a file that is not there (a variable left from another
machine): a lookup on an https profile says so in the banner, in one sentence, instead of
the "This is a bug" dialog."""

from __future__ import annotations

from tests.support.net import free_port

from ..helpers import look_up


def test_a_missing_ssl_cert_file_is_a_sentence_in_the_window(
    make_desk, qtbot, store, secrets, sandbox, tmp_path, monkeypatch
):
    from licensedesk.profiles import Profile

    missing = tmp_path / "gone" / "ca.pem"
    monkeypatch.setenv("SSL_CERT_FILE", str(missing))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    store.save(
        Profile(name="Secure", base_url=f"https://127.0.0.1:{free_port()}", read_app_id="shop-read")
    )
    secrets.set("Secure", "read", "sk_cert_test_key")
    desk = make_desk(profile="Secure")

    look_up(desk, qtbot, sandbox.serial("perpetual"))

    banner = desk.window.workspace.banner
    assert banner.isVisible()
    assert banner.text() == (
        f"The certificates named by SSL_CERT_FILE={missing} cannot be used: the file is "
        "missing or holds no certificate. Correct the variable or unset it."
    )
    assert desk.error_dialog is None or not desk.error_dialog.isVisible()
