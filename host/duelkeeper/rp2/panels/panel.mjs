/**
 * What the two e-paper controller models share: the 4-wire SPI command/data framing,
 * BUSY timing in emulated microseconds, deep sleep, protocol errors and the refresh
 * counters. The controllers' own commands live in uc8151.mjs and ssd1680.mjs.
 *
 * Framing (UC8151C datasheet, "MCU serial interface (4-wire SPI)"; SSD1680 datasheet,
 * section 6.2 "MCU Serial Peripheral Interface"): a byte clocked with D/C# low is a
 * command, with D/C# high a parameter of the last command. CS# high only resets the
 * bit counter: a command's parameters go on across CS# pulses until the next command
 * (vendor code sends each parameter in its own CS# frame), so csHigh() ends nothing.
 *
 * Both datasheets say the host must not send commands while the controller is busy
 * (UC8151C "BUSY_N": low while busy; SSD1680 section 6.8 "BUSY": high while busy).
 * The models record such bytes in `errors` and drop them.
 *
 * Times are Numbers of emulated microseconds. A refresh completes (image, counter,
 * onRefresh) at the first call made at or after its end: busyLevel(), write(), csHigh(),
 * reset() or advance(nowUs), which a runner may call on its own to settle the panel.
 *
 * Image convention (the same for both): image() is width * height bytes, row r is gate
 * line r (gate 0 first), column c is source c (source 0 first), 1 = black. The board's
 * mounting (rotation, mirroring) is not the panel's business: the Python side applies it.
 */

/** One command: min/max parameter counts, and what to do with them. */
export class Command {
  /**
   * @param {string} name datasheet mnemonic
   * @param {object} how {min, max, apply(params, nowUs)} for register writes (applied each
   *   time a parameter arrives once `min` are in), {run(nowUs)} for a command without
   *   parameters, {start(nowUs), data(byte, nowUs)} for a RAM write stream.
   */
  constructor(name, how) {
    this.name = name;
    this.min = how.min ?? 0;
    this.max = how.max ?? (how.data || how.any ? Infinity : this.min);
    this.apply = how.apply ?? null;
    this.run = how.run ?? null;
    this.start = how.start ?? null;
    this.data = how.data ?? null;
  }
}

/** A register write: once `min` parameters are in, `fields(params)` is assigned to the model. */
export const setter = (name, min, fields, max = min) =>
  new Command(name, {
    min,
    max,
    apply(p) {
      Object.assign(this, fields(p));
    },
  });

/** A command the model accepts and ignores (voltages, LUT timing, OTP): any parameters. */
export const accepted = (name) => new Command(name, { any: true });

const hex = (b) => "0x" + b.toString(16).padStart(2, "0");

export class Panel {
  /**
   * @param {number} width sources
   * @param {number} height gate lines
   * @param {{fullMs?: number, partialMs?: number}} options refresh durations
   * @param {{fullMs: number, partialMs: number}} defaults the model's documented figures
   */
  constructor(width, height, options, defaults) {
    this._width = width;
    this._height = height;
    this.fullMs = options.fullMs ?? defaults.fullMs;
    this.partialMs = options.partialMs ?? defaults.partialMs;
    this.shown = new Uint8Array(width * height); // a blank (white) panel
    this.full = 0;
    this.partial = 0;
    this.errors = [];
    this.onRefresh = null;
    this.sleeping = false;
    this._busyUntil = 0;
    this._pending = null; // {kind, image} applied when the busy time ends
    this._cmd = null; // the Command taking parameters, or null
    this._code = 0;
    this._params = [];
    this._discard = false; // drop parameters of a refused command silently
  }

  get width() {
    return this._width;
  }

  get height() {
    return this._height;
  }

  /** The image after the last completed refresh (a copy). */
  image() {
    return this.shown.slice();
  }

  /** Completes a refresh whose busy time has run out by `nowUs`. */
  advance(nowUs) {
    if (this._pending !== null && nowUs >= this._busyUntil) {
      const { kind, image } = this._pending;
      this._pending = null;
      this.shown = image;
      this[kind] += 1;
      if (this.onRefresh) this.onRefresh(kind, image.slice());
    }
  }

  /** True while the controller is busy (refresh, reset, power sequence). */
  isBusy(nowUs) {
    this.advance(nowUs);
    return nowUs < this._busyUntil;
  }

  /** Busy for `ms` from `nowUs`; `pending` ({kind, image}) shows when that ends. */
  busyFor(nowUs, ms, pending = null) {
    this._busyUntil = nowUs + Math.round(ms * 1000);
    this._pending = pending;
  }

  error(nowUs, text) {
    this.errors.push(`${(nowUs / 1000).toFixed(3)} ms: ${text}`);
  }

  /** RST# pulsed low then released at `nowUs`: a refresh under way is lost. */
  reset(nowUs) {
    this.advance(nowUs);
    this._pending = null;
    this._endCommand(nowUs);
    this._discard = false;
    this.sleeping = false;
    this.hardwareReset(nowUs);
  }

  csHigh(nowUs) {
    this.advance(nowUs);
  }

  write(dc, byte, nowUs) {
    this.advance(nowUs);
    if (this.sleeping) {
      if (!dc) this.error(nowUs, `command ${hex(byte)} ignored in deep sleep (only a reset wakes)`);
      this._cmd = null;
      return;
    }
    if (nowUs < this._busyUntil) {
      const what = dc ? "data" : "command";
      // One error for a refused command and its parameters, or for a run of data.
      if (!dc || !this._discard) this.error(nowUs, `${what} ${hex(byte)} while busy`);
      if (!dc) this._endCommand(nowUs);
      this._discard = true;
      return;
    }
    if (!dc) {
      this._endCommand(nowUs);
      this._discard = false;
      const cmd = this.commands[byte];
      if (!cmd) {
        this.error(nowUs, `unknown command ${hex(byte)}`);
        this._discard = true;
        return;
      }
      this._cmd = cmd;
      this._code = byte;
      this._params = [];
      if (cmd.run) cmd.run.call(this, nowUs);
      if (cmd.start) cmd.start.call(this, nowUs);
      if (cmd.max === 0) {
        if (cmd.apply) cmd.apply.call(this, [], nowUs);
        this._cmd = null;
      }
      return;
    }
    if (this._discard) return;
    const cmd = this._cmd;
    if (cmd === null) {
      this.error(nowUs, `data ${hex(byte)} with no command`);
      this._discard = true;
      return;
    }
    if (cmd.data) {
      cmd.data.call(this, byte, nowUs);
      return;
    }
    if (this._params.length === cmd.max) {
      this.error(nowUs, `${cmd.name} (${hex(this._code)}): more than ${cmd.max} parameters`);
      this._discard = true;
      return;
    }
    this._params.push(byte);
    if (cmd.apply && this._params.length >= cmd.min) cmd.apply.call(this, this._params, nowUs);
  }

  _endCommand(nowUs) {
    const cmd = this._cmd;
    if (cmd !== null && !cmd.data && this._params.length < cmd.min) {
      this.error(
        nowUs,
        `${cmd.name} (${hex(this._code)}): ${this._params.length} of ${cmd.min} parameters`,
      );
    }
    this._cmd = null;
  }
}

export { hex };
