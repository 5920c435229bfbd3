// FlowStage comfort script. Every page works without it; it only makes pages nicer:
// - moves focus to the error summary after a failed post, and from its links to the fields;
// - posts the form when a field with a `change` action changes (hiding the "Update" button);
// - live reload: shows the new version when the project files change (without it, reload by hand);
// - a busy state on submit: `aria-busy` on the form and no second submit while the first is on its way;
// - upload progress: a form posting a chosen file goes by XMLHttpRequest with a labelled <progress>
//   and a polite status at coarse steps, then follows the server's answer (see "Upload progress").
(function () {
  "use strict";
  var liveReload = null;   // the live-reload timer, stopped when an upload's answer replaces the page
  var summary = document.getElementById("error-summary");
  if (summary) {
    summary.focus();
    summary.addEventListener("click", function (event) {
      var link = event.target.closest("a[href^='#']");
      if (!link) return;
      var field = document.getElementById(link.getAttribute("href").slice(1));
      if (!field) return;
      event.preventDefault();
      field.focus();
      field.scrollIntoView({ block: "center" });
    });
  }
  var buttons = document.querySelectorAll("[data-fs-change]");
  Array.prototype.forEach.call(buttons, function (button) {
    var field = button.closest(".fs-field");
    if (!field) return;
    button.hidden = true;
    field.addEventListener("change", function () {
      if (button.form && button.form.requestSubmit) button.form.requestSubmit(button);
    });
  });
  // Switches: aria-checked (required with role="switch") follows the box.
  Array.prototype.forEach.call(document.querySelectorAll("input[role='switch']"), function (box) {
    box.addEventListener("change", function () { box.setAttribute("aria-checked", box.checked ? "true" : "false"); });
  });
  // Sliders: the <output> and aria-valuetext follow the thumb (without script they show the
  // value the page was rendered with).
  Array.prototype.forEach.call(document.querySelectorAll("input[type='range']"), function (slider) {
    var output = document.querySelector("output[for='" + slider.id + "']");
    var suffix = slider.getAttribute("data-fs-suffix");
    // Written as the server writes it: in the page's locale ("1.500" in German).
    var format = window.Intl ? new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 6 }) : null;
    slider.addEventListener("input", function () {
      var number = format ? format.format(Number(slider.value)) : slider.value;
      var text = suffix ? number + " " + suffix : number;
      if (output) output.textContent = text;
      if (suffix) slider.setAttribute("aria-valuetext", text);
    });
  });
  // "{x}" and "{x, plural, one {# character} other {# characters}}" as the server fills them,
  // the form chosen by the page language's plural rules.
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang) : null;
  var numbers = window.Intl ? new Intl.NumberFormat(document.documentElement.lang) : null;
  function fillCount(pattern, count) {
    var written = numbers ? numbers.format(count) : String(count);
    var open = pattern.indexOf("{x,");
    if (open < 0) return pattern.replace("{x}", written);
    var depth = 0, close = open;
    for (; close < pattern.length; close++) {
      if (pattern[close] === "{") depth++;
      if (pattern[close] === "}" && --depth === 0) break;
    }
    var forms = {}, body = pattern.slice(pattern.indexOf(",", pattern.indexOf(",", open) + 1) + 1, close), match;
    var form = /\s*(=?\w+)\s*\{([^{}]*)\}/g;
    while ((match = form.exec(body))) forms[match[1]] = match[2];
    var chosen = forms["=" + count] || (plurals && forms[plurals.select(count)]) || forms.other || "";
    return pattern.slice(0, open) + chosen.replace("#", written) + pattern.slice(close + 1);
  }
  // Textarea counters: a polite live count of the characters left, after a pause in typing.
  Array.prototype.forEach.call(document.querySelectorAll("[data-fs-counter]"), function (counter) {
    var field = counter.closest(".fs-field");
    var area = field && field.querySelector("textarea");
    if (!area) return;
    var max = parseInt(counter.getAttribute("data-fs-counter"), 10);
    var live = document.createElement("div");
    live.className = "fs-visually-hidden";
    live.setAttribute("aria-live", "polite");
    counter.parentNode.insertBefore(live, counter.nextSibling);
    var timer = null;
    function update(announce) {
      var left = max - area.value.length;
      var text = left >= 0 ? fillCount(counter.getAttribute("data-fs-remaining"), left)
                           : fillCount(counter.getAttribute("data-fs-too-many"), -left);
      counter.textContent = text;
      if (left < 0) counter.setAttribute("data-fs-over", ""); else counter.removeAttribute("data-fs-over");
      if (announce) { clearTimeout(timer); timer = setTimeout(function () { live.textContent = text; }, 1000); }
    }
    area.addEventListener("input", function () { update(true); });
  });
  // Upload progress, a progressive enhancement of a form that posts a chosen file: the form
  // goes by XMLHttpRequest so a labelled <progress> can follow upload.onprogress, and a
  // polite status line says how far it is at coarse steps (0, 25, 50, 75 %, then "complete"),
  // so a screen reader is not flooded. The server's answer is then followed as the browser
  // would: a redirect (which the request followed) is navigated to; any other page (the 422
  // re-render with its error summary, a 413) replaces this document, and its own copy of
  // this script focuses the summary; the address stays that of this screen. The post is the
  // browser's own: FormData(form, submitter) carries the pressed button, to its formaction.
  // Whatever is not supported, or a request that fails, leaves the plain post to the browser.
  var uploadSupported = (function () {
    try {
      if (!window.XMLHttpRequest || !window.FormData || !window.URL || !HTMLFormElement.prototype.requestSubmit) return false;
      if (!("upload" in XMLHttpRequest.prototype || "upload" in new XMLHttpRequest()) || !("responseURL" in XMLHttpRequest.prototype)) return false;
      // FormData's submitter argument is recent, and older browsers ignore it silently: try it.
      var form = document.createElement("form"), button = document.createElement("button");
      button.type = "submit"; button.name = "fs-probe"; button.value = "1";
      form.appendChild(button);
      return new FormData(form, button).get("fs-probe") === "1";
    } catch (error) {
      return false;
    }
  })();
  var uploadCount = 0;
  var leaving = false;
  window.addEventListener("pagehide", function () { leaving = true; });

  function uploadProgress(form) {
    var words = {
      busy: form.getAttribute("data-fs-upload-busy"),
      label: form.getAttribute("data-fs-upload-progress"),
      percent: form.getAttribute("data-fs-upload-percent"),
      sent: form.getAttribute("data-fs-upload-sent")
    };
    // The live region exists before it speaks, so screen readers announce the change.
    var status = document.createElement("p");
    status.className = "fs-upload-status";
    status.setAttribute("role", "status");
    var box = null, bar = null;
    if (words.label && words.percent && words.sent) {
      uploadCount += 1;
      box = document.createElement("div");
      box.className = "fs-upload-progress";
      box.hidden = true;
      var label = document.createElement("label");
      label.className = "fs-upload-progress__label";
      label.htmlFor = "fs-upload-progress-" + uploadCount;
      label.textContent = words.label;
      bar = document.createElement("progress");
      bar.className = "fs-upload-progress__bar";
      bar.id = label.htmlFor;
      bar.max = 100;
      bar.value = 0;
      box.appendChild(label);
      box.appendChild(bar);
      form.appendChild(box);
    }
    form.appendChild(status);

    var upload = { letThrough: false };
    upload.chosen = function () {
      return Array.prototype.some.call(form.querySelectorAll("input[type='file']"), function (input) {
        return input.files && input.files.length > 0;
      });
    };
    // How the pressed button sends the form (its form* attributes win over the form's).
    function how(submitter, name, fallback) {
      return ((submitter && submitter.getAttribute("form" + name)) || form.getAttribute(name) || fallback).toLowerCase();
    }
    // The busy words, for a post (a gallery's get form sends no file anywhere).
    upload.busy = function (submitter) {
      if (words.busy && how(submitter, "method", "get") === "post") status.textContent = words.busy;
    };

    // The plain post, with the same button: the browser shows whatever comes back.
    function postPlainly(submitter) {
      if (box) box.hidden = true;
      upload.letThrough = true;
      upload.busy(submitter);
      form.requestSubmit(submitter);
    }

    // Starts the request and answers true, or answers false and leaves the post to the browser.
    upload.send = function (submitter) {
      if (!uploadSupported || !bar || !submitter) return false;
      if (how(submitter, "method", "get") !== "post" || how(submitter, "enctype", "") !== "multipart/form-data"
          || how(submitter, "target", "_self") !== "_self") return false;
      var action = submitter.hasAttribute("formaction") ? submitter.formAction : form.action;
      var data;
      try { data = new FormData(form, submitter); } catch (error) { return false; }
      var xhr = new XMLHttpRequest();
      var announced = -1;
      function say(text) { status.textContent = text; }
      // Upload listeners go on before send(), or the browser never reports progress.
      xhr.upload.addEventListener("loadstart", function () {
        bar.value = 0;
        box.hidden = false;
        announced = 0;
        say(words.percent.replace("{x}", "0"));
      });
      xhr.upload.addEventListener("progress", function (event) {
        if (!event.lengthComputable || !event.total) { bar.removeAttribute("value"); return; }
        var percent = Math.min(100, Math.floor(event.loaded * 100 / event.total));
        bar.value = percent;
        var step = Math.floor(percent / 25) * 25;
        if (step > announced && percent < 100) { announced = step; say(words.percent.replace("{x}", String(percent))); }
      });
      xhr.upload.addEventListener("load", function () {
        bar.value = 100;
        say(words.sent);
      });
      xhr.addEventListener("load", function () {
        var asked = new URL(action, document.baseURI).href.split("#")[0];
        var answered = (xhr.responseURL || "").split("#")[0];
        if (answered && answered !== asked) { location.assign(xhr.responseURL); return; }
        if ((xhr.getResponseHeader("Content-Type") || "").indexOf("text/html") === -1) { postPlainly(submitter); return; }
        if (liveReload) clearInterval(liveReload);
        document.open();
        document.write(xhr.responseText);
        document.close();
      });
      // A request that fails (no answer at all) is sent again as the plain post, unless the
      // person is leaving the page anyway.
      xhr.addEventListener("error", function () { if (!leaving) postPlainly(submitter); });
      xhr.open("POST", action);
      xhr.setRequestHeader("Accept", "text/html");
      xhr.send(data);
      return true;
    };
    return upload;
  }

  // Busy state: the first submit goes; a second one (a double click, Enter twice) is dropped
  // until the answer arrives. Buttons are not disabled: a disabled submitter would not be posted.
  // A form with a chosen file goes with upload progress when the browser can (above), else
  // it shows the busy words (from the form's data- attributes) until the answer.
  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    var upload = form.querySelector("input[type='file']") ? uploadProgress(form) : null;
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;
      if (upload && upload.letThrough) { upload.letThrough = false; return; }   // our own fallback post
      if (form.getAttribute("aria-busy") === "true") { event.preventDefault(); return; }
      form.setAttribute("aria-busy", "true");
      if (!upload || !upload.chosen()) return;
      if (upload.send(event.submitter)) event.preventDefault(); else upload.busy(event.submitter);
    });
  });
  // Back from the next page (the page may come from the back-forward cache): ready again.
  window.addEventListener("pageshow", function () {
    leaving = false;
    Array.prototype.forEach.call(document.querySelectorAll("form[aria-busy]"), function (form) { form.removeAttribute("aria-busy"); });
    Array.prototype.forEach.call(document.querySelectorAll(".fs-upload-status"), function (status) { status.textContent = ""; });
    Array.prototype.forEach.call(document.querySelectorAll(".fs-upload-progress"), function (box) { box.hidden = true; });
  });
  // Live reload, unless the person has typed or is looking at errors: a reload would lose them.
  var generation = document.querySelector("meta[name='flowstage-generation']");
  if (generation && window.fetch) {
    var dirty = !!summary;
    document.addEventListener("input", function () { dirty = true; });
    liveReload = setInterval(function () {
      if (dirty || document.hidden) return;
      fetch("/live-version", { cache: "no-store" })
        .then(function (reply) { return reply.ok ? reply.text() : null; })
        .then(function (text) { if (text && text.trim() !== generation.content) location.reload(); })
        .catch(function () {});
    }, 1500);
  }
})();
