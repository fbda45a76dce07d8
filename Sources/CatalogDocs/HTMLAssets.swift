/// The HTML site's style sheet and script, written as `assets/site.css` and
/// `assets/site.js`. No network fetches and no modules, so the site works from `file://`.
enum HTMLAssets {
    /// Light and dark follow `prefers-color-scheme` unless the switch (stored in
    /// `localStorage`) chooses one; previews keep their own light or dark ground.
    static let css = """
        :root { color-scheme: light dark; --bg: #f2f2f7; --card: #ffffff; --text: #1c1c1e; --muted: #6c6c70;
          --line: #d8d8dc; --accent: #0a60d0; --warn-bg: #fff4e0; --warn: #8a4b00; --low: #c00000; }
        :root[data-scheme="dark"] { --bg: #000000; --card: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a6;
          --line: #3a3a3c; --accent: #5aa2ff; --warn-bg: #3a2a10; --warn: #ffcc80; --low: #ff6961; }
        @media (prefers-color-scheme: dark) {
          :root:not([data-scheme="light"]) { --bg: #000000; --card: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a6;
            --line: #3a3a3c; --accent: #5aa2ff; --warn-bg: #3a2a10; --warn: #ffcc80; --low: #ff6961; }
        }
        * { box-sizing: border-box; }
        body { font-family: -apple-system, system-ui, "Segoe UI", sans-serif; margin: 0; color: var(--text);
          background: var(--bg); line-height: 1.45; }
        header.site { display: flex; gap: 16px; align-items: center; padding: 10px 24px; background: var(--card);
          border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; }
        header.site nav { display: flex; gap: 14px; flex: 1; }
        header.site a.home { font-weight: 700; }
        a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
        main { max-width: 1600px; margin: 0 auto; padding: 16px 24px 48px; }
        h1 { margin: 8px 0 4px; } h1 small, h2 small, h3 small { color: var(--muted); font-weight: 400; font-size: 60%; }
        .lede { color: var(--muted); margin-top: 0; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 18px;
          margin: 12px 0; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
        .grid.options { grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); }
        .grid .card { margin: 0; }
        .card h3 { margin: 6px 0; } .card p { margin: 6px 0; }
        .thumbs { display: flex; flex-wrap: wrap; gap: 6px; }
        .thumbs figure.preview figcaption, .thumbs .missing { max-width: 128px; font-size: 10px; }
        .modes { display: flex; flex-wrap: wrap; gap: 8px 32px; align-items: flex-start; }
        .modes section.mode { min-width: 0; }
        .note { background: var(--warn-bg); color: var(--warn); border-radius: 8px; padding: 8px 12px; }
        table { border-collapse: collapse; margin: 6px 0 14px; }
        th, td { padding: 5px 9px; text-align: left; vertical-align: top; font-size: 13px;
          border-bottom: 1px solid var(--line); }
        table.previews th, table.previews td { text-align: center; border: none; }
        table.previews td { padding: 4px; }
        code { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12px; }
        pre { background: var(--bg); padding: 10px; border-radius: 8px; overflow: auto; }
        figure.preview { margin: 0; padding: 8px; border-radius: 8px; display: inline-block; }
        figure.preview.light { background: #ffffff; color: #1c1c1e; }
        figure.preview.dark { background: #000000; color: #f2f2f7; }
        figure.preview figcaption { font-size: 11px; margin-top: 4px; max-width: 190px; }
        figure.preview .low { color: #c00000; font-weight: 600; }
        figure.preview.dark .low { color: #ff6961; }
        .missing { font-size: 11px; color: var(--warn); background: var(--warn-bg); padding: 6px; border-radius: 6px;
          max-width: 190px; display: inline-block; }
        .swatches { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 8px; }
        .swatch { display: flex; gap: 8px; align-items: center; background: var(--card); border: 1px solid var(--line);
          border-radius: 8px; padding: 6px 8px; }
        .swatch .chips { display: flex; gap: 4px; }
        .chip { width: 44px; height: 44px; border-radius: 8px; border: 1px solid rgba(127,127,127,.35);
          background-image: linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%),
            linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%);
          background-size: 10px 10px; background-position: 0 0, 5px 5px; position: relative; }
        .chip span { position: absolute; inset: 0; border-radius: 7px; }
        .swatch .label { font-size: 12px; overflow-wrap: anywhere; }
        .swatch .label small { color: var(--muted); display: block; }
        .bar { height: 12px; background: var(--accent); border-radius: 3px; display: inline-block; vertical-align: middle; }
        .specimen { margin: 2px 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .shadowbox { width: 64px; height: 40px; background: var(--card); border-radius: 8px; margin: 10px; }
        #filter { font-size: 15px; padding: 7px 10px; width: min(480px, 100%); border-radius: 8px;
          border: 1px solid var(--line); background: var(--card); color: var(--text); }
        .entry[hidden] { display: none; }
        .tags { color: var(--muted); font-size: 12px; }
        .scheme-switch button { background: none; border: 1px solid var(--line); color: var(--text); border-radius: 6px;
          padding: 3px 8px; cursor: pointer; }
        .scheme-switch button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
        :target { outline: 2px solid var(--accent); outline-offset: 2px; }

        """

    /// The light/dark switch on every page, and the index's filter (which also reads `?q=`).
    static let js = """
        (function () {
          "use strict";
          var root = document.documentElement;
          function stored() { try { return localStorage.getItem("catalog-scheme"); } catch (e) { return null; } }
          function apply(scheme) {
            if (scheme === "light" || scheme === "dark") { root.setAttribute("data-scheme", scheme); }
            else { root.removeAttribute("data-scheme"); scheme = "auto"; }
            var buttons = document.querySelectorAll(".scheme-switch button");
            for (var i = 0; i < buttons.length; i++) {
              buttons[i].setAttribute("aria-pressed", buttons[i].getAttribute("data-scheme") === scheme ? "true" : "false");
            }
          }
          apply(stored());
          document.addEventListener("click", function (event) {
            var button = event.target.closest ? event.target.closest(".scheme-switch button") : null;
            if (!button) { return; }
            var scheme = button.getAttribute("data-scheme");
            try { localStorage.setItem("catalog-scheme", scheme); } catch (e) { }
            apply(scheme);
          });
          var filter = document.getElementById("filter");
          if (!filter) { return; }
          var entries = document.querySelectorAll(".entry");
          var count = document.getElementById("filter-count");
          function run() {
            var words = filter.value.toLowerCase().split(/\\s+/).filter(function (w) { return w.length > 0; });
            var shown = 0;
            for (var i = 0; i < entries.length; i++) {
              var text = entries[i].getAttribute("data-search");
              var match = words.every(function (w) { return text.indexOf(w) >= 0; });
              entries[i].hidden = !match;
              if (match) { shown++; }
            }
            count.textContent = shown + " of " + entries.length;
            root.setAttribute("data-shown", String(shown));
          }
          var query = new URLSearchParams(window.location.search).get("q");
          if (query) { filter.value = query; }
          filter.addEventListener("input", run);
          run();
        })();

        """
}
