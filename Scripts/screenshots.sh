#!/bin/sh
# Regenerates the README's screenshots of the HTML docs (needs chromium:
# apt-get install chromium, and python3): the index, a component page, a style page, a
# theme page and a visual changelog at 1280 px, and a component page, the theme page and
# the changelog at 390 px, from the seeds with capsule added and one release
# (DesignFoundation's interactive fill darkened).
set -eu
cd "$(dirname "$0")/.."
mkdir -p docs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product catalog >/dev/null
catalog=$(swift build --show-bin-path)/catalog
db="$work/catalog.db"
"$catalog" --db "$db" -q seed >/dev/null
"$catalog" --db "$db" -q add-style Examples/capsule.json >/dev/null
"$catalog" --db "$db" -q theme export DesignFoundation -o "$work/df.json" >/dev/null
python3 - "$work/df.json" <<'PY'
import json, sys
path = sys.argv[1]
theme = json.load(open(path))
theme["colors"]["interactiveFill"]["$value"] = {
    "colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 1, "hex": "#0066cc"}
theme["$extensions"]["catalog.theme"]["version"] = "1.2.0"
json.dump(theme, open(path, "w"), indent=2)
PY
"$catalog" --db "$db" -q theme add "$work/df.json" --message "Darker interactive fill" --author "DS team" >/dev/null
"$catalog" --db "$db" -q export docs --format html -o "$work/site" >/dev/null
"$catalog" --db "$db" -q export changelog --format html -o "$work/changelog.html" >/dev/null
shot() {
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$3" \
        --user-data-dir="$work/chromium" --screenshot="$PWD/docs/$1" "file://$work/$2" 2>/dev/null >/dev/null
}
shot site-index.png site/index.html 1280,900
shot site-component.png site/components/DFButton.html 1280,900
shot site-style.png site/styles/OUDSButton.default.html 1280,900
shot site-theme.png site/themes/DesignFoundation.html 1280,900
shot site-changelog.png changelog.html 1280,1000
shot site-phone.png site/components/OUDSButton.html 390,844
shot site-theme-phone.png site/themes/DesignFoundation.html 390,844
shot site-changelog-phone.png changelog.html 390,1400
echo "Wrote docs/site-*.png"
