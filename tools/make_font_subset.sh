#!/usr/bin/env bash
# Makes assets/fonts/NotoSansSC-Subset.otf, the one font the app draws with, and the list
# of the characters it has (NotoSansSC-Subset.chars.txt).
#
# Source: Noto Sans CJK SC Regular (SIL OFL 1.1), face 2 of NotoSansCJK-Regular.ttc from
# Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk). Kept: every character of
# GB2312 (6763 hanzi and its punctuation), printable ASCII, Latin-1, general punctuation,
# arrows, the minus sign, and the symbols the cards and hints draw (♠♥♦♣ ♡♢ ★☆ ✓). GB2312 lacks the suit
# symbols; Noto Sans CJK has them, so no second font is needed.
# Layout features: only 'kern'; the CJK vertical and proportional-width features would add
# about 1.3 MB and pygame.font lays text out horizontally. Hints stay: they keep 12-14 px
# hanzi crisp. Result: about 1.9 MB.
# Needs fontTools (pip install fonttools), a dev-only tool.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
OUT=assets/fonts/NotoSansSC-Subset.otf
PY=${PYTHON:-python3}
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
"$PY" - "$chars" <<'PYEOF'
import sys
gb2312 = "".join(
    bytes([hi, lo]).decode("gb2312", "ignore") for hi in range(0xA1, 0xF8) for lo in range(0xA1, 0xFF)
)
ranges = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x2193)]
extra = "".join(chr(c) for lo, hi in ranges for c in range(lo, hi + 1))
symbols = "♠♥♦♣♡♢★☆✓−"
with open(sys.argv[1], "w", encoding="utf-8") as fh:
    fh.write(gb2312 + extra + symbols)
PYEOF
"$PY" -m fontTools.subset "$SRC" --font-number=2 --text-file="$chars" \
    --layout-features='kern' \
    --output-file="$OUT"
# every character the subset has a glyph for, for tutor/glyphs.py (what the app can draw)
"$PY" - "$OUT" "${OUT%.otf}.chars.txt" <<'PYEOF'
import sys
from fontTools.ttLib import TTFont
codes = sorted(TTFont(sys.argv[1]).getBestCmap())
with open(sys.argv[2], "w", encoding="utf-8") as fh:
    fh.write("".join(map(chr, codes)) + "\n")
PYEOF
ls -l "$OUT"
