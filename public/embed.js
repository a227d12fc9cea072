/*! Givebridge donate form loader. Put one tag where the form goes:
 *  <script src="https://…/embed.js" data-org="ORGANIZATION_ID" data-fundraiser="FUNDRAISER_ID"></script>
 * It inserts the form's iframe after the tag and sizes it from the form's height messages,
 * accepted only from the Givebridge origin this file came from and from that iframe. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var id = /^[A-Za-z0-9_-]{1,64}$/;
  var org = script.getAttribute("data-org") || "";
  var fundraiser = script.getAttribute("data-fundraiser") || "";
  if (!id.test(org) || (fundraiser && !id.test(fundraiser))) {
    if (window.console) console.error("Givebridge: data-org (and data-fundraiser, when set) must be the ids from your Givebridge dashboard.");
    return;
  }
  var frame = document.createElement("iframe");
  frame.src = origin + "/embed/donate/" + org + (fundraiser ? "/" + fundraiser : "") + "?origin=" + encodeURIComponent(location.origin);
  frame.title = script.getAttribute("data-title") || "Donation form (Givebridge)";
  frame.setAttribute("allow", "payment");
  frame.setAttribute("loading", "lazy");
  frame.style.cssText = "display:block;width:100%;max-width:36rem;height:720px;border:0;margin:0 auto;background:transparent";
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== "givebridge:embed-height") return;
    var height = Math.ceil(Number(data.height));
    if (height > 0) frame.style.height = Math.min(height, 10000) + "px";
  });
})();
