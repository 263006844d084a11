// Runs Python code in a fresh MicroPython VM (the WebAssembly port, 32-bit like the RP2040).
//
//   node run.mjs [--heap BYTES] [--copy HOST=VMPATH]... SCRIPT|-
//   node run.mjs --serve [--heap BYTES] [--copy HOST=VMPATH]... [--mirror VMDIR=HOSTDIR]
//
// Each --copy puts a host file or folder tree at VMPATH in the VM's RAM filesystem
// (sys.path is ['', '.frozen', '/lib'], so --copy build/duelcore=/lib/duelcore makes the
// package importable, as .py or .mpy). The script comes from a file or, with '-', from
// standard input. The VM's output is relayed to stdout and stderr; an uncaught Python
// exception prints its traceback on stderr and exits 1.
//
// This VM collects garbage only between top-level calls: gc.collect() inside running code
// merely schedules a collection. So if the script leaves a generator in the global
// `vm_steps`, the runner resumes it from the top level until it is exhausted, collecting
// before each resumption: the code after each `yield` sees a fully collected heap.
//
// --serve keeps one VM alive for many top-level calls (the simulator: one app.tick() a
// call, so the GC can run between ticks as it would between calls on a board). Requests
// are JSON lines on stdin, one reply line on stdout each:
//   {"code": "..."}  ->  {"ok": true, "out": "...", "value": ..., "mem": "<base64>"|null,
//                         "wrote": [...], "removed": [...]}
//                    or  {"ok": false, "error": "<traceback>", "out": "..."}
// "out" is what the code printed. "value" is the global `_value` after the call, JSON
// text that the reply carries parsed; "mem" the VM memory at the global
// `_mem = "<address> <length>"` (uctypes.addressof), base64. Both are deleted after
// being read. They are strings on purpose: a Python container handed to JavaScript
// stays referenced by its proxy until JavaScript collects it, which would hold VM heap
// that the firmware's figures must not count.
// --mirror copies HOSTDIR into VMDIR at start (the VM has only a RAM filesystem) and,
// after every call, writes the files that changed under VMDIR back to HOSTDIR and
// deletes those that went ("wrote" and "removed" list them, relative to VMDIR).

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { copyInto, sameBytes, walk } from "./flash.mjs";

const { values, positionals } = parseArgs({
  options: {
    heap: { type: "string" },
    copy: { type: "string", multiple: true, default: [] },
    serve: { type: "boolean", default: false },
    mirror: { type: "string" },
  },
  allowPositionals: true,
});
if (positionals.length !== (values.serve ? 0 : 1)) {
  process.stderr.write(
    "usage: node run.mjs [--heap BYTES] [--copy HOST=VMPATH]... SCRIPT|-\n" +
      "       node run.mjs --serve [--heap BYTES] [--copy HOST=VMPATH]... [--mirror VMDIR=HOSTDIR]\n",
  );
  process.exit(2);
}

// Output arrives byte by byte; pass it on a line at a time so long runs stream.
function relay(stream) {
  let line = [];
  const flush = () => {
    if (line.length) stream.write(Uint8Array.from(line));
    line = [];
  };
  const put = (bytes) => {
    for (const b of bytes) {
      line.push(b);
      if (b === 10) flush();
    }
  };
  return { put, flush };
}

async function serve(mp, captured) {
  let mirror = null;
  if (values.mirror !== undefined) {
    const at = values.mirror.indexOf("=");
    mirror = { vm: values.mirror.slice(0, at), host: values.mirror.slice(at + 1) };
    mkdirSync(mirror.host, { recursive: true });
    copyInto(mp.FS, mirror.host, mirror.vm);
    mirror.root = mp.FS.lookupPath(mirror.vm).node;
    mirror.since = Date.now();
    mirror.files = walk(mirror.root, new Map(), -1);
  }
  const write = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    captured.length = 0;
    let reply;
    try {
      mp.runPython(JSON.parse(line).code);
      reply = { ok: true, value: null, mem: null };
      const globals = mp.globals;
      const value = globals.get("_value");
      if (value !== undefined) {
        reply.value = typeof value === "string" ? JSON.parse(value) : value;
        globals.delete("_value");
      }
      const at = globals.get("_mem");
      if (at !== undefined) {
        if (typeof at === "string") {
          const [addr, length] = at.split(" ").map(Number);
          const bytes = new Uint8Array(length);
          for (let i = 0; i < length; i++) bytes[i] = mp._module.getValue(addr + i, "i8");
          reply.mem = Buffer.from(bytes).toString("base64");
        }
        globals.delete("_mem");
      }
    } catch (e) {
      reply = { ok: false, error: String(e.message ?? e).trimEnd() };
    }
    reply.out = new TextDecoder().decode(Uint8Array.from(captured));
    if (mirror !== null) {
      const since = mirror.since;
      mirror.since = Date.now();
      const now = walk(mirror.root, mirror.files, since);
      reply.wrote = [];
      reply.removed = [];
      for (const [rel, entry] of now) {
        const old = mirror.files.get(rel);
        if (old === entry || sameBytes(old && old.data, entry.data)) continue;
        const host = join(mirror.host, ...rel.split("/"));
        mkdirSync(join(host, ".."), { recursive: true });
        writeFileSync(host, entry.data);
        reply.wrote.push(rel);
      }
      for (const rel of mirror.files.keys()) {
        if (now.has(rel)) continue;
        rmSync(join(mirror.host, ...rel.split("/")), { force: true });
        reply.removed.push(rel);
      }
      mirror.files = now;
    }
    write(reply);
  }
}

// In serve mode the VM's output (stdout and stderr) goes into each reply, not to stdout.
const captured = [];
const capture = (bytes) => {
  for (const b of bytes) captured.push(b);
};
const out = relay(process.stdout);
const err = relay(process.stderr);
const options = values.serve
  ? { stdout: capture, stderr: capture, linebuffer: false }
  : { stdout: out.put, stderr: err.put, linebuffer: false };
if (values.heap !== undefined) options.heapsize = Number(values.heap);
const mp = await loadMicroPython(options);

for (const spec of values.copy) {
  const at = spec.lastIndexOf("=");
  copyInto(mp.FS, spec.slice(0, at), spec.slice(at + 1));
}

if (values.serve) {
  await serve(mp, captured);
  process.exit(0);
}

const script = positionals[0] === "-" ? 0 : positionals[0];
try {
  mp.runPython(readFileSync(script, "utf8"));
  if (mp.globals.get("vm_steps") !== undefined) {
    do {
      mp.runPython("import gc\ngc.collect()");
      mp.runPython("vm_done = next(vm_steps, StopIteration) is StopIteration");
    } while (!mp.globals.get("vm_done"));
  }
} catch (e) {
  // PythonError's message is the traceback MicroPython printed.
  out.flush();
  err.put(new TextEncoder().encode(String(e.message ?? e).trimEnd() + "\n"));
  process.exitCode = 1;
}
out.flush();
err.flush();
