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
    var words = filter.value.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
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
