import json
import string

import pytest

import games
from bot.i18n import DATA, DuplicateMessage, catalogue, catalogue_files, forms, merged, messages_in, normalise, t


def test_japanese_and_english_catalogues_have_the_same_keys():
    assert set(catalogue("en")) == set(catalogue("ja"))


def twin(path, locale):
    """The same catalogue file in `locale`: data/i18n/<locale>/<name>.json or data/<game>/i18n/<locale>.json."""
    if path.parent.name == "i18n":
        return path.with_name(f"{locale}.json")
    return path.parent.parent / locale / path.name


def test_each_catalogue_file_has_a_twin_in_the_other_language_with_the_same_keys():
    english = catalogue_files("en")
    assert [twin(path, "ja") for path in english] == catalogue_files("ja")
    assert [set(messages_in(path)) for path in english] == [set(messages_in(twin(path, "ja"))) for path in english]


def names(key, game):
    """Whether a key belongs to one game: one of its segments is the game's id, or its first is `<id>_...`."""
    segments = key.split(".")
    return game in segments or segments[0].startswith(f"{game}_")


def test_every_key_naming_a_game_is_in_that_games_own_catalogue_file():
    for locale in ("en", "ja"):
        for game in games.built_in():
            own = DATA / game / "i18n" / f"{locale}.json"
            assert own in catalogue_files(locale)
            naming = {key for key in catalogue(locale) if names(key, game)}
            assert naming and naming <= set(messages_in(own))


def _write(path, messages):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(messages), encoding="utf-8")


def test_a_game_folder_with_a_catalogue_is_found_without_being_listed(tmp_path):
    _write(tmp_path / "i18n" / "en" / "core.json", {"error.x": "x"})
    _write(tmp_path / "new_game" / "i18n" / "en.json", {"new_game.name": "New"})
    _write(tmp_path / "new_game" / "i18n" / "ja.json", {"new_game.name": "新"})
    (tmp_path / "fonts").mkdir()
    assert catalogue_files("en", tmp_path) == [
        tmp_path / "i18n" / "en" / "core.json",
        tmp_path / "new_game" / "i18n" / "en.json",
    ]
    assert merged(catalogue_files("en", tmp_path)) == {"error.x": "x", "new_game.name": "New"}


def test_a_key_defined_in_two_files_is_an_error_naming_both(tmp_path):
    _write(tmp_path / "i18n" / "en" / "picture.json", {"bossa.picture.hand": "HAND"})
    _write(tmp_path / "bossa" / "i18n" / "en.json", {"bossa.picture.hand": "HAND {count}"})
    with pytest.raises(
        DuplicateMessage, match=r"'bossa\.picture\.hand' is defined in .*picture\.json and in .*en\.json"
    ):
        merged(catalogue_files("en", tmp_path))


def test_a_key_defined_twice_in_one_file_is_an_error(tmp_path):
    path = tmp_path / "en.json"
    path.write_text('{"bossa.name": "BOSSa", "bossa.name": "Bossa"}', encoding="utf-8")
    with pytest.raises(DuplicateMessage, match="'bossa.name' is defined twice in"):
        merged([path])


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
