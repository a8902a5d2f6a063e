// The board's flash in the browser: localStorage, one key a file (tools/web/py/webfs.py).
// A value is a "binary string" (one character a byte), so a game log reads the same here as
// on the Pico. Bytes cross to MicroPython as hex. Only the tab that owns the game writes:
// `owner` is checked before every write, so a tab that another tab has taken the game from
// stops at its next write instead of mixing two games (tablock.js takes the Web Lock).
// Every value of the game is also kept in memory: where the browser refuses its storage
// (site data blocked, some private modes) the game is played from memory alone, and where
// the site's data is cleared while the page is open, the game can be put back.
// SPDX-License-Identifier: MIT

export const OK = 0;
export const LOST = 1;
export const FULL = 2;
export const OWNER_KEY = "picopeg-owner";
const PREFIX = "picopeg";

const HEX = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, "0"));

function binToHex(str) {
  let out = "";
  for (let i = 0; i < str.length; i++) {
    const c = str.charCodeAt(i);
    if (c > 255) return utf8Hex(str); // not written by the board: its UTF-8 bytes, damage
    out += HEX[c];
  }
  return out;
}

function utf8Hex(str) {
  let out = "";
  for (const b of new TextEncoder().encode(str)) out += HEX[b];
  return out;
}

function hexToBin(hex) {
  const codes = [];
  for (let i = 0; i + 1 < hex.length; i += 2) codes.push(parseInt(hex.substr(i, 2), 16));
  let out = "";
  for (let i = 0; i < codes.length; i += 4096) {
    out += String.fromCharCode.apply(null, codes.slice(i, i + 4096));
  }
  return out;
}

// Storage kept in memory only, where the browser refuses localStorage (some private modes).
class MemoryStorage {
  constructor() {
    this.map = new Map();
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

function localOrMemory() {
  try {
    const ls = globalThis.localStorage;
    ls.getItem(OWNER_KEY);
    return [ls, true];
  } catch {
    return [new MemoryStorage(), false];
  }
}

export class Store {
  constructor(tabId, backend = null) {
    this.tabId = tabId;
    [this.ls, this.persistent] = backend ? [backend, true] : localOrMemory();
    this.writes = 0;
    this.claimed = false;
    this.full = false; // the last write found the storage full
    this.onfull = () => {}; // the page's word when a write finds the storage full
    this.onroom = () => {}; // ... and when a write goes in again
    this.mirror = new Map(); // the game's values as this tab last wrote or read them
    this._snapshot();
  }

  _snapshot() {
    this.mirror.clear();
    for (const k of this.keys(PREFIX).split("\n")) {
      if (k) this.mirror.set(k, this.ls.getItem(k));
    }
  }

  owns() {
    return this.ls.getItem(OWNER_KEY) === this.tabId;
  }

  // This tab owned the game and the mark is gone: not another tab (it would have written
  // its own), but the site's data cleared under the page.
  cleared() {
    return this.claimed && this.persistent && this.ls.getItem(OWNER_KEY) === null;
  }

  claim() {
    this.ls.setItem(OWNER_KEY, this.tabId);
    this.claimed = true;
    this._snapshot(); // the game as the tab it came from left it
  }

  // After the site's data was cleared: write the game back as this tab last had it.
  restore() {
    for (const [k, v] of this.mirror) this.ls.setItem(k, v);
    this.claim();
  }

  // After the site's data was cleared: begin again on the empty storage.
  forget() {
    this.claim();
  }

  // Bytes (UTF-16 code units) held: this game's keys, and everything else of the site.
  usage() {
    let own = 0;
    let other = 0;
    for (let i = 0; i < this.ls.length; i++) {
      const k = this.ls.key(i);
      const n = k.length + (this.ls.getItem(k) ?? "").length;
      if (k.startsWith(PREFIX)) own += n;
      else other += n;
    }
    return { own, other };
  }

  get(key) {
    const value = this.ls.getItem(key);
    if (value !== null) this.mirror.set(key, value);
    return value === null ? null : binToHex(value);
  }

  _set(key, value) {
    if (!this.owns()) return LOST;
    try {
      this.ls.setItem(key, value);
    } catch (e) {
      this.full = true;
      this.onfull();
      return FULL; // QuotaExceededError: the flash is full
    }
    if (this.full) {
      this.full = false;
      this.onroom();
    }
    this.mirror.set(key, value);
    this.writes++;
    return OK;
  }

  put(key, hex) {
    return this._set(key, hexToBin(hex));
  }

  append(key, hex) {
    return this._set(key, (this.ls.getItem(key) ?? "") + hexToBin(hex));
  }

  copy(src, dst) {
    const value = this.ls.getItem(src);
    return value === null ? OK : this._set(dst, value);
  }

  drop(key) {
    if (!this.owns()) return LOST;
    this.ls.removeItem(key);
    this.mirror.delete(key);
    this.writes++;
    return OK;
  }

  keys(prefix) {
    const out = [];
    for (let i = 0; i < this.ls.length; i++) {
      const k = this.ls.key(i);
      if (k !== null && k.startsWith(prefix)) out.push(k);
    }
    return out.sort().join("\n");
  }
}
