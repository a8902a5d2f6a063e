// The offline copy (sw.js) and new versions of the site.
//
// After one visit the service worker serves every file, so the page plays with no network.
// When a new build is published, the browser finds it at the next visit (or when the page is
// shown again, or every half hour) and installs it beside the old one; the page then offers
// "a new version is ready: reload". The reload is the board's power cycle: the game is in
// the storage and comes back as it was. Where service workers are not given (plain http to
// another machine, site data blocked) the footer says what is missing.
// SPDX-License-Identifier: MIT

import { BANNER, STATUS } from "./messages.js";

const CHECK_MS = 30 * 60 * 1000;

export function startOffline({ setStatus, offer }) {
  if (!window.isSecureContext) {
    setStatus("offline", STATUS.insecure);
    return;
  }
  if (!("serviceWorker" in navigator)) {
    setStatus("offline", STATUS.online);
    return;
  }
  const sw = navigator.serviceWorker;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload(); // the new version took over, as asked: load it
  });
  const ask = (reg) => {
    // A new worker waits beside the one serving this page; the first install never waits.
    if (!reg.waiting || !sw.controller) return;
    offer(BANNER.update, "Reload", () => {
      reloading = true;
      reg.waiting.postMessage("skip-waiting");
    });
  };
  sw.register("sw.js").then(
    (reg) => {
      ask(reg);
      reg.addEventListener("updatefound", () => {
        const next = reg.installing;
        next?.addEventListener("statechange", () => {
          if (next.state === "installed") ask(reg);
        });
      });
      const check = () => reg.update().catch(() => {}); // offline: try again later
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
      setInterval(check, CHECK_MS);
      sw.ready.then(() => setStatus("offline", STATUS.offline));
    },
    () => setStatus("offline", STATUS.online),
  );
}
