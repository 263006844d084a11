/**
 * A test harness for the panel models: reads {"panel", "options", "ops"} as JSON on
 * stdin, prints JSON of what the panel did. Ops (t in emulated microseconds):
 *   {"op": "reset", "t"}                       RST pulsed, released at t
 *   {"op": "cmd", "t", "c": byte, "d": [bytes] or "hex"}  one command and its data, CS high
 *   {"op": "data", "t", "d": [...] or "hex"}   data bytes only, CS high
 *   {"op": "busy", "t"}                        sample the BUSY level
 *   {"op": "image", "t"}                       the image now, as rows of "0"/"1"
 * Output: {busy: [levels], images: [[rows]], refreshes: [kinds], full, partial, errors}.
 */
import { SSD1680 } from "./ssd1680.mjs";
import { UC8151 } from "./uc8151.mjs";

const MODELS = { uc8151: UC8151, ssd1680: SSD1680 };

const bytes = (d) => (typeof d === "string" ? [...Buffer.from(d, "hex")] : (d ?? []));

function rows(panel) {
  const img = panel.image();
  const out = [];
  for (let r = 0; r < panel.height; r++) {
    out.push(img.subarray(r * panel.width, (r + 1) * panel.width).join(""));
  }
  return out;
}

function run(spec) {
  const Model = MODELS[spec.panel];
  if (!Model) throw new Error(`no panel model ${JSON.stringify(spec.panel)}`);
  const panel = new Model(spec.options ?? {});
  const out = { busy: [], images: [], refreshes: [] };
  panel.onRefresh = (kind, image) => {
    if (image.length !== panel.width * panel.height) throw new Error("bad image size");
    out.refreshes.push(kind);
  };
  for (const op of spec.ops) {
    const t = op.t ?? 0;
    if (op.op === "reset") panel.reset(t);
    else if (op.op === "cmd" || op.op === "data") {
      if (op.op === "cmd") panel.write(0, op.c, t);
      for (const b of bytes(op.d)) panel.write(1, b, t);
      panel.csHigh(t);
    } else if (op.op === "busy") out.busy.push(panel.busyLevel(t));
    else if (op.op === "image") {
      panel.advance(t);
      out.images.push(rows(panel));
    } else throw new Error(`unknown op ${JSON.stringify(op.op)}`);
  }
  return { ...out, full: panel.full, partial: panel.partial, errors: panel.errors };
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(JSON.stringify(run(JSON.parse(Buffer.concat(chunks).toString()))));
