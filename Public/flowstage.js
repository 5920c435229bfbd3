// FlowStage comfort script. Every page works without it; it only makes pages nicer:
// - moves focus to the error summary after a failed post, and from its links to the fields;
// - posts the form when a field with a `change` action changes (hiding the "Update" button);
// - live reload: shows the new version when the project files change (without it, reload by hand);
// - a busy state on submit: `aria-busy` on the form and no second submit while the first is on its way,
//   and for a form with a chosen file, an "Uploading…" status (role=status) until the answer comes.
(function () {
  "use strict";
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
    slider.addEventListener("input", function () {
      var text = suffix ? slider.value + " " + suffix : slider.value;
      if (output) output.textContent = text;
      if (suffix) slider.setAttribute("aria-valuetext", text);
    });
  });
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
      var text = left >= 0 ? counter.getAttribute("data-fs-remaining").replace("{x}", left)
                           : counter.getAttribute("data-fs-too-many").replace("{x}", -left);
      counter.textContent = text;
      if (left < 0) counter.setAttribute("data-fs-over", ""); else counter.removeAttribute("data-fs-over");
      if (announce) { clearTimeout(timer); timer = setTimeout(function () { live.textContent = text; }, 1000); }
    }
    area.addEventListener("input", function () { update(true); });
  });
  // Busy state: the first submit goes; a second one (a double click, Enter twice) is dropped
  // until the answer arrives. Buttons are not disabled: a disabled submitter would not be posted.
  var uploading = document.documentElement.lang === "ro" ? "Se încarcă fișierele…" : "Uploading…";
  Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
    var status = null;
    if (form.querySelector("input[type='file']")) {
      // The live region exists before it speaks, so screen readers announce the change.
      status = document.createElement("p");
      status.className = "fs-upload-status";
      status.setAttribute("role", "status");
      form.appendChild(status);
    }
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;
      if (form.getAttribute("aria-busy") === "true") { event.preventDefault(); return; }
      form.setAttribute("aria-busy", "true");
      var chosen = Array.prototype.some.call(form.querySelectorAll("input[type='file']"), function (input) {
        return input.files && input.files.length > 0;
      });
      if (status && chosen) status.textContent = uploading;
    });
  });
  // Back from the next page (the page may come from the back-forward cache): ready again.
  window.addEventListener("pageshow", function () {
    Array.prototype.forEach.call(document.querySelectorAll("form[aria-busy]"), function (form) { form.removeAttribute("aria-busy"); });
    Array.prototype.forEach.call(document.querySelectorAll(".fs-upload-status"), function (status) { status.textContent = ""; });
  });
  // Live reload, unless the person has typed or is looking at errors: a reload would lose them.
  var generation = document.querySelector("meta[name='flowstage-generation']");
  if (generation && window.fetch) {
    var dirty = !!summary;
    document.addEventListener("input", function () { dirty = true; });
    setInterval(function () {
      if (dirty || document.hidden) return;
      fetch("/live-version", { cache: "no-store" })
        .then(function (reply) { return reply.ok ? reply.text() : null; })
        .then(function (text) { if (text && text.trim() !== generation.content) location.reload(); })
        .catch(function () {});
    }, 1500);
  }
})();
