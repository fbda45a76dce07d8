/// The HTML site's style sheet and script, written as `assets/site.css` and
/// `assets/site.js`. No network fetches and no modules, so the site works from `file://`.
enum HTMLAssets {
    /// Light and dark follow `prefers-color-scheme` unless the switch (stored in
    /// `localStorage`) chooses one; previews keep their own light or dark ground.
    static let css = """
        :root { color-scheme: light dark; --bg: #f2f2f7; --card: #ffffff; --text: #1c1c1e; --muted: #6c6c70;
          --line: #d8d8dc; --accent: #0a60d0; --on-accent: #ffffff; --warn-bg: #fff4e0; --warn: #8a4b00; --low: #c00000; }
        :root[data-scheme="dark"] { --bg: #000000; --card: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a6;
          --line: #3a3a3c; --accent: #5aa2ff; --on-accent: #000000; --warn-bg: #3a2a10; --warn: #ffcc80; --low: #ff6961; }
        @media (prefers-color-scheme: dark) {
          :root:not([data-scheme="light"]) { --bg: #000000; --card: #1c1c1e; --text: #f2f2f7; --muted: #a1a1a6;
            --line: #3a3a3c; --accent: #5aa2ff; --on-accent: #000000; --warn-bg: #3a2a10; --warn: #ffcc80; --low: #ff6961; }
        }
        * { box-sizing: border-box; }
        body { font-family: -apple-system, system-ui, "Segoe UI", sans-serif; margin: 0; color: var(--text);
          background: var(--bg); line-height: 1.45; overflow-wrap: break-word; }
        .skip { position: absolute; left: 8px; top: -48px; background: var(--accent); color: var(--on-accent); padding: 8px 12px;
          border-radius: 8px; z-index: 10; }
        .skip:focus { top: 8px; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        header.site { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 8px 16px;
          background: var(--card); border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 3; }
        header.site a.home { font-weight: 700; }
        header.site .menu { display: none; }
        header.site button, .scheme-switch button { background: none; border: 1px solid var(--line); color: var(--text);
          border-radius: 6px; padding: 4px 9px; cursor: pointer; font: inherit; font-size: 13px; }
        .scheme-switch { display: flex; gap: 4px; }
        .scheme-switch button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
        .search { position: relative; flex: 1; min-width: 180px; max-width: 520px; }
        #search, #filter { font: inherit; font-size: 15px; padding: 6px 10px; width: 100%; border-radius: 8px;
          border: 1px solid var(--line); background: var(--bg); color: var(--text); }
        #search-results { position: absolute; left: 0; right: 0; top: 100%; margin: 4px 0 0; padding: 4px;
          list-style: none; background: var(--card); border: 1px solid var(--line); border-radius: 8px;
          max-height: 70vh; overflow: auto; box-shadow: 0 8px 24px rgba(0,0,0,.18); }
        #search-results li a { display: block; padding: 5px 8px; border-radius: 6px; }
        #search-results li a:hover, #search-results li a:focus { background: var(--bg); }
        #search-results small { color: var(--muted); margin-left: 6px; }
        #search-results li.count { color: var(--muted); font-size: 12px; padding: 4px 8px; }
        #search-results li[aria-selected="true"] a { background: var(--bg); outline: 2px solid var(--accent); }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
          white-space: nowrap; }
        a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
        .layout { display: grid; grid-template-columns: 250px minmax(0, 1fr); max-width: 1700px; margin: 0 auto; }
        nav.sidebar { position: sticky; top: 50px; align-self: start; max-height: calc(100vh - 50px); overflow: auto;
          padding: 12px 8px 32px 16px; font-size: 13px; border-right: 1px solid var(--line); }
        nav.sidebar summary { font-weight: 600; cursor: pointer; padding: 4px 0; }
        nav.sidebar ul { list-style: none; margin: 0; padding-left: 12px; }
        nav.sidebar li { margin: 2px 0; }
        nav.sidebar a[aria-current="page"] { font-weight: 700; color: var(--text); }
        main { min-width: 0; padding: 16px 24px 48px; }
        main:focus { outline: none; }
        h1 { margin: 8px 0 4px; } h1 small, h2 small, h3 small { color: var(--muted); font-weight: 400; font-size: 60%; }
        .lede { color: var(--muted); margin-top: 0; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 18px;
          margin: 12px 0; min-width: 0; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 12px; }
        .grid .card { margin: 0; }
        .card h3 { margin: 6px 0; } .card p { margin: 6px 0; }
        .thumbs { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0 12px; }
        .modes { display: flex; flex-wrap: wrap; gap: 8px 32px; align-items: flex-start; }
        .modes section.mode { min-width: 0; max-width: 100%; }
        .note { background: var(--warn-bg); color: var(--warn); border-radius: 8px; padding: 8px 12px; }
        .scroll { max-width: 100%; overflow-x: auto; }
        table { border-collapse: collapse; margin: 6px 0 14px; }
        th, td { padding: 5px 9px; text-align: left; vertical-align: top; font-size: 13px;
          border-bottom: 1px solid var(--line); }
        table.previews th, table.previews td { text-align: center; border: none; }
        table.previews td { padding: 4px; }
        code { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12px; }
        pre { background: var(--card); border: 1px solid var(--line); padding: 10px; border-radius: 8px; overflow: auto; }
        figure.preview { margin: 0; padding: 6px; border-radius: 8px; display: inline-flex; flex-direction: column;
          align-items: center; gap: 4px; }
        figure.preview.light { background: #ffffff; color: #1c1c1e; }
        figure.preview.dark { background: #000000; color: #f2f2f7; }
        figure.preview figcaption { font-size: 11px; }
        .badge { display: inline-block; font-size: 11px; font-weight: 600; border-radius: 999px; padding: 1px 7px;
          position: relative; cursor: help; }
        .badge.ok { background: #d8f5df; color: #0b5d1e; } .badge.low { background: #ffe1dc; color: #8c1206; }
        .badge .tip { display: none; position: absolute; z-index: 4; left: 50%; top: 100%; transform: translateX(-50%);
          width: 220px; margin-top: 4px; padding: 6px 8px; border-radius: 6px; background: #1c1c1e; color: #f2f2f7;
          font-weight: 400; text-align: left; }
        .badge:hover .tip, .badge:focus .tip { display: block; }
        .missing { font-size: 11px; color: var(--warn); background: var(--warn-bg); padding: 6px; border-radius: 6px;
          display: inline-block; }
        .legend { color: var(--muted); font-size: 12px; max-width: 900px; }
        .swatches { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr)); gap: 8px; }
        .swatch { display: grid; grid-template-columns: 44px minmax(0, 1fr); gap: 8px; align-items: start;
          background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 8px; min-width: 0; }
        .swatch table.by-mode { grid-column: 1 / -1; width: 100%; margin: 0; }
        .by-mode caption { text-align: left; color: var(--muted); font-size: 11px; }
        .by-mode th, .by-mode td { padding: 1px 8px 1px 0; font-size: 12px; border: none; overflow-wrap: anywhere; }
        .by-mode th { font-weight: 500; width: 40%; }
        .dot { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 4px;
          border: 1px solid rgba(127,127,127,.35); vertical-align: -2px; }
        form.context { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; position: sticky;
          top: var(--header, 50px);
          z-index: 1; background: var(--bg); padding: 8px 0; font-size: 13px; }
        form.context label { white-space: nowrap; }
        .chip { width: 44px; height: 44px; border-radius: 8px; border: 1px solid rgba(127,127,127,.35);
          background-image: linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%),
            linear-gradient(45deg, #ccc 25%, transparent 25%, transparent 75%, #ccc 75%);
          background-size: 10px 10px; background-position: 0 0, 5px 5px; position: relative; }
        .chip span { position: absolute; inset: 0; border-radius: 7px; }
        .swatch .label { font-size: 12px; min-width: 0; }
        .swatch .label small { color: var(--muted); display: block; }
        .bar { height: 12px; background: var(--accent); border-radius: 3px; display: inline-block; vertical-align: middle;
          max-width: 100%; }
        .specimen { margin: 2px 0; max-width: min(480px, 70vw); line-height: 1.2; overflow-wrap: anywhere; }
        td small.swift { display: block; }
        .copies { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
        button.copy { font: inherit; font-size: 11px; padding: 1px 6px; border-radius: 5px; border: 1px solid var(--line);
          background: var(--bg); color: var(--text); cursor: pointer; }
        .ramps { display: grid; gap: 8px; margin: 6px 0 12px; }
        .ramp { display: grid; grid-template-columns: minmax(80px, 160px) minmax(0, 1fr); gap: 8px; align-items: center; }
        .ramp .steps { display: flex; min-width: 0; overflow-x: auto; border-radius: 8px; }
        .ramp .steps a { flex: 1 0 34px; display: flex; flex-direction: column; align-items: center; color: var(--muted);
          font-size: 11px; text-decoration: none; }
        .ramp .cell { display: block; width: 100%; height: 32px; border: 1px solid rgba(127,127,127,.25); }
        #search-results .dot { margin-right: 6px; }
        .entry, h2[id] { scroll-margin-top: var(--sticky, 110px); }
        .shadowbox { width: 64px; height: 40px; background: var(--card); border-radius: 8px; margin: 10px; }
        .entry[hidden] { display: none; }
        .section button.load { font: inherit; padding: 6px 12px; border-radius: 8px; border: 1px solid var(--line);
          background: var(--card); color: var(--text); cursor: pointer; }
        .tags { color: var(--muted); font-size: 12px; }
        .versions { font-size: 13px; margin: 0 0 12px; }
        .versions ul { display: flex; flex-wrap: wrap; gap: 4px 12px; list-style: none; padding: 0; margin: 4px 0; }
        .versions a[aria-current="page"] { font-weight: 700; color: var(--text); }
        .older { background: var(--warn-bg); color: var(--warn); border-radius: 8px; padding: 8px 12px; }
        .compare { display: grid; grid-template-columns: auto auto minmax(0, 1fr); gap: 8px 16px; align-items: center; }
        .compare .values { font-size: 12px; }
        .dot { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: -1px;
          border: 1px solid rgba(127,127,127,.5); }
        .changed-token a { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12px; }
        :target { outline: 2px solid var(--accent); outline-offset: 2px; }
        .only-dark { display: none; }
        :root[data-scheme="dark"] .only-dark { display: inline-flex; }
        :root[data-scheme="dark"] .only-light { display: none; }
        @media (prefers-color-scheme: dark) {
          :root:not([data-scheme="light"]) .only-dark { display: inline-flex; }
          :root:not([data-scheme="light"]) .only-light { display: none; }
        }
        figure.preview svg { max-width: 100%; height: auto; }
        @media (max-width: 820px) {
          .ramp { grid-template-columns: minmax(0, 1fr); gap: 2px; }
          .compare { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
          .compare .values { grid-column: 1 / -1; padding-bottom: 8px; border-bottom: 1px solid var(--line); }
          .layout { display: block; }
          header.site .menu { display: inline-block; }
          nav.sidebar { display: none; position: static; max-height: none; border-right: none;
            border-bottom: 1px solid var(--line); background: var(--card); }
          body.menu-open nav.sidebar { display: block; }
          main { padding: 12px 14px 40px; }
          .search { order: 5; flex-basis: 100%; max-width: none; }
        }

        """

    /// The light/dark switch and the menu button on every page, the site-wide search
    /// (`assets/search-index.js`; `?q=` fills it in), and the index's filter (`?filter=`).
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
          var menu = document.querySelector("header.site .menu");
          document.addEventListener("click", function (event) {
            if (!event.target.closest) { return; }
            if (event.target.closest(".menu")) {
              var open = document.body.classList.toggle("menu-open");
              menu.setAttribute("aria-expanded", open ? "true" : "false");
              return;
            }
            var button = event.target.closest(".scheme-switch button");
            if (!button) { return; }
            var scheme = button.getAttribute("data-scheme");
            try { localStorage.setItem("catalog-scheme", scheme); } catch (e) { }
            apply(scheme);
            schemeChanged();
          });
          // The scheme in effect: the switch's, else the system's.
          function scheme() {
            var chosen = root.getAttribute("data-scheme");
            if (chosen) { return chosen; }
            return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
          }
          var schemeChanged = function () { };
          if (window.matchMedia) {
            var media = window.matchMedia("(prefers-color-scheme: dark)");
            if (media.addEventListener) { media.addEventListener("change", function () { schemeChanged(); }); }
          }
          // The sticky bars' heights, so that an anchor lands below them (`--sticky`) and the
          // context bar sits under the header whatever its height at this width (`--header`).
          function measureBars() {
            var header = document.querySelector("header.site");
            var context = document.querySelector("form.context");
            var height = header ? header.offsetHeight : 0;
            root.style.setProperty("--header", height + "px");
            root.style.setProperty("--sticky", (height + (context ? context.offsetHeight : 0) + 12) + "px");
          }
          measureBars();
          window.addEventListener("resize", measureBars);
          var params = new URLSearchParams(window.location.search);
          var search = document.getElementById("search");
          var results = document.getElementById("search-results");
          var status = document.getElementById("search-status");
          var base = document.body.getAttribute("data-root") || "";
          // The index (every component, style, theme and token) is loaded when the search box
          // is first used, not by every page.
          var index = null, loading = false, waiting = [], active = -1;
          function load(then) {
            if (index) { then(); return; }
            waiting.push(then);
            if (loading) { return; }
            loading = true;
            var script = document.createElement("script");
            script.src = base + "assets/search-index.js";
            script.onload = function () {
              index = window.catalogSearch || [];
              while (waiting.length > 0) { waiting.shift()(); }
            };
            document.body.appendChild(script);
          }
          var shownLimit = 60;
          function find() {
            if (!index) { load(find); return; }
            var words = search.value.toLowerCase().split(/\\s+/).filter(function (w) { return w.length > 0; });
            results.textContent = "";
            active = -1;
            search.removeAttribute("aria-activedescendant");
            if (words.length === 0) {
              results.hidden = true;
              search.setAttribute("aria-expanded", "false");
              status.textContent = "";
              return;
            }
            var found = [], total = 0;
            for (var i = 0; i < index.length; i++) {
              var text = index[i][4];
              if (words.every(function (w) { return text.indexOf(w) >= 0; })) {
                total++;
                if (found.length < shownLimit) { found.push(index[i]); }
              }
            }
            var count = document.createElement("li");
            count.className = "count";
            count.setAttribute("role", "presentation");
            count.textContent = total === 0 ? "Nothing matches."
              : total > found.length ? found.length + " of " + total + " — refine the search"
              : total + (total === 1 ? " result" : " results");
            results.appendChild(count);
            for (var j = 0; j < found.length; j++) {
              var item = document.createElement("li");
              item.id = "search-option-" + j;
              item.setAttribute("role", "option");
              item.setAttribute("aria-selected", "false");
              var link = document.createElement("a");
              link.href = base + found[j][2];
              link.tabIndex = -1;
              link.setAttribute("data-kind", found[j][0]);
              if (found[j][5]) {
                var chip = document.createElement("span");
                chip.className = "dot";
                chip.style.background = found[j][5];
                link.appendChild(chip);
              }
              link.appendChild(document.createTextNode(found[j][1]));
              var detail = document.createElement("small");
              detail.textContent = found[j][0] + " · " + found[j][3];
              link.appendChild(detail);
              item.appendChild(link);
              results.appendChild(item);
            }
            results.hidden = false;
            search.setAttribute("aria-expanded", "true");
            status.textContent = count.textContent;
            root.setAttribute("data-found", String(total));
          }
          // Arrow keys move through the results (the ARIA combobox pattern), Enter opens one.
          function move(step) {
            var options = results.querySelectorAll("[role=option]");
            if (options.length === 0) { return; }
            if (active >= 0) { options[active].setAttribute("aria-selected", "false"); }
            active = (active + step + options.length) % options.length;
            options[active].setAttribute("aria-selected", "true");
            search.setAttribute("aria-activedescendant", options[active].id);
            if (options[active].scrollIntoView) { options[active].scrollIntoView({ block: "nearest" }); }
          }
          if (search) {
            search.addEventListener("focus", function () { load(function () { }); });
            search.addEventListener("input", find);
            search.addEventListener("keydown", function (event) {
              if (event.key === "Escape") { search.value = ""; find(); }
              else if (event.key === "ArrowDown") { event.preventDefault(); move(1); }
              else if (event.key === "ArrowUp") { event.preventDefault(); move(-1); }
              else if (event.key === "Enter" && active >= 0) {
                event.preventDefault();
                window.location.href = results.querySelectorAll("[role=option] a")[active].href;
              }
            });
            if (params.get("q")) { search.value = params.get("q"); find(); }
          }
          // A theme page's context menus: each swatch shows its value where the chosen modes
          // are (its data-values: non-default mode names, in its dimensions' order).
          var menus = document.querySelectorAll("form.context select");
          function choice() {
            var chosen = {};
            for (var i = 0; i < menus.length; i++) {
              if (menus[i].value !== menus[i].getAttribute("data-default")) {
                chosen[menus[i].getAttribute("data-dimension")] = menus[i].value;
              }
            }
            return chosen;
          }
          var initial = JSON.stringify(choice());
          function lookup(element, chosen) {
            var key = JSON.parse(element.getAttribute("data-dimensions"))
              .filter(function (d) { return chosen.hasOwnProperty(d); })
              .map(function (d) { return chosen[d]; }).join("\\u001f");
            var values = JSON.parse(element.getAttribute("data-values"));
            return values.filter(function (v) { return v[0] === key; })[0]
              || values.filter(function (v) { return v[0] === ""; })[0] || ["", "—"];
          }
          function showContext() {
            var chosen = choice();
            var moved = JSON.stringify(chosen) !== initial;
            var cards = document.querySelectorAll(".swatch[data-values]");
            for (var j = 0; j < cards.length; j++) {
              var found = lookup(cards[j], chosen);
              cards[j].querySelector(".chip span").style.background = found.length > 1 && found[1] !== "—" ? found[1] : "transparent";
              cards[j].querySelector(".label .value").textContent = found.length > 2 ? found[2] : found[1];
            }
            // A ramp's steps show what their cards show.
            var steps = document.querySelectorAll(".ramp a[data-for]");
            for (var st = 0; st < steps.length; st++) {
              var card = document.getElementById(steps[st].getAttribute("data-for"));
              var shownChip = card && card.querySelector(".chip span");
              if (shownChip) { steps[st].querySelector(".cell").style.background = shownChip.style.background; }
            }
            var rows = document.querySelectorAll("tr[data-values]");
            for (var r = 0; r < rows.length; r++) {
              rows[r].querySelector(".now .value").textContent = lookup(rows[r], chosen)[1];
            }
            // A value past the limit of the page is left to `catalog theme show`.
            var many = document.querySelectorAll("[data-many] .now .value, .swatch[data-many] .label .value");
            for (var k = 0; k < many.length; k++) {
              if (!many[k].hasAttribute("data-shown")) { many[k].setAttribute("data-shown", many[k].textContent); }
              many[k].textContent = moved ? "(in this context: catalog theme show)" : many[k].getAttribute("data-shown");
            }
            // Specimens and bars are drawn for the context the page was written in.
            var visuals = document.querySelectorAll("td.now .visual");
            for (var v = 0; v < visuals.length; v++) { visuals[v].hidden = moved; }
            var heads = document.querySelectorAll("th.now");
            for (var t = 0; t < heads.length; t++) {
              if (!heads[t].hasAttribute("data-label")) { heads[t].setAttribute("data-label", heads[t].textContent); }
              var label = [];
              for (var m = 0; m < menus.length; m++) { label.push(menus[m].value); }
              heads[t].textContent = moved ? label.join(", ") : heads[t].getAttribute("data-label");
            }
          }
          // `?Brand=Forest&System=Branded` chooses a context, as a link to it may. A dimension
          // the link does not set and that has modes named light and dark follows the site's
          // scheme, until the reader chooses in its menu.
          var chosenByReader = {};
          function followScheme() {
            var wantedScheme = scheme();
            for (var m = 0; m < menus.length; m++) {
              var dimension = menus[m].getAttribute("data-dimension");
              if (params.get(dimension) !== null || chosenByReader[dimension]) { continue; }
              for (var o = 0; o < menus[m].options.length; o++) {
                var name = menus[m].options[o].value.split("=").pop().toLowerCase().replace(/[ _-]?mode$/, "");
                if (name === wantedScheme) { menus[m].selectedIndex = o; }
              }
            }
          }
          for (var m = 0; m < menus.length; m++) {
            var wanted = params.get(menus[m].getAttribute("data-dimension"));
            for (var o = 0; wanted !== null && o < menus[m].options.length; o++) {
              if (menus[m].options[o].value === wanted) { menus[m].selectedIndex = o; }
            }
            menus[m].addEventListener("change", function (event) {
              chosenByReader[event.target.getAttribute("data-dimension")] = true;
              showContext();
            });
          }
          if (menus.length > 0) {
            followScheme();
            showContext();
            schemeChanged = function () { followScheme(); showContext(); };
          }
          // Copy buttons: a swatch's value in the chosen context, or the Swift name.
          function copied(button, ok) {
            button.setAttribute("data-copied", ok ? "true" : "false");
            var label = button.textContent;
            button.textContent = ok ? "Copied" : "Copy failed";
            setTimeout(function () { button.textContent = label; }, 1500);
          }
          document.addEventListener("click", function (event) {
            var button = event.target.closest ? event.target.closest("button.copy") : null;
            if (!button) { return; }
            var text = button.hasAttribute("data-copy") ? button.getAttribute("data-copy")
              : button.closest(".label").querySelector(".value").textContent;
            button.setAttribute("data-copy-text", text);
            if (navigator.clipboard && navigator.clipboard.writeText) {
              navigator.clipboard.writeText(text).then(function () { copied(button, true); },
                function () { copied(button, fallbackCopy(text)); });
            } else {
              copied(button, fallbackCopy(text));
            }
          });
          function fallbackCopy(text) {
            var area = document.createElement("textarea");
            area.value = text;
            area.setAttribute("readonly", "");
            area.style.position = "fixed";
            area.style.opacity = "0";
            document.body.appendChild(area);
            area.select();
            var ok = false;
            try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
            document.body.removeChild(area);
            return ok;
          }
          // A large theme's sections are files of their own (`Spectrum.color.js`), loaded when
          // opened, filtered or linked to (`#token-…`).
          var pending = {};
          var countTokens = function () { };
          window.catalogSection = function (name, html) {
            var holder = document.querySelector(".section[data-section='" + name + "']");
            if (holder) { holder.innerHTML = html; holder.setAttribute("data-loaded", "true"); }
            showContext();
            countTokens();
            (pending[name] || []).forEach(function (then) { then(); });
            delete pending[name];
          };
          function loadSection(holder, then) {
            var name = holder.getAttribute("data-section");
            if (holder.getAttribute("data-loaded") === "true") { then(); return; }
            if (pending[name]) { pending[name].push(then); return; }
            pending[name] = [then];
            var script = document.createElement("script");
            script.src = name;
            document.body.appendChild(script);
          }
          var holders = document.querySelectorAll(".section[data-section]");
          function loadAll(then) {
            var left = holders.length;
            if (left === 0) { then(); return; }
            for (var h = 0; h < holders.length; h++) {
              loadSection(holders[h], function () { left--; if (left === 0) { then(); } });
            }
          }
          document.addEventListener("click", function (event) {
            var button = event.target.closest ? event.target.closest(".section button.load") : null;
            if (button) { loadSection(button.parentNode, function () { }); }
          });
          if (holders.length > 0 && window.location.hash.indexOf("#token-") === 0
              && !document.getElementById(decodeURIComponent(window.location.hash.slice(1)))) {
            loadAll(function () {
              var target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
              if (target) { target.scrollIntoView(); }
            });
          } else if (holders.length > 0) {
            // The page opens with its first section shown; the others load when opened.
            loadSection(holders[0], function () { });
          }
          var filter = document.getElementById("filter");
          if (!filter) { return; }
          var count = document.getElementById("filter-count");
          function run() {
            var words = filter.value.toLowerCase().split(/\\s+/).filter(function (w) { return w.length > 0; });
            if (words.length > 0 && holders.length > 0) {
              var unloaded = document.querySelectorAll(".section[data-section]:not([data-loaded])");
              if (unloaded.length > 0) { loadAll(run); return; }
            }
            var entries = document.querySelectorAll(".entry");
            var shown = 0;
            for (var i = 0; i < entries.length; i++) {
              var text = entries[i].getAttribute("data-search");
              var match = words.every(function (w) { return text.indexOf(w) >= 0; });
              entries[i].hidden = !match;
              if (match) { shown++; }
            }
            // The sections not loaded yet count as they will show (every token, unfiltered).
            var total = entries.length;
            var waitingSections = document.querySelectorAll(".section[data-section]:not([data-loaded])");
            for (var u = 0; u < waitingSections.length; u++) {
              var more = parseInt(waitingSections[u].getAttribute("data-count") || "0", 10);
              total += more;
              if (words.length === 0) { shown += more; }
            }
            var unit = filter.getAttribute("data-unit");
            count.textContent = shown + " of " + total + (unit ? " " + unit + (total === 1 ? "" : "s") : "");
            root.setAttribute("data-shown", String(shown));
            root.setAttribute("data-total", String(total));
          }
          countTokens = run;
          if (params.get("filter")) { filter.value = params.get("filter"); }
          filter.addEventListener("input", run);
          run();
        })();

        """
}
