#!/bin/sh
# Regenerates the README's screenshots of the HTML docs (needs chromium:
# apt-get install chromium): the DFButton component page (its option cards, each
# drawn in light and dark) and the DesignFoundation theme page, at README width.
set -eu
cd "$(dirname "$0")/.."
mkdir -p docs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product catalog >/dev/null
catalog=$(swift build -c release --show-bin-path)/catalog
"$catalog" --db "$work/catalog.db" -q seed >/dev/null
"$catalog" --db "$work/catalog.db" -q add-style Examples/capsule.json >/dev/null
"$catalog" --db "$work/catalog.db" -q export docs --format html -o "$work/site" >/dev/null
shot() {
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,760 \
        --user-data-dir="$work/chromium" --screenshot="$PWD/docs/$1" "file://$work/site/$2" 2>/dev/null >/dev/null
}
shot component-card.png components/DFButton.html
shot theme-page.png themes/DesignFoundation.html
echo "Wrote docs/component-card.png and docs/theme-page.png"
