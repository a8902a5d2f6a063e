// The board's flash in the browser: localStorage, one key a file (tools/web/py/webfs.py).
// A value is a "binary string" (one character a byte), so a game log reads the same here as
// on the Pico. Bytes cross to MicroPython as hex. Only the tab that owns the game writes:
// `owner` is checked before every write, so a tab that another tab has taken the game from
// stops at its next write instead of mixing two games (main.js takes the Web Lock).
// SPDX-License-Identifier: MIT

export const OK = 0;
export const LOST = 1;
export const FULL = 2;
export const OWNER_KEY = "picopeg-owner";

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
  }

  owns() {
    return this.ls.getItem(OWNER_KEY) === this.tabId;
  }

  claim() {
    this.ls.setItem(OWNER_KEY, this.tabId);
  }

  get(key) {
    const value = this.ls.getItem(key);
    return value === null ? null : binToHex(value);
  }

  _set(key, value) {
    if (!this.owns()) return LOST;
    try {
      this.ls.setItem(key, value);
    } catch (e) {
      return FULL; // QuotaExceededError: the flash is full
    }
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
