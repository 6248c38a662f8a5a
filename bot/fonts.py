"""The one font pictures draw their words with: a subset of Noto Sans CJK JP (SIL Open Font License 1.1, beside it in
data/fonts/OFL.txt), Latin and Japanese in one face, so a picture reads the same in both locales and the bot needs no
system font. The subset holds printable ASCII, `EXTRA`, what players' names are written in (`name_characters`:
Latin-1, kana, Japanese punctuation, full-width forms and the first-level kanji) and every character of every
catalogue message a picture draws (the `picture.*` and `<game>.picture.*` keys of every catalogue), nothing else: a new
picture word with a new character needs the subset made again (tests/bot/test_fonts.py fails until it is):

    .venv/bin/python -m bot.fonts            # fetches Debian's fonts-noto-cjk (apt-get download), writes data/fonts/
    .venv/bin/python -m bot.fonts --source /path/to/NotoSansCJK-Regular.ttc

fontTools does the subsetting: a development tool (the test extra), never imported when the bot runs."""

from __future__ import annotations

import argparse
import glob
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bot.i18n import LOCALES, catalogue, forms

FONTS = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT = FONTS / "NotoSansCJKjp-Regular-subset.otf"
LICENSE = FONTS / "OFL.txt"
PACKAGE = "fonts-noto-cjk"  # Debian's package of the Noto CJK fonts
COLLECTION = "NotoSansCJK-Regular.ttc"
FACE = "Noto Sans CJK JP"
EXTRA = "°"  # drawn by code, not from a catalogue: the chooser's rotations (90°)
PRINTABLE_ASCII = "".join(chr(code) for code in range(0x20, 0x7F))


def name_characters() -> str:
    """What players' names are drawn with (a replay's name band): Latin-1's letters, the Japanese punctuation, kana
    and full-width forms, and the kanji of JIS X 0208's first level (the 2,965 in everyday names), read from the
    EUC-JP codec's rows 16-47."""
    ranges = [(0xA0, 0x100), (0x3000, 0x3040), (0x3040, 0x30A0), (0x30A0, 0x3100), (0xFF01, 0xFF61)]
    characters = {chr(code) for start, end in ranges for code in range(start, end)}
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                characters.add(bytes((row, cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                pass  # the row's unassigned cells
    return "".join(sorted(character for character in characters if character.isprintable()))


def is_picture_key(key: str) -> bool:
    """A message a picture draws: `picture.*` or `<game>.picture.*`."""
    return key.startswith("picture.") or ".picture." in key


def picture_messages(locale: str) -> dict[str, str]:
    """Every text (each plural form) of every picture message of `locale`, by key (`key#n` for the n-th form)."""
    return {
        f"{key}#{n}": text
        for key, message in catalogue(locale).items()
        if is_picture_key(key)
        for n, text in enumerate(forms(message))
    }


def needed_characters() -> str:
    """Printable ASCII, EXTRA, the characters of players' names and every character of the picture messages of
    every locale, sorted."""
    characters = set(PRINTABLE_ASCII) | set(EXTRA) | set(name_characters())
    for locale in LOCALES:
        for text in picture_messages(locale).values():
            characters |= set(re.sub(r"\{\w+\}", "", text))
    return "".join(sorted(characters - {"\n"}))


def fetch_collection(folder: Path) -> Path:
    """Debian's fonts-noto-cjk, downloaded and unpacked into `folder` (never installed): its Sans Regular collection."""
    subprocess.run(["apt-get", "download", PACKAGE], cwd=folder, check=True)
    package = next(folder.glob(f"{PACKAGE}_*.deb"))
    subprocess.run(["dpkg-deb", "-x", str(package), str(folder / "root")], check=True)
    return Path(glob.glob(str(folder / "root" / "**" / COLLECTION), recursive=True)[0])


def subset(source: Path, target: Path = FONT) -> int:
    """Write the subset of `source` (a collection: its FACE) to `target`; returns its size in bytes."""
    from fontTools import subset as subsetter
    from fontTools.ttLib import TTCollection, TTFont

    if source.suffix.lower() in (".ttc", ".otc"):
        faces = TTCollection(str(source)).fonts
        font = next(face for face in faces if face["name"].getDebugName(4) == FACE)
    else:
        font = TTFont(str(source))
    options = subsetter.Options()
    options.layout_features = ["kern", "palt"]  # what Pillow's layout may apply to these words; no others
    options.name_languages = ["*"]
    options.notdef_outline = True
    worker = subsetter.Subsetter(options)
    worker.populate(text=needed_characters())
    worker.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.recalcTimestamp = False  # the source's dates: the same source gives the same bytes
    font.save(str(target))
    return target.stat().st_size


def write_license(source_copyright: Path | None, font_copyright: str) -> None:
    """data/fonts/OFL.txt: the font's copyright line and the SIL Open Font License 1.1 (from Debian's copyright
    file)."""
    text = source_copyright.read_text(encoding="utf-8") if source_copyright else ""
    match = re.search(r"^License: SIL-1\.1\n((?: .*\n)+)", text, re.M)
    if not match:
        if LICENSE.exists():  # keep the one shipped
            return
        raise SystemExit("cannot find the SIL Open Font License text; pass --copyright")
    body = "\n".join("" if line.strip() == "." else line[1:] for line in match.group(1).splitlines())
    LICENSE.write_text(f"{font_copyright}\n\n{body}\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.fonts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help=f"{COLLECTION} (default: download Debian's {PACKAGE})")
    parser.add_argument("--copyright", type=Path, help="Debian's copyright file of the package (for OFL.txt)")
    args = parser.parse_args(argv)
    from fontTools.ttLib import TTFont

    with tempfile.TemporaryDirectory() as folder:
        source, notice = args.source, args.copyright
        if source is None:
            source = fetch_collection(Path(folder))
            notice = notice or next(Path(folder, "root").glob(f"usr/share/doc/{PACKAGE}/copyright"), None)
        size = subset(source)
        font = TTFont(str(FONT))
        write_license(notice, font["name"].getDebugName(0).split(" This Font Software")[0])
    print(
        f"{FONT.relative_to(FONTS.parent.parent)}: {size:,} bytes, {len(font.getBestCmap())} characters "
        f"({font['name'].getDebugName(5).split(';')[0]})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
