(function () {
  "use strict";
  function reveal(slider) {
    var overlay = document.getElementById(slider.getAttribute("aria-controls"));
    var over = overlay && overlay.querySelector(".over");
    if (!over) return;
    over.style.clipPath = "inset(0 " + (100 - Number(slider.value)) + "% 0 0)";
    slider.setAttribute("aria-valuetext", slider.value + " % of the new image shown over the golden one");
  }
  document.querySelectorAll("input.reveal").forEach(function (slider) {
    var group = slider.closest(".overlay-group");
    if (group) group.hidden = false;
    reveal(slider);
    slider.addEventListener("input", function () { reveal(slider); });
  });
})();
