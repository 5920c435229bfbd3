// FlowStage comfort script. Every page works without it; it only makes pages nicer:
// - moves focus to the error summary after a failed post, and from its links to the fields;
// - posts the form when a field with a `change` action changes (hiding the "Update" button);
// - live reload: shows the new version when the project files change (without it, reload by hand).
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
