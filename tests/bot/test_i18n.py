import string

from bot.i18n import catalogue, forms, normalise, t


def test_japanese_and_english_catalogues_have_the_same_keys():
    assert set(catalogue("en")) == set(catalogue("ja"))


def test_messages_use_the_same_fields_in_both_languages():
    def fields(message):
        return {name for text in forms(message) for _, name, _, _ in string.Formatter().parse(text) if name}

    english, japanese = catalogue("en"), catalogue("ja")
    mismatched = [k for k in english if fields(english[k]) != fields(japanese[k])]
    assert mismatched == []


def test_locale_choice_and_fallback():
    assert (
        normalise("ja") == "ja" and normalise("en-US") == "en" and normalise("fr") == "en" and normalise(None) == "en"
    )
    assert t("table.error.too_slow", "ja") == "誰かの方が早かった！"
    assert t("no.such.key", "ja") == "no.such.key"
    assert t("table.winners", "en", names="alice") == "🏆 Winner: alice"
