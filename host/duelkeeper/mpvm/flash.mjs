// A host folder as the VM's flash: copied into the VM's RAM filesystem at start, and the
// files that changed there written back (deleted ones deleted) after each call, so that
// the host folder always holds what a board's flash would. run.mjs (--copy, --mirror)
// and repl.mjs (the simulated device on a pseudo-terminal) share it.

import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, posix } from "node:path";

// With `changing` (the flash), a file removed from the host folder while it is copied (a
// test putting a folder back while the device's last soft reset loads it) is skipped:
// the next reset loads the folder anew. Anything else (the device code) must be whole.
function gone(read, changing) {
  try {
    return read();
  } catch (e) {
    if (changing && e.code === "ENOENT") return null;
    throw e;
  }
}

export function copyInto(FS, host, vmPath, changing = false) {
  const stat = gone(() => statSync(host), changing);
  if (stat === null) return;
  if (stat.isDirectory()) {
    FS.mkdirTree(vmPath);
    for (const name of gone(() => readdirSync(host), changing) ?? []) {
      if (name.endsWith(".~mirror")) continue; // a write-back the host was killed in
      copyInto(FS, join(host, name), posix.join(vmPath, name), changing);
    }
  } else {
    const data = gone(() => readFileSync(host), changing);
    if (data === null) return;
    FS.mkdirTree(posix.dirname(vmPath));
    FS.writeFile(vmPath, data);
  }
}

// The files of a host tree as [VM path, bytes] pairs, read once: a VM booted again later
// gets the same code even if the host tree has gone meanwhile (a build cache pruned).
export function readTree(host, vmPath, into = []) {
  if (statSync(host).isDirectory()) {
    for (const name of readdirSync(host)) readTree(join(host, name), posix.join(vmPath, name), into);
  } else {
    into.push([vmPath, readFileSync(host)]);
  }
  return into;
}

export function writeTree(FS, files) {
  for (const [vmPath, data] of files) {
    FS.mkdirTree(posix.dirname(vmPath));
    FS.writeFile(vmPath, data);
  }
}

// Every file below a VM folder, read from the RAM filesystem's nodes (no copies):
// relative path -> {node, mtime, size, data}. `before` is the previous walk, whose data is
// kept for a file the walk finds untouched since then (same node, time and size).
// `skip` names top-level entries to leave out (the VM's own /dev, /tmp... at "/").
export function walk(dir, before, since, prefix = "", into = new Map(), skip = new Set()) {
  for (const [name, node] of Object.entries(dir.contents)) {
    if (!prefix && skip.has(name)) continue;
    const rel = prefix ? prefix + "/" + name : name;
    if (typeof node.usedBytes !== "number") {
      walk(node, before, since, rel, into);
      continue;
    }
    const old = before.get(rel);
    if (old && old.node === node && old.mtime === node.mtime && old.size === node.usedBytes && old.mtime < since) {
      into.set(rel, old);
    } else {
      const data = Uint8Array.from(node.contents ? node.contents.subarray(0, node.usedBytes) : []);
      into.set(rel, { node, mtime: node.mtime, size: node.usedBytes, data });
    }
  }
  return into;
}

// Every folder below a VM folder (relative paths), empty ones too: littlefs keeps a
// folder made with os.mkdir across a reset, so the host folder must hold it as well.
export function folders(dir, prefix = "", into = new Set(), skip = new Set()) {
  for (const [name, node] of Object.entries(dir.contents)) {
    if (typeof node.usedBytes === "number" || (!prefix && skip.has(name))) continue;
    const rel = prefix ? prefix + "/" + name : name;
    into.add(rel);
    folders(node, rel, into);
  }
  return into;
}

export function sameBytes(a, b) {
  return a !== undefined && a.length === b.length && Buffer.compare(a, b) === 0;
}

// The flash: HOST copied to VM at start; sync() writes back what changed since the last
// sync and returns {wrote, removed} (paths relative to VM).
export class Mirror {
  constructor(FS, vm, host, skip = []) {
    this.host = host;
    this.skip = new Set(skip);
    mkdirSync(host, { recursive: true });
    copyInto(FS, host, vm, true);
    this.root = FS.lookupPath(vm).node;
    this.since = Date.now();
    this.files = walk(this.root, new Map(), -1, "", new Map(), this.skip);
    this.dirs = folders(this.root, "", new Set(), this.skip);
  }

  sync() {
    const since = this.since;
    this.since = Date.now();
    const now = walk(this.root, this.files, since, "", new Map(), this.skip);
    const wrote = [];
    const removed = [];
    const moved = new Set(); // files renamed in the VM: renamed on the host too
    const gone = new Map(); // node -> its old path, for files no longer there
    for (const [rel, entry] of this.files) if (!now.has(rel)) gone.set(entry.node, rel);
    for (const [rel, entry] of now) {
      const old = this.files.get(rel);
      if (old === entry || sameBytes(old && old.data, entry.data)) continue;
      const host = join(this.host, ...rel.split("/"));
      mkdirSync(join(host, ".."), { recursive: true });
      const from = gone.get(entry.node);
      if (from !== undefined && sameBytes(this.files.get(from).data, entry.data)) {
        renameSync(join(this.host, ...from.split("/")), host); // as littlefs: at once
        gone.delete(entry.node);
        moved.add(from);
      } else {
        // Whole files only, as littlefs commits them: a kill mid-write leaves the old file.
        writeFileSync(host + ".~mirror", entry.data);
        renameSync(host + ".~mirror", host);
      }
      wrote.push(rel);
    }
    for (const rel of this.files.keys()) {
      if (now.has(rel)) continue;
      if (!moved.has(rel)) rmSync(join(this.host, ...rel.split("/")), { force: true });
      removed.push(rel);
    }
    this.files = now;
    const dirs = folders(this.root, "", new Set(), this.skip);
    for (const rel of dirs) if (!this.dirs.has(rel)) mkdirSync(join(this.host, ...rel.split("/")), { recursive: true });
    for (const rel of [...this.dirs].reverse()) {
      if (!dirs.has(rel)) rmSync(join(this.host, ...rel.split("/")), { recursive: true, force: true });
    }
    this.dirs = dirs;
    return { wrote, removed };
  }
}
