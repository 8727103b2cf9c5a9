/// `/assets/viewer.js`: the viewer's one script, hand-written, no dependencies.
///
/// It draws the timeline's event list (only the rows in view), moves between versions (click,
/// slider, ←/→, Home/End, play at 1×/4×/16×), keeps `?v=N` in the URL, and submits a filter form
/// when one of its menus changes. The state panel of each version it moves to is drawn from the
/// state endpoint's JSON (`GET /api/…/state?at=V`, one step, as `sheetlog state --json`), as
/// ``StatePanel`` draws the page's first one. Every node is built with DOM methods and every stored
/// text set as `textContent`: nothing it inserts is parsed as markup.
enum ViewerScript {
    static let source = #"""
"use strict";
(function () {
  // Idle gaps longer than this are played shortened, to IDLE_PLAYED (both in ms, before the speed).
  var IDLE_GAP = 2000, IDLE_PLAYED = 1000, UNKNOWN_GAP = 1000, MIN_STEP = 40;
  var ROW_HEIGHT = 30, OVERSCAN = 8;
  // States kept in the page: stepping back and forth (and the step before each, for what changed) asks again for none of them.
  var STEPS_KEPT = 64;

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

  // An element with a class and children (nodes, or strings set as text).
  function element(tag, className, children) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    (children || []).forEach(function (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }

  // What the server writes for stored text: characters that could hide or reorder it (controls,
  // bidi formatting) as \u{…}.
  function visible(text) {
    return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, function (c) {
      return "\\u{" + c.charCodeAt(0).toString(16) + "}";
    });
  }

  // StatePanel.swift in the browser: the state endpoint's step drawn as the server draws the page's
  // first panel (same elements, classes and text). `previous` is the step before (null at v1):
  // what appeared and what changed. `sheets` are the present events' fields the state does not
  // carry, [version, presentation, required, restoredFrom] each.
  var StateView = (function () {
    var SOURCES = { swipe: "swipe down", cancelButton: "tap on Cancel", programmatic: "dismissal by code" };

    function isEmpty(value) { return value === undefined || value === null || value === ""; }
    function isMarker(value) { return value !== null && typeof value === "object" && (value.erased === true || value.withheld === true); }
    function equivalent(a, b) { return (isEmpty(a) && isEmpty(b)) || JSON.stringify(a) === JSON.stringify(b); }

    function marker(value) {
      var node = span(value.erased === true ? "marker erased" : "marker withheld", value.erased === true ? "erased" : "\u2022\u2022\u2022\u2022");
      node.title = value.erased === true ? "erased: its subject's key is deleted" : "withheld: masked until a reveal, or sealed with no key here";
      return node;
    }

    function describe(value) {
      if (typeof value === "string") return visible(JSON.stringify(value));
      return value === null ? "null" : String(value);
    }

    // ValueText.cell: a string as typed, a scalar, a marker, or a dash for nothing.
    function cell(value) {
      if (isEmpty(value)) return span("none", "\u2014");
      if (isMarker(value)) return marker(value);
      if (typeof value === "string") return document.createTextNode(visible(value));
      return span("scalar", describe(value));
    }

    // ValueText.quoted: as the change list quotes a value.
    function quoted(value) {
      if (value === undefined) return span("none", "(none)");
      if (isMarker(value)) return marker(value);
      return document.createTextNode(describe(value));
    }

    function list(fields) { return fields && fields.length ? fields.map(visible).join(", ") : "-"; }

    // EventText.describe: one line saying what the event did, without values.
    function eventText(type, e) {
      switch (type) {
        case "present":
          var route = e.route || {}, details = ["route " + visible(route.name)];
          if (route.group !== undefined && route.group !== route.name) details.push("group " + visible(route.group));
          var params = Object.keys(route.params || {}).sort();
          if (params.length) details.push(params.map(function (k) { return visible(k) + "=" + visible(route.params[k]); }).join(" "));
          details.push("guard " + e.guard);
          if (e.required && e.required.length) details.push("required " + list(e.required));
          if (e.restoredFrom) details.push("restored from " + visible(e.restoredFrom.session + "/" + e.restoredFrom.presentation));
          return "present " + visible(e.presentation) + " (" + details.join("; ") + ")";
        case "edit": return "edit " + visible(e.presentation) + "." + visible(e.field);
        case "attemptDismiss":
          var text = "attemptDismiss " + visible(e.presentation) + " by " + e.source + " -> " + e.outcome;
          if (e.dirty) text += " (changed: " + list(e.changedFields) + ")";
          if (e.confirmation) text += e.offersSave === true ? ", asks Save/Discard/Keep Editing" : ", asks Discard/Keep Editing";
          return text;
        case "confirmDiscard": return "confirmDiscard " + visible(e.presentation) + " (discarded: " + list(e.discardedFields) + ")";
        case "keepEditing": return "keepEditing " + visible(e.presentation);
        case "save": return "save " + visible(e.presentation);
        case "saveFailed": return "saveFailed " + visible(e.presentation) + ": " + visible(e.reason);
        case "restoreDraft": return "restoreDraft " + visible(e.presentation) + " into " + visible(e.intoSession) + " as " + visible(e.newPresentation);
        case "declineDraft": return "declineDraft " + visible(e.presentation);
        default: return visible(type);
      }
    }

    function head(step) {
      var time = element("time", null, [step.at === null ? "-" : step.at]);
      var children = [span("step-version", "v" + step.version), time, span("step-type", step.type)];
      if (step.type === "attemptDismiss") children.push(span("badge outcome-" + step.event.outcome, step.event.outcome));
      children.push(element("p", "step-text", [eventText(step.type, step.event)]));
      return element("header", "step-head", children);
    }

    function lock() {
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", "0 0 16 16");
      svg.setAttribute("aria-hidden", "true");
      var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
      path.setAttribute("d", "M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z");
      svg.appendChild(path);
      var node = span("lock", "");
      node.title = "Swipe to dismiss is disabled";
      node.setAttribute("aria-label", "swipe locked");
      node.appendChild(svg);
      return node;
    }

    // The required fields and draft origin of `presentation` as its latest present up to `version` gave them.
    function sheetInfo(sheets, presentation, version) {
      var found = { required: [], restoredFrom: null };
      sheets.forEach(function (row) { if (row[1] === presentation && row[0] <= version) found = { required: row[2], restoredFrom: row[3] }; });
      return found;
    }

    function fields(sheet, before, info, step) {
      var names = {};
      Object.keys(sheet.baseline).concat(Object.keys(sheet.values), info.required).forEach(function (name) { names[name] = true; });
      var sorted = Object.keys(names).sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
      if (!sorted.length) return element("p", "no-fields", ["No form fields."]);
      var edited = step.type === "edit" && step.event.presentation === sheet.presentation ? step.event.field : null;
      var rows = sorted.map(function (name) {
        var classes = ["field"];
        if (changedNow(before, sheet, name, edited)) classes.push("changed-now");
        if (sheet.changedFields.indexOf(name) >= 0) classes.push("differs");
        var th = element("th", null, [visible(name)]);
        th.scope = "row";
        if (info.required.indexOf(name) >= 0) { var star = span("required", "*"); star.title = "required"; th.appendChild(star); }
        var row = element("tr", classes.join(" "), [th, element("td", "value", [cell(sheet.values[name])]), element("td", "baseline", [cell(sheet.baseline[name])])]);
        row.setAttribute("data-field", name);
        return row;
      });
      var headRow = element("tr", null, ["Field", "Value", "Baseline"].map(function (title) { var th = element("th", null, [title]); th.scope = "col"; return th; }));
      return element("table", "fields", [element("thead", null, [headRow]), element("tbody", null, rows)]);
    }

    // Changed by this event: the values differ, or (values masked on both sides) this edit set it.
    function changedNow(before, sheet, name, edited) {
      if (!before) return false;
      var a = before.values[name], b = sheet.values[name];
      if (!equivalent(a, b)) return true;
      return name === edited && (isMarker(a) || isMarker(b));
    }

    function dialog(pending) {
      var buttons = [];
      if (pending.offersSave) buttons.push(button("save", "Save", ""));
      buttons.push(button("discard", "Discard Changes", " destructive"), button("keep", "Keep Editing", ""));
      var node = element("div", "dialog", [
        element("p", "dialog-title", ["Discard changes?"]),
        element("p", "dialog-text", ["Asked after a " + (SOURCES[pending.source] || pending.source) + "."]),
        element("div", "dialog-buttons", buttons)]);
      node.setAttribute("role", "alertdialog");
      node.setAttribute("aria-label", "Discard changes?");
      node.setAttribute("data-source", pending.source);
      return node;
    }

    function button(action, title, extra) {
      var node = span("dialog-button" + extra, title);
      node.setAttribute("data-action", action);
      return node;
    }

    function card(sheet, level, isTop, before, info, step) {
      var classes = ["sheet-card", "level-" + Math.min(level, 5)];
      if (isTop) classes.push("top");
      if (!before) classes.push("appeared");
      if (sheet.dirty) classes.push("dirty");
      if (sheet.pendingConfirmation) classes.push("confirming");
      var headChildren = [];
      if (sheet.locked) headChildren.push(lock());
      headChildren.push(span("sheet-route", visible(sheet.route.name)), span("sheet-id", visible(sheet.presentation)));
      if (sheet.dirty) headChildren.push(span("badge unsaved", "unsaved changes"));
      if (sheet.route.group !== sheet.route.name) headChildren.push(span("badge group", "group " + visible(sheet.route.group)));
      Object.keys(sheet.route.params).sort().forEach(function (key) { headChildren.push(span("badge param", visible(key) + "=" + visible(sheet.route.params[key]))); });
      if (info.restoredFrom !== null) headChildren.push(span("badge restored", "restored from " + visible(info.restoredFrom)));
      var save = span("fake-button save" + (sheet.canSave ? "" : " disabled"), "Save");
      var children = [element("header", "sheet-head", headChildren), fields(sheet, before, info, step),
        element("footer", "sheet-actions", [span("fake-button", "Cancel"), save])];
      if (sheet.pendingConfirmation) children.push(dialog(sheet.pendingConfirmation));
      var node = element("article", classes.join(" "), children);
      node.setAttribute("data-presentation", sheet.presentation);
      node.setAttribute("aria-label", "sheet " + visible(sheet.presentation));
      return node;
    }

    // The change list: each field of a sheet open before and after whose value this event changed.
    function changes(step, previous) {
      var edited = step.type === "edit" ? step.event.presentation + "\u0000" + step.event.field : null;
      var items = [];
      step.state.stack.slice().sort(function (a, b) { return a.presentation < b.presentation ? -1 : a.presentation > b.presentation ? 1 : 0; }).forEach(function (sheet) {
        var before = find(previous.state.stack, sheet.presentation);
        if (!before) return;
        var names = {};
        Object.keys(before.values).concat(Object.keys(sheet.values)).forEach(function (name) { names[name] = true; });
        Object.keys(names).sort().forEach(function (name) {
          var a = before.values[name], b = sheet.values[name];
          var masked = (isMarker(a) || isMarker(b)) && edited === sheet.presentation + "\u0000" + name;
          if (equivalent(a, b) && !masked) return;
          items.push(element("li", null, [span("change-field", visible(sheet.presentation) + "." + visible(name)), " ", quoted(a), " \u2192 ", quoted(b)]));
        });
      });
      if (!items.length) return null;
      return element("section", "changes", [element("h2", null, ["Changed by this event"]), element("ul", null, items)]);
    }

    function find(stack, presentation) {
      for (var i = 0; i < stack.length; i++) if (stack[i].presentation === presentation) return stack[i];
      return null;
    }

    function render(step, previous, sheets) {
      var stack = step.state.stack;
      var screen;
      if (!stack.length) {
        screen = element("p", "empty-stack", [step.state.ended ? "No sheet on screen: the session ended." : "No sheet on screen."]);
      } else {
        screen = element("div", "stack", stack.map(function (sheet, index) {
          var before = previous ? find(previous.state.stack, sheet.presentation) : null;
          return card(sheet, index, index === stack.length - 1, before, sheetInfo(sheets, sheet.presentation, step.version), step);
        }));
        screen.setAttribute("data-depth", String(stack.length));
      }
      var screenBox = element("div", "screen", [screen]);
      screenBox.setAttribute("aria-label", "What the user saw after version " + step.version);
      var children = [head(step), screenBox];
      var changed = previous ? changes(step, previous) : null;
      if (changed) children.push(changed);
      var section = element("section", "state", children);
      section.id = "state";
      section.setAttribute("data-version", String(step.version));
      section.setAttribute("data-depth", String(stack.length));
      return section;
    }

    return { render: render };
  })();

  function Timeline(root) {
    var rows = JSON.parse(document.getElementById("timeline-events").textContent);
    var sheets = JSON.parse(document.getElementById("timeline-sheets").textContent);
    var count = rows.length;
    // A session a prune carried begins after the carried version: rows[0] is version `first`, and
    // the carried state (timeline-base) is the step before it.
    var first = Number(root.getAttribute("data-first-version") || "1");
    var last = first + count - 1;
    var baseElement = document.getElementById("timeline-base");
    var base = baseElement ? JSON.parse(baseElement.textContent) : null;
    var stateURL = root.getAttribute("data-state-url");         // the state endpoint, ends in "at=": add the version
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
    var steps = new Map();   // version -> the state endpoint's answer (a promise), the latest STEPS_KEPT
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
      link.style.top = ((row[0] - first) * ROW_HEIGHT) + "px";
      return link;
    }

    function drawWindow() {
      var top = first + Math.max(0, Math.floor(list.scrollTop / ROW_HEIGHT) - OVERSCAN);
      var bottom = Math.min(last, first - 1 + Math.ceil((list.scrollTop + list.clientHeight) / ROW_HEIGHT) + OVERSCAN);
      drawn.forEach(function (element, version) {
        if (version < top || version > bottom) { element.remove(); drawn.delete(version); }
      });
      for (var version = top; version <= bottom; version++) {
        var element = drawn.get(version);
        if (!element) {
          element = makeRow(rows[version - first]);
          spacer.appendChild(element);
          drawn.set(version, element);
        }
        var selected = version === current;
        element.classList.toggle("selected", selected);
        if (selected) element.setAttribute("aria-current", "step"); else element.removeAttribute("aria-current");
      }
    }

    function scrollToVersion(version, center) {
      var top = (version - first) * ROW_HEIGHT;
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

    // The state endpoint's step at `version`: one state, never the steps before it.
    function fetchStep(version) {
      var kept = steps.get(version);
      if (kept) { steps.delete(version); steps.set(version, kept); return kept; }
      var answer = fetch(stateURL + version, { headers: { "Accept": "application/json" } }).then(function (response) {
        if (!response.ok) { var failure = new Error("state " + version); failure.status = response.status; throw failure; }
        return response.json();
      });
      answer.catch(function () { if (steps.get(version) === answer) steps.delete(version); });
      steps.set(version, answer);
      if (steps.size > STEPS_KEPT) steps.delete(steps.keys().next().value);
      return answer;
    }

    function loadPanel(version) {
      var mine = ++generation;
      root.setAttribute("data-loading", "true");
      var before = version > first ? fetchStep(version - 1) : (first > 1 ? base : null);
      return Promise.all([fetchStep(version), before])
        .then(function (both) {
          if (mine !== generation) return;
          panel.replaceChildren(StateView.render(both[0], both[1], sheets));
          root.removeAttribute("data-loading");
        })
        .catch(function (failure) {
          if (mine !== generation) return;
          showPanelError(version, failure && failure.status ? failure.status : 0);
          root.removeAttribute("data-loading");
        });
    }

    // Moves to `version`: list, slider, URL, then the state panel (fetched now, or after the
    // slider has rested for a moment while it is being dragged).
    function select(version, fromSlider) {
      version = Math.max(first, Math.min(last, version));
      current = version;
      root.setAttribute("data-version", String(version));
      slider.value = String(version);
      position.textContent = "v" + version + " of " + last;
      history.replaceState(null, "", versionQuery + version);
      // The fleet's Reveal button reveals the version in view.
      var revealForm = document.getElementById("reveal-form");
      if (revealForm) revealForm.setAttribute("action", revealForm.getAttribute("data-action") + "&v=" + version);
      // The state endpoint's JSON of the version in view (the panel is drawn from it).
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
      var from = rows[version - first][1], to = rows[version - first + 1][1];
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
      if (current >= last) { stop(); return; }
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
      if (current >= last) select(first, false).then(scheduleNext); else scheduleNext();
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
    document.getElementById("first").addEventListener("click", function () { stop(); select(first, false); });
    document.getElementById("previous").addEventListener("click", function () { stop(); select(current - 1, false); });
    document.getElementById("next").addEventListener("click", function () { stop(); select(current + 1, false); });
    document.getElementById("last").addEventListener("click", function () { stop(); select(last, false); });
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
        case "Home": version = first; break;
        case "End": version = last; break;
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
