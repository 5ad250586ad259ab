/* Dicehall's pages: new odds as inputs change, and the keyboard focus kept where it makes sense after
 * an Ajax update. Everything works without it except the live odds (the Roll button still does). */
(function () {
  "use strict";

  // A changed input asks its form's hidden "update the odds" button for new odds.
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.form;
    var refresh = form && form.querySelector(".dh-refresh");
    if (refresh) {
      refresh.click();
    }
  });

  // A "Copy" button copies the text field it names (an invite link).
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest("button[data-copy]") : null;
    var field = button && document.getElementById(button.getAttribute("data-copy"));
    if (!field) {
      return;
    }
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value);
    } else {
      document.execCommand("copy");
    }
    button.setAttribute("data-copied", "true");
  });

  var faces = window.faces || window.jsf;
  if (!faces || !faces.ajax) {
    return;
  }

  // The log entries a reader opened stay open when a push re-renders the log.
  var opened = [];
  faces.ajax.addOnEvent(function (data) {
    if (data.status === "begin") {
      opened = Array.prototype.map.call(document.querySelectorAll(".log-list details[open]"), function (d) {
        return d.getAttribute("data-roll");
      });
    } else if (data.status === "success") {
      opened.forEach(function (roll) {
        var details = document.querySelector(".log-list details[data-roll='" + roll + "']");
        if (details) {
          details.open = true;
        }
      });
    }
  });

  function focus(element) {
    if (element) {
      element.focus();
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

  function byId(id) {
    return id ? document.getElementById(id) : null;
  }

  // After a roll, the address names it, so reloading the page (or the browser's back and forward) shows it again.
  function remember() {
    var roll = document.querySelector("#roll input[name='dh-roll']");
    if (roll && roll.value && window.history && window.URL) {
      var address = new URL(window.location.href);
      address.searchParams.set("roll", roll.value);
      address.searchParams.delete("expired");
      window.history.replaceState(null, "", address.toString());
    }
  }

  // The element that had the focus before an update replaced it, to put it back.
  var focused = null;

  faces.ajax.addOnEvent(function (data) {
    if (data.status === "begin") {
      document.documentElement.classList.add("busy");
    }
    if (data.status === "complete") {
      var active = document.activeElement;
      focused = active && active.id ? active.id : null;
    }
    if (data.status !== "success") {
      if (data.status === "complete") {
        document.documentElement.classList.remove("busy");
      }
      return;
    }
    var source = data.source;
    var after = source && source.getAttribute ? source.getAttribute("data-dh-after") : null;
    var group = source && source.closest ? source.closest("fieldset.group") : null;
    if (after === "roll") {
      remember();
      focus(document.querySelector("#roll [aria-invalid=true]")) || focus(byId("roll-problem"))
        || focus(document.querySelector("#roll .form-messages")) || focus(byId("outcome"));
    } else if (after === "move") {
      focus(document.querySelector(".moves [aria-invalid=true]")) || focus(document.querySelector(".move-message"))
        || focus(byId("outcome"));
    } else if (after === "add" && group) {
      var grown = byId(group.id);
      var rows = grown ? grown.querySelectorAll(":scope > .rows > .row") : [];
      focus(firstInput(rows[rows.length - 1])) || focus(grown && grown.querySelector(".dh-add"));
    } else if (after === "remove" && group) {
      var shrunk = byId(group.id);
      focus(shrunk && shrunk.querySelector(":scope > .dh-add")) || focus(firstInput(shrunk));
    } else if (focused && document.activeElement !== byId(focused)) {
      focus(byId(focused));
    }
  });
})();
