// One tab keeps the game: a Web Lock held while the page lives, and the owner mark that
// storage.js checks before every write (so a tab that lost the game stops at its next write).
//
//   const how = await takeGame(store, steal, onLost)
//     "lock"    this tab holds the Web Lock
//     "mark"    no Web Locks here (plain http, or the browser refuses them): the owner mark
//               alone, so the newest tab takes the game and the other sees it go
//     "memory"  the browser keeps no storage for the site: the game is this tab's memory,
//               shared with no other tab, so there is nothing to lock
//     false     another tab holds the game
// onLost() is called if another tab steals the lock later.
// SPDX-License-Identifier: MIT

const LOCK = "picopeg-board";
const TRIES = 4; // a reload's old page may hold the lock for a moment after the new one starts
const RETRY_MS = 150;

export async function takeGame(store, steal, onLost) {
  if (!store.persistent) {
    store.claim();
    return "memory";
  }
  if (!navigator.locks) {
    store.claim();
    return "mark";
  }
  for (let i = 0; i < TRIES; i++) {
    const got = await requestLock(store, steal, onLost);
    if (got) return got;
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  return false;
}

function requestLock(store, steal, onLost) {
  return new Promise((resolve) => {
    let held = false;
    const opts = steal ? { steal: true } : { ifAvailable: true };
    navigator.locks
      .request(LOCK, opts, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        held = true;
        store.claim();
        resolve("lock");
        return new Promise(() => {}); // held while this page lives
      })
      .catch((e) => {
        if (held) {
          onLost(); // another tab stole it
        } else {
          // Refused outright (a SecurityError where site data is blocked, yet storage
          // works): no lock to be had, so the owner mark alone keeps the tabs apart.
          console.warn("Web Locks refused:", e && e.name);
          store.claim();
          resolve("mark");
        }
      });
  });
}
