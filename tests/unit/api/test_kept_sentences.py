"""A sentence kept in English (the history) said again in the reader's language: the
reverse of ``say``, with the shipped German catalogue."""

from __future__ import annotations

import pytest

from licensedesk import i18n
from licensedesk.api.sentence import in_use, say
from licensedesk.api.verdicts import Verdict, verdict_sentence
from licensedesk.i18n import N_


@pytest.fixture
def german():
    assert i18n.use_language("de") == "de", "the German catalogue is not compiled"
    yield
    i18n.use_language("en")


def test_the_desks_own_sentences_come_back_in_german_with_their_values(german):
    checked = say(N_("could not check: {problem}"), problem=verdict_sentence(Verdict.EXPIRED))
    address = say(N_("{address} is not an e-mail address."), address="'ada.example.com'")
    for said in (checked, address, verdict_sentence(Verdict.VALID)):
        assert said != said.english  # said in German when it was made
        assert in_use(said.english) == said  # and again from the English kept


def test_the_services_words_and_other_text_stay_as_kept(german):
    assert in_use("License does not exist!") == "License does not exist!"
    assert in_use("Studio: Pro") == "Studio: Pro"  # "{outcome}: {detail}" takes no text
    assert in_use("Lizenz gelöscht.") == "Lizenz gelöscht."  # kept in German by an old desk
    assert in_use("") == ""


def test_an_english_reader_reads_it_as_kept():
    kept = "'ada.example.com' is not an e-mail address."
    assert in_use(kept) == kept
