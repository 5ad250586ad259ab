/* Dicehall's pages: odds that follow typing, live updates that leave the reader undisturbed, the keyboard
 * focus where the player looks after a roll or a move, and a few small conveniences. Everything works
 * without it except the live odds and the live table (the Roll button and the moves still do). */
(function () {
  "use strict";

  var faces = window.faces || window.jsf;

  function byId(id) {
    return id ? document.getElementById(id) : null;
  }

  // ---- Faces' Ajax behaviours, without inline handlers -------------------------------------------------

  // The server writes each <f:ajax> as data (data-dh-on-click, data-dh-on-change …: the behaviour's event, what
  // to execute and what to render), not as an inline handler the content security policy would refuse. One
  // listener per kind of event plays it with Faces' own call, registered first so that it runs before the
  // page's other listeners of the same phase, as the inline handler did.
  ["click", "change", "input", "keyup", "keydown", "dblclick", "blur", "focus"].forEach(function (type) {
    var attribute = "data-dh-on-" + type;
    document.addEventListener(type, function (event) {
      var source = event.target && event.target.closest ? event.target.closest("[" + attribute + "]") : null;
      if (!source || !window.mojarra) {
        return;
      }
      var behaviour = JSON.parse(source.getAttribute(attribute));
      window.mojarra.ab(behaviour.s || source, event, behaviour.e, behaviour.x, behaviour.r);
      if (behaviour.p) {
        event.preventDefault();
      }
    }, type === "blur" || type === "focus");
  });

  // ---- Small conveniences ----------------------------------------------------------------------------

  // Exact fractions beside the percentages, on demand, remembered by this browser.
  function showFractions(on) {
    document.documentElement.classList.toggle("fractions", on);
    document.querySelectorAll(".fraction-toggle").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function store(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {
      // private browsing: the choice lasts for this page only
    }
  }

  // A long help text shows its first sentence; the rest opens on demand.
  function foldHelp(root) {
    (root || document).querySelectorAll(".help-rest:not([data-folded])").forEach(function (rest) {
      rest.setAttribute("data-folded", "true");
      rest.hidden = true;
      var more = document.createElement("button");
      more.type = "button";
      more.className = "help-more";
      more.textContent = "more";
      more.setAttribute("aria-expanded", "false");
      more.addEventListener("click", function () {
        rest.hidden = !rest.hidden;
        more.textContent = rest.hidden ? "more" : "less";
        more.setAttribute("aria-expanded", rest.hidden ? "false" : "true");
      });
      rest.parentNode.insertBefore(more, rest.nextSibling);
    });
  }

  // Times are sent in UTC; each reader sees them in their own time (one formatter: making one is the slow part).
  var clock = null;

  function localTimes(root) {
    (root || document).querySelectorAll("time.clock[datetime]").forEach(function (t) {
      var when = new Date(t.getAttribute("datetime"));
      if (!isNaN(when.getTime())) {
        if (!clock) {
          clock = new Intl.DateTimeFormat([], {hour: "2-digit", minute: "2-digit"});
        }
        var shown = clock.format(when);
        if (t.textContent !== shown) {
          t.textContent = shown;
        }
      }
    });
  }

  // A number with named values (a ladder) names the value as it is typed: "Good (+3)".
  function nameValue(input) {
    var names = input.getAttribute("data-names");
    var out = input.parentNode.querySelector("output.value-name");
    if (!names || !out) {
      return;
    }
    var found = "";
    names.split(";").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (pair.substring(0, at) === String(parseInt(input.value, 10))) {
        found = pair.substring(at + 1);
      }
    });
    out.textContent = found;
  }

  function prepare(root) {
    foldHelp(root);
    localTimes(root);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var toggle = target.closest && target.closest(".fraction-toggle");
    if (toggle) {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      showFractions(on);
      store("dh-fractions", on ? "1" : "0");
      return;
    }
    // A "Copy" button copies the text field it names (an invite link) and says so, to the eye and the ear.
    var button = target.closest ? target.closest("button[data-copy]") : null;
    var field = button && byId(button.getAttribute("data-copy"));
    if (!field) {
      return;
    }
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value);
    } else {
      document.execCommand("copy");
    }
    var said = button.getAttribute("data-copied-text") || "Copied";
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.setAttribute("data-copied", "true");
    button.textContent = said;
    var status = button.parentNode.querySelector(".copy-status");
    if (status) {
      status.textContent = said;
    }
    window.setTimeout(function () {
      button.textContent = label;
      if (status) {
        status.textContent = "";
      }
    }, 2500);
  });

  // Exports stream from the server: the page shows how far one has come, then saves it as a file.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.export-link") : null;
    if (!link || !window.fetch || !window.ReadableStream) {
      return;
    }
    event.preventDefault();
    var status = link.parentNode.querySelector(".export-status");
    var said = function (text) {
      if (status) {
        status.textContent = text;
      }
    };
    said("Preparing…");
    fetch(link.href, {credentials: "same-origin"}).then(function (answer) {
      if (!answer.ok) {
        said("The export failed (" + answer.status + ").");
        return null;
      }
      var rolls = answer.headers.get("X-Dicehall-Rolls");
      var reader = answer.body.getReader();
      var parts = [];
      var bytes = 0;
      var pump = function () {
        return reader.read().then(function (chunk) {
          if (chunk.done) {
            return;
          }
          parts.push(chunk.value);
          bytes += chunk.value.length;
          said((rolls ? rolls + " rolls: " : "") + Math.round(bytes / 1024) + " KB received…");
          return pump();
        });
      };
      return pump().then(function () {
        var name = (answer.headers.get("Content-Disposition") || "").replace(/.*filename="([^"]+)".*/, "$1") || "dicehall-log";
        var url = URL.createObjectURL(new Blob(parts, {type: answer.headers.get("Content-Type") || "text/plain"}));
        var save = document.createElement("a");
        save.href = url;
        save.download = name;
        document.body.appendChild(save);
        save.click();
        save.parentNode.removeChild(save);
        window.setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
        said("Saved " + name + (rolls ? " (" + rolls + " rolls)" : "") + ".");
      });
    }).catch(function () {
      said("The export failed.");
    });
  });

  showFractions(stored("dh-fractions") === "1");
  prepare(document);

  if (!faces || !faces.ajax) {
    return;
  }

  // ---- Odds that follow typing ---------------------------------------------------------------------------

  // A form's odds are the panels marked dh-odds-target inside it; an edit asks for them anew (after a pause
  // in typing of about 150 ms), processing the form's values without submitting anything.
  var pending = null;

  function askOdds(input, event) {
    var form = input.form;
    if (!form) {
      return;
    }
    if (playsAlone(form)) {
      playOdds(form, form.id === "roll" ? "odds" : "move-odds");
      return;
    }
    var targets = Array.prototype.map.call(form.querySelectorAll(".dh-odds-target"), function (t) {
      return t.id;
    });
    if (targets.length === 0) {
      return;
    }
    asked.push({form: form, values: valuesOf(form)});
    faces.ajax.request(input, event, {execute: form.id, render: targets.join(" "), "dh-odds": "true"});
  }

  // Odds answer the values they were asked for. One that comes back after the field changed again is never
  // drawn: the panels it would replace are put back as they were, and the newer question's answer follows.
  var asked = [];
  var stale = null;

  function valuesOf(form) {
    var pairs = [];
    Array.prototype.forEach.call(form.elements, function (e) {
      if (!e.name || e.name.indexOf("jakarta.faces") === 0 || e.type === "submit" || e.type === "button"
          || ((e.type === "checkbox" || e.type === "radio") && !e.checked)) {
        return;
      }
      pairs.push(e.name + "=" + e.value);
    });
    return pairs.join("&");
  }

  faces.ajax.addOnEvent(function (data) {
    var form = data.source && data.source.form;
    if (data.status === "complete") {
      stale = null;
    }
    if (data.status === "complete" && form && asked.length && asked[0].form === form) {
      var question = asked.shift();
      stale = valuesOf(form) === question.values ? null
        : Array.prototype.map.call(form.querySelectorAll(".dh-odds-target"), function (t) {
          return t.cloneNode(true);
        });
    } else if (data.status === "success" && stale) {
      stale.forEach(function (kept) {
        var drawn = byId(kept.id);
        if (drawn) {
          drawn.parentNode.replaceChild(kept, drawn);
        }
      });
      stale = null;
    }
  });

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.getAttribute && input.getAttribute("data-names")) {
      nameValue(input);
    }
    if (!input.form || input.type === "radio" || input.type === "checkbox" || input.tagName === "SELECT"
        || input.classList.contains("dh-self")) {
      return;
    }
    window.clearTimeout(pending);
    pending = window.setTimeout(function () {
      askOdds(input, null);
    }, 150);
  });

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.form && !input.classList.contains("dh-self")
        && (input.type === "radio" || input.type === "checkbox" || input.tagName === "SELECT")) {
      window.clearTimeout(pending);
      askOdds(input, null);
    }
  });

  // After new odds, a field's message goes as soon as its value is good: the odds list every rule still broken.
  function clearMended(form) {
    if (!form) {
      return;
    }
    var broken = {};
    form.querySelectorAll(".odds-problems li[data-field]").forEach(function (li) {
      broken[li.getAttribute("data-field")] = true;
    });
    var unavailable = form.querySelector(".odds-unavailable");
    form.querySelectorAll(".field.invalid").forEach(function (field) {
      var input = field.querySelector("input, select, textarea");
      var names = [field.id, input && input.id, input && input.name];
      var still = unavailable && names.some(function (n) {
        return n && broken[n];
      });
      if (!still) {
        field.classList.remove("invalid");
        field.querySelectorAll("[aria-invalid]").forEach(function (i) {
          i.removeAttribute("aria-invalid");
        });
        var message = field.querySelector(":scope > .message, :scope > p.message");
        if (message) {
          message.parentNode.removeChild(message);
        }
      }
    });
  }

  // ---- Updates that leave the reader undisturbed ---------------------------------------------------------

  function isLive(source) {
    return !!(source && (source.id === "live" || (source.id && source.id.indexOf("live:") === 0)
      || (source.closest && source.closest("#live"))));
  }

  function keyOf(details) {
    if (details.id) {
      return "#" + details.id;
    }
    var holder = details.closest("[data-roll]");
    return (holder ? holder.getAttribute("data-roll") : "") + "|" + details.className;
  }

  var snapshot = null;

  // What a redraw must give back: the open details, the focus and, when `live`, the values typed in the feed and the
  // card (only in `within`, the elements about to be redrawn, when given).
  function take(live, within) {
    var active = document.activeElement;
    var values = {};
    var open = [];
    var selector = within ? "input, select" : "#feed input, #feed select, #yours input, #yours select";
    // Only what is in `within` (when given) can be redrawn: looking through the whole page for open details costs a
    // page with a long feed about a millisecond.
    (within || [document]).forEach(function (root) {
      if (live) {
        root.querySelectorAll(selector).forEach(function (i) {
          if (i.id && i.type !== "hidden" && i.type !== "submit") {
            values[i.id] = i.type === "checkbox" || i.type === "radio" ? i.checked : i.value;
          }
        });
      }
      Array.prototype.push.apply(open, Array.prototype.map.call(root.querySelectorAll("details[open]"), keyOf));
    });
    return {
      live: live,
      within: within,
      open: open,
      focus: active && active.id ? active.id : null,
      selection: active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null,
      values: values
    };
  }

  function restore(shot) {
    var open = {};
    shot.open.forEach(function (k) {
      open[k] = true;
    });
    if (shot.open.length) { // else no page-wide look: a card's answer comes in three parts, each restored
      (shot.within || [document]).forEach(function (root) {
        root.querySelectorAll("details").forEach(function (d) {
          if (open[keyOf(d)] && !d.open) {
            d.open = true;
          }
        });
      });
    }
    if (shot.live) {
      Object.keys(shot.values).forEach(function (id) {
        var input = byId(id);
        if (input && input.getAttribute("data-restored") !== "1") {
          if (input.type === "checkbox" || input.type === "radio") {
            input.checked = shot.values[id];
          } else if (input.value !== shot.values[id]) {
            input.value = shot.values[id];
          }
        }
      });
    }
    // A control that was replaced under the reader's hands gets the focus back; nothing else takes it.
    var had = byId(shot.focus);
    if (shot.focus && had && document.activeElement !== had && (document.activeElement === document.body || !document.activeElement)) {
      had.focus({preventScroll: true});
      if (shot.selection && typeof had.setSelectionRange === "function") {
        try {
          had.setSelectionRange(shot.selection[0], shot.selection[1]);
        } catch (e) {
          // not a text input
        }
      }
    }
  }

  function focus(element) {
    if (element) {
      element.focus({preventScroll: true});
      if (element.scrollIntoView && !inView(element)) {
        element.scrollIntoView({block: "center"});
      }
    }
    return !!element;
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= (window.innerHeight || document.documentElement.clientHeight);
  }

  function firstInput(container) {
    return container && container.querySelector("input:not([type=hidden]):not([disabled]), select, textarea");
  }

  // After a roll on the rolling page, the address names it, so a reload (or back and forward) shows it again.
  function remember() {
    var roll = document.querySelector("#roll input[name='dh-roll']");
    if (roll && roll.value && window.history && window.URL && !document.querySelector("#roll input[name='dh-table']")) {
      var address = new URL(window.location.href);
      address.searchParams.set("roll", roll.value);
      address.searchParams.delete("expired");
      window.history.replaceState(null, "", address.toString());
    }
  }

  // A live table page catches up on what it may have missed each time its socket opens. Faces calls a socket's
  // onopen only the first time, not when it reconnects by itself after a break (a restart, a lost network), so
  // every opening of a Faces push socket is watched here. The socket's own onopen (dhLiveOpened) only stands in
  // for a socket opened before this script ran.
  var watched = 0;
  window.dhCatchUps = 0;

  function liveOpened() {
    if (typeof window.dhCatchUp === "function") {
      window.dhCatchUp();
      window.dhCatchUps++;
    }
  }

  window.dhLiveOpened = function () {
    if (!watched) {
      liveOpened();
    }
  };
  if (window.dhOpenedEarly) {
    window.setTimeout(liveOpened, 0); // the socket opened before this script ran
  }

  (function watchPushSockets() {
    var Native = window.WebSocket;
    if (!Native || Native.dhWatched) {
      return;
    }
    var Watched = function (url, protocols) {
      var socket = arguments.length > 1 ? new Native(url, protocols) : new Native(url);
      if (String(url).indexOf("/jakarta.faces.push/") >= 0) {
        watched++;
        socket.addEventListener("open", liveOpened);
      }
      return socket;
    };
    Watched.prototype = Native.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (state) {
      Watched[state] = Native[state];
    });
    Watched.dhWatched = true;
    window.WebSocket = Watched;
  })();

  // ---- The feed, one row at a time ---------------------------------------------------------------------

  // Faces gives the view state only to the forms inside the parts a request named; a row the server chose to
  // draw (a new roll, a move, a page of older rolls) brings forms without it. Each gets the page's own.
  var VIEW_STATE = "jakarta.faces.ViewState";

  function giveViewState(answer) {
    var value = null;
    if (answer) {
      Array.prototype.forEach.call(answer.querySelectorAll("update"), function (u) {
        if ((u.getAttribute("id") || "").indexOf(VIEW_STATE) >= 0) {
          value = u.textContent;
        }
      });
    }
    if (value === null) {
      var known = document.querySelector("form input[name='" + VIEW_STATE + "']");
      value = known ? known.value : null;
    }
    if (value === null) {
      return;
    }
    document.querySelectorAll("form").forEach(function (form) {
      var own = form.querySelector("input[name='" + VIEW_STATE + "']");
      if (!own && form.method && form.method.toLowerCase() === "post" && !form.classList.contains("dh-play")) {
        own = document.createElement("input");
        own.type = "hidden";
        own.name = VIEW_STATE;
        form.appendChild(own);
      }
      if (own) {
        own.value = value;
      }
    });
  }

  // The feed's rows keep their ids while the page lives (see TableFeed). A new roll goes into the placeholder
  // row at the top of #fresh-list: before asking for it, the page claims that placeholder (names it in the
  // request) and puts the next one above it, so rows asked for one after the other land in the order asked.
  var claims = {};

  function freshList() {
    return byId("fresh-list");
  }

  function claimRow() {
    var list = freshList();
    var pending = list && list.querySelector(":scope > li.pending");
    if (!pending) {
      return null;
    }
    var id = pending.id;
    var at = id.split(":");
    var next = document.createElement("li");
    next.id = at[0] + ":" + (parseInt(at[1], 10) + 1) + ":" + at[2];
    next.className = "log-entry pending";
    next.hidden = true;
    pending.className = "log-entry claimed";
    list.insertBefore(next, pending);
    claims[id] = true;
    return id;
  }

  // Pushes of new rolls that wait for this page's own answers (dhLiveMessage), heard once those are in; and the
  // rows this page's latest roll answer drew (by number), whose pushes may come after the answer is in.
  var waiting = [];
  var waitingTimer = null;
  var answered = {};
  var myPlays = []; // the latest plays this page posted, by the name each was sent with (newPlay)

  function heard() {
    window.clearTimeout(waitingTimer);
    var now = waiting;
    waiting = [];
    Object.keys(claims).forEach(function (id) {
      delete claims[id]; // given up on: a push no longer waits for them
    });
    now.forEach(window.dhLiveMessage);
  }

  function waitForAnswers(message) {
    waiting.push(message);
    window.clearTimeout(waitingTimer);
    waitingTimer = window.setTimeout(heard, 3000);
  }

  // A push: "roll N" (a new roll) or "move N" (a roll changed), or several joined by ";" (one request's), perhaps
  // followed, after a line break, by their rows as every member but the roller and the GM sees them (pushedRow).
  // Other messages are the socket's Faces events.
  window.dhLiveMessage = function (message) {
    message = String(message);
    var rowsFrom = message.indexOf("\n");
    var said = (rowsFrom >= 0 ? message.slice(0, rowsFrom) : message).split(";");
    var first = said[0].split(" ");
    if ((first[0] !== "roll" && first[0] !== "move") || !window.dhArrive) {
      return;
    }
    if ((said.length > 1 || (first[0] === "roll" && first[1] !== "0")) && (Object.keys(claims).length || playing > 0)) {
      // This page's own roll may be on its way in an answer: the push waits for it rather than ask the server
      // for the same row twice (or at most a few seconds, should the answer be lost).
      waitForAnswers(message);
      return;
    }
    var given = null; // the rows the push brought, by number: read when a row is first looked for (pushed)
    var pushed = function (seq) {
      if (!given) {
        given = {};
        if (rowsFrom >= 0) {
          parsed(message.slice(rowsFrom + 1)).querySelectorAll("li.log-entry[data-seq][data-by]").forEach(function (li) {
            given[li.getAttribute("data-seq")] = li;
          });
        }
      }
      return given[seq];
    };
    // When a roll named is this page's own, its answer drew every row the roll changed after the roll was stored:
    // none is asked again.
    var own = said.length > 1 && said.some(function (one) {
      var words = one.split(" ");
      return words[0] === "roll" && answered[words[1]];
    });
    said.forEach(function (one) {
      var words = one.split(" ");
      if (!own || words[0] !== "move" || !answered[words[1]]) {
        heardOne(words, pushed);
      }
    });
  };

  function heardOne(said, pushed) {
    if (said[1] === "0") {
      liveOpened();
      return;
    }
    var shown = document.querySelector("#feed li.log-entry[data-seq='" + said[1] + "']");
    if (said[0] === "roll" && shown) {
      return; // this page's own roll, already drawn by its answer
    }
    if (said[0] === "move" && !shown) {
      return; // a roll older than the rows shown
    }
    fetchRow(said[1], shown, pushed(said[1]));
  }

  // A row a push named is fetched on its own (/tables/{id}/rows/{n}, a small page that keeps no state), which
  // costs the server a fraction of asking the table page; a row the small page cannot give comes from the page.
  // The rows pushes name together (a roll, and the earlier roll it ended) are asked for in one request:
  // /rows/{n}?also={m}, each with the steps its row showed (since=S, also={m}:S), whose dice changed since are new.
  var rowsAsked = [];

  function fetchRow(seq, shown, pushed) {
    if (pushed && myPlays.indexOf(pushed.getAttribute("data-play")) >= 0) {
      return; // a row this page's own play pushed to the others: its answer draws it here
    }
    var given = pushed && pushedRow(pushed, shown);
    if (given) {
      rowsGiven.push({seq: seq, shown: shown, row: shown || placeRow(seq), li: given});
      if (rowsGiven.length === 1) {
        window.Promise.resolve().then(drawGiven); // once the rest of the message is read, in one go
      }
      return;
    }
    var base = window.fetch && window.location.pathname.match(/^(.*\/tables\/[^\/]+)\/?$/);
    if (!base) {
      askPage(seq, shown);
      return;
    }
    if (rowsAsked.some(function (asked) { return asked.seq === seq; })) {
      return;
    }
    rowsAsked.push({seq: seq, shown: shown, row: shown || placeRow(seq)});
    if (rowsAsked.length === 1) {
      window.setTimeout(function () {
        fetchRows(base[1]);
      }, 0); // after the pushes already here, which name the other rows
    }
  }

  // A row a push brought, drawn by the roller's own request as every member but the roller and the GM sees it (a
  // public roll): this page takes it instead of asking for it unless it is the roller's page (which may play it), or
  // its row shows the roll at other steps than those the push's row was drawn after. The GM's page takes it with
  // the GM's own button; every other page drops that button.
  var rowsGiven = [];

  function pushedRow(li, shown) {
    var seat = document.getElementById("my-seat");
    var drawn = li.querySelector(".entry[data-steps]");
    if (!drawn || !seat || seat.getAttribute("data-me") === li.getAttribute("data-by")) {
      return null;
    }
    // The dice marked new: those changed after the steps a row showed (none when it showed none, or all of them).
    var steps = parseInt(drawn.getAttribute("data-steps"), 10) || 0;
    var marked = function (since) {
      return since > 0 && since < steps ? since : 0;
    };
    var had = shown && shown.querySelector(".entry[data-steps]");
    if ((shown && !had) || marked(parseInt(li.getAttribute("data-since"), 10) || 0)
        !== marked(had ? parseInt(had.getAttribute("data-steps"), 10) || 0 : 0)) {
      return null;
    }
    if (seat.getAttribute("data-gm") !== "true") {
      li.querySelectorAll("[data-dh-gm]").forEach(function (gmOnly) {
        gmOnly.parentNode.removeChild(gmOnly);
      });
    }
    return li;
  }

  function drawGiven() {
    var given = rowsGiven;
    rowsGiven = [];
    drawRows(given.filter(function (r) {
      return r.row.isConnected;
    }));
  }

  // Puts rows in the feed, each {row, shown, li}: the row (shown, or made for a new roll) takes what li drew.
  function drawRows(rows) {
    var shot = take(true, rows.filter(function (r) {
      return r.shown;
    }).map(function (r) {
      return r.row;
    }));
    var where = whereFeedIs(); // before the rows change the page, so that nothing lays it out now
    var later = [];
    rows.forEach(function (r) {
      if (!r.shown) {
        later = later.concat(detailsLater(r.li));
        r.row.hidden = false; // new: arrived() holds it back if it would land above what the reader looks at
      }
      fill(r.row, r.li);
    });
    arrived(where);
    rows.forEach(function (r) {
      prepare(r.row);
    });
    restore(shot);
    if (later.length) {
      afterPaint(function () {
        detailsNow(later);
      });
    }
  }

  // A new row shows its outcome and dice first, and gets its details (closed, so nothing of them shows) once it has
  // been painted: the browser styles a <details> element it is given at a fixed cost, about as much as all the rest
  // of a row, and that wait would come before the row could show. Returns where each row's details go back.
  function detailsLater(li) {
    return Array.prototype.map.call(li.querySelectorAll("details.entry-details:not([open])"), function (details) {
      var mark = document.createComment("details");
      details.parentNode.replaceChild(mark, details);
      return {mark: mark, details: details};
    });
  }

  // Puts back the details detailsLater took out, in rows not drawn again meanwhile.
  function detailsNow(later) {
    later.forEach(function (l) {
      if (l.mark.isConnected) {
        l.mark.parentNode.replaceChild(l.details, l.mark);
        prepare(l.details);
      }
    });
  }

  // Runs once the page has been painted: a frame's callbacks run before its paint, and a task queued there after it.
  function afterPaint(then) {
    if (window.requestAnimationFrame && !document.hidden) {
      window.requestAnimationFrame(function () {
        window.setTimeout(then, 0);
      });
    } else {
      window.setTimeout(then, 0);
    }
  }

  // The most rows one such request names: its own and TablePlay.MORE_ROWS more (a burst of rolls made elsewhere, by
  // the API, may name many; those past it are asked for in further requests, never of the whole page).
  var ROWS_AT_ONCE = 11;

  function fetchRows(base) {
    var asked = rowsAsked.slice(0, ROWS_AT_ONCE);
    rowsAsked = rowsAsked.slice(ROWS_AT_ONCE);
    if (rowsAsked.length) {
      window.setTimeout(function () {
        fetchRows(base);
      }, 0);
    }
    var query = asked.map(function (r, k) {
      var entry = r.shown && r.shown.querySelector(".entry[data-steps]");
      var since = entry ? entry.getAttribute("data-steps") : null;
      return k === 0 ? (since ? "since=" + encodeURIComponent(since) : null)
        : "also=" + encodeURIComponent(r.seq + (since ? ":" + since : ""));
    }).filter(Boolean).join("&");
    window.fetch(base + "/rows/" + asked[0].seq + (query ? "?" + query : ""),
      {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (answer) {
        if (!answer.ok) {
          throw new Error(String(answer.status));
        }
        return answer.text();
      })
      .then(function (html) {
        var got = parsed(html.trim());
        var drawn = asked.filter(function (r) {
          r.li = got.querySelector("li.log-entry[data-seq='" + r.seq + "']");
          return r.li && r.row.isConnected;
        });
        drawRows(drawn);
        asked.filter(function (r) {
          return drawn.indexOf(r) < 0;
        }).forEach(rowFromPage);
      })
      .catch(function () {
        asked.forEach(rowFromPage);
      });
  }

  // A row the small page did not give: the table page draws it, unless this page's own answer drew it meanwhile.
  function rowFromPage(r) {
    if (!r.shown && r.row.parentNode) {
      r.row.parentNode.removeChild(r.row);
    }
    if (!r.shown && document.querySelector("#feed li.log-entry[data-seq='" + r.seq + "'] .entry")) {
      return;
    }
    askPage(r.seq, r.shown);
  }

  // Puts an answer's parsed nodes in place of an element's content, moving them rather than writing their HTML out
  // and parsing it again.
  function swap(target, from) {
    if (target.replaceChildren) {
      target.replaceChildren.apply(target, Array.prototype.slice.call((from.content || from).childNodes));
    } else {
      target.innerHTML = from.innerHTML;
    }
  }

  // A row of the feed takes what an answer drew for it: its content, its number and whether it is this browser's.
  function fill(row, got) {
    swap(row, got);
    row.setAttribute("data-seq", got.getAttribute("data-seq"));
    row.setAttribute("data-mine", got.getAttribute("data-mine"));
    row.classList.remove("pending", "claimed", "gap");
  }

  // A row made by the script for a roll a push named, placed among the new rows by its number (newest first).
  function placeRow(seq) {
    var list = freshList();
    var row = document.createElement("li");
    row.className = "log-entry";
    row.id = "row-" + seq;
    row.hidden = true;
    row.setAttribute("data-dh-for", seq); // its number, before its answer gives it data-seq
    var below = null;
    list.querySelectorAll(":scope > li.log-entry").forEach(function (other) {
      var number = parseInt(other.getAttribute("data-seq") || other.getAttribute("data-dh-for"), 10) || 0;
      if (!below && number > 0 && number < parseInt(seq, 10)) {
        below = other;
      }
    });
    list.insertBefore(row, below);
    return row;
  }

  // The table page draws the row: a new roll fills a placeholder the page claims, a shown one is drawn again.
  function askPage(seq, shown) {
    var params = {"dh-seq": seq};
    if (!shown) {
      var claim = claimRow();
      if (!claim) {
        return;
      }
      params["dh-claim"] = claim;
    }
    window.dhArrive(params);
  }

  // A row's End and Reveal buttons go through the table page (its keys, its rows), whoever drew the row.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-dh-end], [data-dh-reveal]") : null;
    if (!button || button.disabled) {
      return;
    }
    var ending = button.hasAttribute("data-dh-end");
    var send = ending ? window.dhEnd : window.dhReveal;
    if (send) {
      button.disabled = true;
      send({"dh-seq": button.getAttribute(ending ? "data-dh-end" : "data-dh-reveal")});
    }
  });

  // The quick dice box's odds link opens the dice system's rolling page with what is typed.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.quick-odds") : null;
    var field = link && byId(link.getAttribute("data-dh-field"));
    if (field && field.value.trim()) {
      link.href = link.href.split("?")[0] + "?expression=" + encodeURIComponent(field.value.trim());
    }
  });

  // ---- Plays without the table page's view ----------------------------------------------------------------

  // At a table, the form's Roll, the moves and their odds are posted to the table's play address
  // (/tables/{id}/play, a small page that keeps no state: TablePlay), which answers with the parts that changed:
  // the card beside the form, rows of the feed, odds panels. Building the table page's view again for each of them
  // cost several times more. The page's own request is made only for a roll the play address refused (the page
  // then draws the form with its messages) and for forms with a character chosen (whose differences it draws).
  var PLAY = window.fetch && window.URLSearchParams && window.location.pathname.match(/^(.*\/tables\/[^\/]+)\/?$/);
  var playing = 0;

  function playsAlone(form) {
    if (!PLAY) {
      return false;
    }
    if (form.classList.contains("dh-play")) {
      return true;
    }
    var character = form.querySelector("select[name='roll:character']");
    return form.id === "roll" && !!form.querySelector("input[name='dh-table']") && !(character && character.value);
  }

  // A new name for a play of this page: the rows the play pushes to the other pages carry it, so that they are known
  // here as this page's own (fetchRow); a roll's page names it again once it has painted its card (painted).
  function newPlay() {
    var play = Math.random().toString(36).slice(2, 12);
    myPlays.push(play);
    if (myPlays.length > 20) {
      myPlays.shift();
    }
    return play;
  }

  // This page's key at its table (a hidden field of the live form): the server pushes what this page's plays change to
  // the table's other pages, not to this one.
  function pageKey() {
    return document.querySelector("#live input[name='dh-page']");
  }

  function playParams(form, what, name) {
    var params = new URLSearchParams();
    Array.prototype.forEach.call(form.elements, function (e) {
      if (!e.name || e.name.indexOf("jakarta.faces") === 0 || e.type === "submit" || e.type === "button"
          || e.disabled || ((e.type === "checkbox" || e.type === "radio") && !e.checked)) {
        return;
      }
      params.append(e.name, e.value);
    });
    // What the roll form holds: the procedure and the goal best play aims at.
    var roll = byId("roll");
    ["dh-system", "dh-procedure"].forEach(function (name) {
      var field = roll && roll.querySelector("input[name='" + name + "']");
      if (field) {
        params.set(name, field.value);
      }
    });
    var goal = byId("roll:goal");
    if (goal) {
      params.set("dh-goal", goal.value);
    }
    params.set("dh-do", what);
    params.set("dh-js", "1");
    // Named by its key, this page is left out of the play's push: the play's answer draws what changed here.
    var page = pageKey();
    if (page) {
      params.set("dh-page", page.value);
      if (what === "roll") {
        params.set("dh-painted", "1"); // this page says when it has painted the card (painted)
      }
    }
    params.set("dh-play", name || newPlay());
    return params;
  }

  // Tells the server this page has painted the card of its roll (by the play's name): the roll's answer
  // waits for that, a little while at most, before it draws the rest (the rows, the card's moves), so that the
  // page has the machine to itself while it shows the card. A page far from the server costs that wait, no more.
  function painted(name) {
    var page = pageKey();
    if (!page) {
      return;
    }
    var said = new URLSearchParams();
    said.set("page", page.value);
    said.set("play", name);
    window.fetch(PLAY[1].replace(/\/tables\/[^\/]+$/, "") + "/painted", {method: "POST", credentials: "same-origin",
      body: said, keepalive: true}).catch(function () {
      // the answer goes on without it
    });
  }

  // Posts a play; resolves with the parts of its answer. A move no longer open answers 409 with its row as it stands.
  // With `each`, the parts are handed to it as they arrive instead, and the promise resolves once all have: a roll's
  // answer sends its card first, then its rows, then its moves, which take most of the answer's time to draw.
  function play(form, what, each, name) {
    return window.fetch(PLAY[1] + "/play", {method: "POST", credentials: "same-origin",
      headers: {"Accept": "text/html"}, body: playParams(form, what, name)})
      .then(function (answer) {
        if (!answer.ok && answer.status !== 409) {
          var failed = new Error(String(answer.status));
          failed.status = answer.status;
          throw failed;
        }
        return each ? readParts(answer, each) : answer.text().then(partsOf);
      });
  }

  // An answer's HTML parsed, inert, as a fragment to take nodes from.
  function parsed(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content;
  }

  function partsOf(html) {
    return parsed(html).querySelectorAll("template[data-dh-part]");
  }

  // Reads an answer as it arrives, handing on each run of parts once whole (a part ends with its </template>; parts
  // hold no template of their own, and text in them has its "<" escaped).
  function readParts(answer, each) {
    if (!answer.body || !answer.body.getReader || !window.TextDecoder) {
      return answer.text().then(function (html) {
        each(partsOf(html));
      });
    }
    var reader = answer.body.getReader();
    var decoder = new TextDecoder();
    var text = "";
    var END = "</template>";
    function next() {
      return reader.read().then(function (got) {
        text += got.done ? decoder.decode() : decoder.decode(got.value, {stream: true});
        var last = text.lastIndexOf(END);
        var cut = got.done ? text.length : last < 0 ? 0 : last + END.length;
        if (cut > 0) {
          var ready = partsOf(text.substring(0, cut));
          text = text.substring(cut);
          if (ready.length) {
            each(ready);
          }
        }
        return got.done ? undefined : next();
      });
    }
    return next();
  }

  // Puts each part of an answer in place: the card beside the form, a row of the feed (a new one among the new
  // rows, by its number), an odds panel by its id. Returns whether a row of the feed was among them.
  function placeParts(parts) {
    var placed = [];
    var rows = false;
    Array.prototype.forEach.call(parts, function (part) {
      var name = part.getAttribute("data-dh-part");
      if (name === "row") {
        var got = part.content.querySelector("li.log-entry[data-seq]");
        var seq = got && got.getAttribute("data-seq");
        if (!seq || !freshList()) {
          return;
        }
        var row = document.querySelector("#feed li.log-entry[data-seq='" + seq + "']")
          || document.querySelector("#feed li.log-entry[data-dh-for='" + seq + "']");
        var fresh = !row;
        if (fresh) {
          row = placeRow(seq);
          row.hidden = false;
        }
        fill(row, got);
        prepare(row);
        placed.push(row);
        rows = true;
        return;
      }
      var target = byId(name);
      if (target) {
        swap(target, part);
        target.removeAttribute("aria-busy"); // a card's place for its moves, now filled
        prepare(target);
        placed.push(target);
      }
    });
    placed.forEach(function (root) {
      root.querySelectorAll("input[data-names]").forEach(nameValue);
    });
    return rows;
  }

  // Odds answer the values they were asked for: one that comes back after the form changed again is dropped (the
  // newer question's answer follows).
  function playOdds(form, what) {
    var values = valuesOf(form);
    play(form, what).then(function (parts) {
      if (form.isConnected && valuesOf(form) === values) {
        var shot = take(false);
        placeParts(parts);
        restore(shot);
        clearMended(form);
      }
    }).catch(function () {
      // no odds this time; the next edit asks again
    });
  }

  // A play that fails without an answer to show (the server down, a timeout) leaves the page to catch up.
  function playFailed(failure) {
    if (typeof window.dhCatchUp === "function" && !(failure && failure.status === 422)) {
      window.dhCatchUp();
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("#roll [data-dh-after='roll']") : null;
    if (!button || button.disabled || !button.form || button.getAttribute("data-dh-view") === "true"
        || !playsAlone(button.form)) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    playing++;
    answered = {};
    var shot = null; // taken once the request has left: looking through the page first would hold it back
    var card = false;
    var name = newPlay(); // the roll's name, posted with it and said again once its card is painted
    // The card arrives first, then the rows, then the card's moves.
    play(button.form, "roll", function (parts) {
      Array.prototype.forEach.call(parts, function (part) {
        var row = part.getAttribute("data-dh-part") === "row" && part.content.querySelector("li.log-entry[data-seq]");
        if (row) {
          answered[row.getAttribute("data-seq")] = true;
        }
      });
      if (placeParts(parts)) {
        arrived(); // the card alone changes no row
      }
      restore(shot);
      if (!card && Array.prototype.some.call(parts, function (part) {
        return part.getAttribute("data-dh-part") === "yours";
      })) {
        card = true;
        focus(byId("outcome"));
        afterPaint(function () {
          painted(name);
        });
      }
    }, name).catch(function (failure) {
      if (failure && failure.status === 422) {
        // Refused: the table page's own request rolls again and draws the form with the reasons.
        button.setAttribute("data-dh-view", "true");
        button.click();
        button.removeAttribute("data-dh-view");
      } else {
        playFailed(failure);
      }
    }).then(function () {
      playing--;
      if (!playing) {
        heard();
      }
    });
    shot = take(false);
  }, true);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("dh-play") || !PLAY) {
      return;
    }
    event.preventDefault();
    var holder = form.closest("[data-roll]");
    var roll = holder ? holder.getAttribute("data-roll") : null;
    var inFeed = !!form.closest("#feed");
    var shot = take(false);
    play(form, "move").then(function (parts) {
      placeParts(parts);
      arrived();
      restore(shot);
      var entry = inFeed && roll ? document.querySelector(".entry[data-roll='" + roll + "'] .entry-head") : null;
      focus(document.querySelector(".moves [aria-invalid=true]")) || focus(document.querySelector(".move-message"))
        || focus(entry) || focus(byId("outcome"));
    }).catch(playFailed);
  });

  // A roll from this page (the form's Roll, a saved roll's Roll) claims its row when clicked, before Faces queues it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-dh-after='roll']") : null;
    if (!button || !button.form || !freshList() || button.disabled) {
      return;
    }
    var claim = claimRow();
    var field = button.form.querySelector("input[name='dh-claim']");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "dh-claim";
      button.form.appendChild(field);
    }
    field.value = claim || "";
    // Faces reads the form when the click sends it; after that, no other request of this form names the row.
    window.setTimeout(function () {
      field.value = "";
    }, 0);
  }, true);

  // New rows that arrived above what the reader is looking at wait behind a "new rolls" button instead of
  // pushing the page down; rows arriving where the reader can see them show at once.
  var held = [];
  var unseen = 0;

  function announce(row) {
    var out = byId("announcer");
    if (!out || row.getAttribute("data-mine") === "true") {
      return;
    }
    var who = row.querySelector(".roller");
    var what = row.querySelector(".entry-procedure");
    var outcome = row.querySelector(".log-outcome");
    var secret = row.querySelector(".secret-text");
    out.textContent = (who ? who.textContent : "") + ": " + (secret ? secret.textContent
      : (what ? what.textContent + ", " : "") + (outcome ? outcome.textContent : ""));
  }

  function showHeld() {
    held.forEach(function (row) {
      row.hidden = false;
      row.classList.remove("held");
    });
    held = [];
    var pill = byId("new-rolls");
    if (pill) {
      pill.hidden = true;
    }
  }

  function sayHeld() {
    var pill = byId("new-rolls");
    if (!pill) {
      return;
    }
    pill.hidden = held.length === 0;
    pill.textContent = (held.length === 1 ? pill.getAttribute("data-one") : pill.getAttribute("data-many"))
      .replace("{0}", held.length);
  }

  function phoneTab() {
    var columns = document.querySelector(".table-columns");
    return columns ? columns.getAttribute("data-tab") : null;
  }

  function sayUnseen() {
    var badge = byId("feed-unseen");
    if (badge) {
      badge.textContent = unseen > 0 ? String(unseen) : "";
      badge.hidden = unseen === 0;
    }
  }

  // Every row with a number above the highest the page opened with is news, once, however it came and in whatever
  // order: its own row asked for or pushed, or the whole feed drawn again after a break (two rows asked for one
  // after the other may come back in the other order). Someone else's is said to screen readers, counted as unseen
  // on a phone showing the form, and held back when it would land above what the reader looks at.
  var newest = highestShown();
  var told = {};

  function highestShown() {
    var most = 0;
    document.querySelectorAll("#feed li.log-entry[data-seq]").forEach(function (row) {
      most = Math.max(most, parseInt(row.getAttribute("data-seq"), 10) || 0);
    });
    return most;
  }

  // Whether the list of new rows starts above what the reader sees (asked before new rows go in, it costs no layout
  // of them: a row goes into the list, so it does not move the list).
  function whereFeedIs() {
    var list = freshList();
    return list && !isPhone() ? {list: list, above: list.getBoundingClientRect().top < viewTop(list)} : null;
  }

  function arrived(where) {
    // A roll this page made may come twice, by its own answer and by the push: the row the script made goes.
    var rows = {};
    var all = document.querySelectorAll("#feed li.log-entry[data-seq]"); // looked for once: it costs a long feed
    all.forEach(function (row) {
      var seq = row.getAttribute("data-seq");
      var other = seq && rows[seq];
      if (!other) {
        rows[seq] = row;
        return;
      }
      var extra = /^row-/.test(row.id) ? row : /^row-/.test(other.id) ? other : null;
      if (extra) {
        extra.parentNode.removeChild(extra);
        rows[seq] = extra === row ? other : row;
      }
    });
    Object.keys(claims).forEach(function (id) {
      var row = byId(id);
      if (!row || !row.classList.contains("claimed")) {
        delete claims[id]; // answered, or the whole feed was drawn anew
      }
    });
    if (waiting.length && !Object.keys(claims).length) {
      window.setTimeout(heard, 0);
    }
    var list = freshList();
    var fresh = [];
    all.forEach(function (row) {
      var seq = parseInt(row.getAttribute("data-seq"), 10) || 0;
      if (row.parentNode && seq > newest && !told[seq] && !row.hidden) { // not one just taken out as a second
        fresh.push(row);
      }
    });
    fresh.sort(function (a, b) {
      return parseInt(a.getAttribute("data-seq"), 10) - parseInt(b.getAttribute("data-seq"), 10);
    });
    fresh.forEach(function (row) {
      told[row.getAttribute("data-seq")] = true;
      var log = byId("log-empty");
      if (log) {
        log.hidden = true;
      }
      var mine = row.getAttribute("data-mine") === "true";
      // Only someone else's row may be held back; asking where the list is makes the browser lay the page out.
      if (!mine && !isPhone() && list && list.contains(row)
          && (where && where.list === list ? where.above : list.getBoundingClientRect().top < viewTop(list))) {
        row.hidden = true;
        row.classList.add("held");
        held.push(row);
        sayHeld();
      }
      if (!mine && isPhone() && phoneTab() !== "feed") {
        unseen++;
        sayUnseen();
      }
      prepare(row);
      announce(row);
    });
  }

  // The top of what the reader sees of the feed: the window's, or the feed column's when it scrolls by itself.
  function viewTop(element) {
    var column = element.closest(".feed-column");
    if (column && column.scrollHeight > column.clientHeight && getComputedStyle(column).overflowY !== "visible") {
      return Math.max(0, column.getBoundingClientRect().top);
    }
    return 0;
  }

  function isPhone() {
    return window.matchMedia && window.matchMedia("(max-width: 700px)").matches;
  }

  document.addEventListener("click", function (event) {
    var pill = event.target.closest ? event.target.closest("#new-rolls") : null;
    if (pill) {
      var first = held.length ? held[held.length - 1] : null;
      showHeld();
      focus(first && first.querySelector(".entry-head"));
      return;
    }
    var tab = event.target.closest ? event.target.closest("[data-dh-tab]") : null;
    if (tab) {
      choose(tab.getAttribute("data-dh-tab"));
    }
  });

  // At phone width the table is two tabs, the roll form and the feed, switched from a bar at the bottom.
  function choose(name) {
    var columns = document.querySelector(".table-columns");
    if (!columns) {
      return;
    }
    columns.setAttribute("data-tab", name);
    document.querySelectorAll("[data-dh-tab]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-dh-tab") === name ? "true" : "false");
    });
    if (name === "feed") {
      unseen = 0;
      sayUnseen();
      showHeld();
    }
    window.scrollTo(0, 0);
  }

  // A page of older rolls goes into the placeholder list at the end; the next placeholder follows it.
  function nextPage() {
    var pending = document.querySelector("#feed > ol.log-list.pending");
    if (pending) {
      return;
    }
    var lists = document.querySelectorAll("#feed > ol.log-list[id^='pages:']");
    var last = lists[lists.length - 1];
    if (!last) {
      return;
    }
    var at = last.id.split(":");
    var next = document.createElement("ol");
    next.id = at[0] + ":" + (parseInt(at[1], 10) + 1) + ":" + at[2];
    next.className = "log-list pending";
    next.hidden = true;
    last.parentNode.insertBefore(next, last.nextSibling);
  }

  // The "earlier rolls" button loads by itself when the reader scrolls to it.
  if (window.IntersectionObserver) {
    var loading = new IntersectionObserver(function (seen) {
      seen.forEach(function (s) {
        if (s.isIntersecting && !s.target.disabled && !document.documentElement.classList.contains("busy")) {
          s.target.click();
        }
      });
    });
    var watchMore = function () {
      var more = document.querySelector("#feed-more input[type=submit], #feed-more button");
      loading.disconnect();
      if (more) {
        loading.observe(more);
      }
    };
    watchMore();
    faces.ajax.addOnEvent(function (data) {
      if (data.status === "success") {
        watchMore();
      }
    });
  }

  faces.ajax.addOnEvent(function (data) {
    var source = data.source;
    if (data.status === "begin") {
      document.documentElement.classList.add("busy");
      snapshot = take(isLive(source));
      var holder = source && source.closest ? source.closest("[data-roll]") : null;
      snapshot.roll = holder ? holder.getAttribute("data-roll") : null;
      snapshot.inFeed = !!(source && source.closest && source.closest("#feed"));
      return;
    }
    if (data.status === "complete") {
      document.documentElement.classList.remove("busy");
      if (snapshot && snapshot.live) {
        // The answer is in and the page is about to be redrawn: what the reader sees now is what to keep (they may
        // have scrolled or typed while the request was out, and must not be sent back to where they were). Taken
        // this late, it gives a control or an entry left in place only what it already shows.
        var now = take(true);
        now.roll = snapshot.roll;
        now.inFeed = snapshot.inFeed;
        snapshot = now;
      }
      return;
    }
    if (data.status !== "success") {
      return;
    }
    giveViewState(data.responseXML);
    arrived();
    nextPage();
    prepare(document);
    document.querySelectorAll("input[data-names]").forEach(nameValue);
    var shot = snapshot || take(false);
    snapshot = null;
    restore(shot);
    if (shot.live) {
      return;
    }
    var form = source && source.form;
    if (source && source.getAttribute && !source.getAttribute("data-dh-after") && form) {
      // New odds after an edit: a message whose rule they no longer list goes. Only there: a form without odds
      // (a character's) or a button's answer keeps the messages the server just drew.
      var redrawn = byId(form.id);
      if (redrawn && redrawn.querySelector(".dh-odds-target") && source.type !== "submit") {
        clearMended(redrawn);
      }
      return;
    }
    var after = source && source.getAttribute ? source.getAttribute("data-dh-after") : null;
    var group = source && source.closest ? source.closest("fieldset.group") : null;
    if (after === "roll") {
      remember();
      focus(document.querySelector("#roll [aria-invalid=true]")) || focus(byId("roll-problem"))
        || focus(document.querySelector("#roll .form-messages")) || focus(byId("outcome"));
    } else if (after === "move") {
      var entry = shot.inFeed && shot.roll
        ? document.querySelector(".entry[data-roll='" + shot.roll + "'] .entry-head") : null;
      focus(document.querySelector(".moves [aria-invalid=true]")) || focus(document.querySelector(".move-message"))
        || focus(entry) || focus(byId("outcome"));
    } else if (after === "add" && group) {
      var grown = byId(group.id);
      var rows = grown ? grown.querySelectorAll(":scope > .rows > .row") : [];
      focus(firstInput(rows[rows.length - 1])) || focus(grown && grown.querySelector(".dh-add"));
    } else if (after === "remove" && group) {
      var shrunk = byId(group.id);
      focus(shrunk && shrunk.querySelector(":scope > .dh-add")) || focus(firstInput(shrunk));
    }
  });
})();
