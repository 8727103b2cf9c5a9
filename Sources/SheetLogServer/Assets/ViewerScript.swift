/// `/assets/viewer.js`: the viewer's one script, hand-written, no dependencies.
///
/// It draws the timeline's event list (only the rows in view), moves between versions (click,
/// slider, ←/→, Home/End, play at 1×/4×/16×), keeps `?v=N` in the URL, and submits a filter form
/// when one of its menus changes. Nodes are built with DOM methods and `textContent`; the only
/// markup it inserts is the state panel the server renders (and escapes).
enum ViewerScript {
    static let source = #"""
"use strict";
(function () {
  // Idle gaps longer than this are played shortened, to IDLE_PLAYED (both in ms, before the speed).
  var IDLE_GAP = 2000, IDLE_PLAYED = 1000, UNKNOWN_GAP = 1000, MIN_STEP = 40;
  var ROW_HEIGHT = 30, OVERSCAN = 8;

  function autoSubmitFilters() {
    var fields = document.querySelectorAll("form.filters .auto-submit");
    for (var i = 0; i < fields.length; i++) {
      fields[i].addEventListener("change", function (event) { event.target.form.requestSubmit(); });
    }
  }

  function pad(number, width) { var text = String(number); while (text.length < width) text = "0" + text; return text; }

  // HH:MM:SS.mmm in UTC, as the server writes times (ISO-8601, UTC).
  function clock(at) {
    if (at === null) return "-";
    var date = new Date(at);
    return pad(date.getUTCHours(), 2) + ":" + pad(date.getUTCMinutes(), 2) + ":" + pad(date.getUTCSeconds(), 2) + "." + pad(date.getUTCMilliseconds(), 3);
  }

  function span(className, text) {
    var element = document.createElement("span");
    element.className = className;
    element.textContent = text;
    return element;
  }

  function Timeline(root) {
    var rows = JSON.parse(document.getElementById("timeline-events").textContent);
    var count = rows.length;
    var stateURL = root.getAttribute("data-state-url");         // ends in "v=": add the version
    var versionQuery = root.getAttribute("data-version-query"); // "?v=" or "?session=..&v="
    var list = document.getElementById("event-list");
    var spacer = list.querySelector(".event-spacer");
    var panel = document.getElementById("state-panel");
    var slider = document.getElementById("scrubber");
    var position = document.getElementById("position");
    var playButton = document.getElementById("play");
    var speed = document.getElementById("speed");
    var current = Number(root.getAttribute("data-version"));
    var drawn = new Map();   // version -> row element, only the rows in view
    var generation = 0;      // of the latest state panel request
    var timer = null, sliderTimer = null, playing = false;

    function makeRow(row) {
      var link = document.createElement("a");
      link.className = "event-row";
      link.href = versionQuery + row[0];
      link.setAttribute("data-version", row[0]);
      link.appendChild(span("event-version", "v" + row[0]));
      var time = span("event-time", clock(row[1]));
      if (row[1] !== null) time.title = new Date(row[1]).toISOString();
      link.appendChild(time);
      link.appendChild(span("event-type", row[2]));
      link.appendChild(span("event-presentation", row[3] === null ? "" : row[3]));
      if (row[4] !== null) link.appendChild(span("badge outcome-" + row[4], row[4]));
      link.style.top = ((row[0] - 1) * ROW_HEIGHT) + "px";
      return link;
    }

    function drawWindow() {
      var first = Math.max(1, Math.floor(list.scrollTop / ROW_HEIGHT) + 1 - OVERSCAN);
      var last = Math.min(count, Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + OVERSCAN);
      drawn.forEach(function (element, version) {
        if (version < first || version > last) { element.remove(); drawn.delete(version); }
      });
      for (var version = first; version <= last; version++) {
        var element = drawn.get(version);
        if (!element) {
          element = makeRow(rows[version - 1]);
          spacer.appendChild(element);
          drawn.set(version, element);
        }
        var selected = version === current;
        element.classList.toggle("selected", selected);
        if (selected) element.setAttribute("aria-current", "step"); else element.removeAttribute("aria-current");
      }
    }

    function scrollToVersion(version, center) {
      var top = (version - 1) * ROW_HEIGHT;
      if (center) {
        list.scrollTop = Math.max(0, top - (list.clientHeight - ROW_HEIGHT) / 2);
      } else if (top < list.scrollTop) {
        list.scrollTop = top;
      } else if (top + ROW_HEIGHT > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + ROW_HEIGHT - list.clientHeight;
      }
    }

    function showPanelError(version, status) {
      var message = document.createElement("p");
      message.className = "panel-error";
      message.textContent = "Version " + version + " could not be loaded" + (status ? " (HTTP " + status + ")." : ".");
      panel.replaceChildren(message);
    }

    function loadPanel(version) {
      var mine = ++generation;
      root.setAttribute("data-loading", "true");
      return fetch(stateURL + version, { headers: { "Accept": "text/html" } })
        .then(function (response) {
          return response.text().then(function (text) {
            if (mine !== generation) return;
            if (response.ok) panel.innerHTML = text; else showPanelError(version, response.status);
            root.removeAttribute("data-loading");
          });
        })
        .catch(function () {
          if (mine !== generation) return;
          showPanelError(version, 0);
          root.removeAttribute("data-loading");
        });
    }

    // Moves to `version`: list, slider, URL, then the state panel (fetched now, or after the
    // slider has rested for a moment while it is being dragged).
    function select(version, fromSlider) {
      version = Math.max(1, Math.min(count, version));
      current = version;
      root.setAttribute("data-version", String(version));
      slider.value = String(version);
      position.textContent = "v" + version + " of " + count;
      history.replaceState(null, "", versionQuery + version);
      // The fleet's Reveal button reveals the version in view.
      var revealForm = document.getElementById("reveal-form");
      if (revealForm) revealForm.setAttribute("action", revealForm.getAttribute("data-action") + "&v=" + version);
      // The state endpoint's JSON of the version in view (the panel is the same step as HTML).
      var stateJSON = document.getElementById("state-json");
      if (stateJSON) stateJSON.setAttribute("href", stateJSON.getAttribute("data-base") + version);
      scrollToVersion(version, false);
      drawWindow();
      clearTimeout(sliderTimer);
      if (fromSlider) {
        return new Promise(function (resolve) { sliderTimer = setTimeout(function () { loadPanel(version).then(resolve); }, 60); });
      }
      return loadPanel(version);
    }

    function gapAfter(version) {
      var from = rows[version - 1][1], to = rows[version][1];
      var gap = (from === null || to === null) ? UNKNOWN_GAP : Math.max(0, to - from);
      if (gap > IDLE_GAP) gap = IDLE_PLAYED;
      return Math.max(MIN_STEP, gap / Number(speed.value));
    }

    function stop() {
      playing = false;
      clearTimeout(timer);
      playButton.textContent = "Play";
      playButton.setAttribute("aria-pressed", "false");
      root.removeAttribute("data-playing");
    }

    function scheduleNext() {
      if (!playing) return;
      if (current >= count) { stop(); return; }
      timer = setTimeout(function () {
        if (!playing) return;
        select(current + 1, false).then(scheduleNext);
      }, gapAfter(current));
    }

    function play() {
      playing = true;
      playButton.textContent = "Pause";
      playButton.setAttribute("aria-pressed", "true");
      root.setAttribute("data-playing", "true");
      if (current >= count) select(1, false).then(scheduleNext); else scheduleNext();
    }

    list.addEventListener("click", function (event) {
      var link = event.target.closest("a.event-row");
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      stop();
      select(Number(link.getAttribute("data-version")), false);
    });
    list.addEventListener("scroll", function () { window.requestAnimationFrame(drawWindow); });
    window.addEventListener("resize", drawWindow);
    slider.addEventListener("input", function () { stop(); select(Number(slider.value), true); });
    document.getElementById("first").addEventListener("click", function () { stop(); select(1, false); });
    document.getElementById("previous").addEventListener("click", function () { stop(); select(current - 1, false); });
    document.getElementById("next").addEventListener("click", function () { stop(); select(current + 1, false); });
    document.getElementById("last").addEventListener("click", function () { stop(); select(count, false); });
    playButton.addEventListener("click", function () { if (playing) stop(); else play(); });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      var typing = target !== slider && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
      if (typing) return;
      var version;
      switch (event.key) {
        case "ArrowLeft": version = current - 1; break;
        case "ArrowRight": version = current + 1; break;
        case "Home": version = 1; break;
        case "End": version = count; break;
        default: return;
      }
      event.preventDefault();
      stop();
      select(version, false);
    });

    spacer.style.height = (count * ROW_HEIGHT) + "px";
    scrollToVersion(current, true);
    drawWindow();
    // When the page became usable, in ms since navigation started (the benchmark reads it).
    root.setAttribute("data-ready-at", String(Math.round(performance.now())));
    root.setAttribute("data-ready", "true");
  }

  autoSubmitFilters();
  var timeline = document.getElementById("timeline");
  if (timeline) Timeline(timeline);
})();
"""#
}
