# Everything a fresh machine needs is installed from here: Python 3.11 and Node 20 are
# the only prerequisites. Stamp files make each install step run again only when its
# pins change.

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STUBS := micropython-rp2-rpi-pico-stubs==1.29.0.post1
# Device code, type-checked against the MicroPython stubs once there is any.
DEVICE_PY := $(shell find firmware boards -name '*.py' 2>/dev/null)

.PHONY: venv node_modules typings fonts test check bench sim screenshots clean

# The product, and beside it the development tools that are not in its wheel
# (host/duelkeeper_dev: benches, soak, fuzzers), both editable.
venv: $(VENV)/.stamp
$(VENV)/.stamp: pyproject.toml host/duelkeeper_dev/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]' -e host/duelkeeper_dev
	touch $@

node_modules: node_modules/.stamp
node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

typings: typings/.stamp
typings/.stamp: Makefile | $(VENV)/.stamp
	rm -rf typings
	$(PY) -m pip install -q --target typings '$(STUBS)'
	touch $@

# The fonts the device's Japanese and Russian glyphs are drawn from (tools/make_lang.py,
# docs/languages.md "Fonts"), and the report's fallback for names in Chinese, Japanese and
# Korean (host/duelkeeper/report.py, docs/play-log.md): three of Debian's packages, pinned,
# unpacked into build/fonts (apt-get download needs no root once the package lists are
# there; as root it fetches them first where a fresh machine has none).
FONT_DEBS := fonts-misaki=20210505-1 xfonts-shinonome=1:0.9.11-7 fonts-wqy-microhei=0.2.0-beta-3.1
FONTS := build/fonts
fonts: $(FONTS)/.stamp
$(FONTS)/.stamp: Makefile
	rm -rf $(FONTS) && mkdir -p $(FONTS)
	cd $(FONTS) && { apt-get download $(FONT_DEBS) 2>/dev/null || \
	  { apt-get update -qq && apt-get download $(FONT_DEBS); }; }
	for deb in $(FONTS)/*.deb; do dpkg-deb -x $$deb $(FONTS)/root; done
	touch $@

# A worker a core, a test file each at a time, the longest files first (tests/conftest.py);
# the slowest tests are listed at the end (docs/tests.md, "Time").
test: venv node_modules fonts
	$(PY) -m pytest -q --durations=12 -n auto --dist loadfile --no-loadscope-reorder

check: venv typings fonts
	$(PY) tools/make_lang.py --check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy host/duelkeeper host/duelkeeper_dev shared/duelcore
	@if [ -n "$(DEVICE_PY)" ]; then MYPYPATH=typings $(VENV)/bin/mypy $(DEVICE_PY); \
	else echo "mypy: no device code in firmware/ or boards/ yet, skipped"; fi

bench: venv node_modules
	$(PY) -m duelkeeper_dev.bench

# The one file a user installs on a Pico: the base firmware and the program for BOARD
# (docs/rp2.md, "The firmware"), e.g. make uf2 BOARD=pico_inky_pack.
.PHONY: uf2
BOARD ?= badger2040
uf2: venv
	mkdir -p build && $(VENV)/bin/duelkeeper uf2 --board $(BOARD) -o build/duelkeeper-$(BOARD).uf2

# A long random walk of button presses on the emulated RP2040 (not in `make test`: it
# takes hours of wall time; docs/rp2.md, "Soak"). SOAK_ARGS passes options on, e.g.
# make soak SOAK_ARGS="--presses 500 --seed 2".
.PHONY: soak
soak: venv node_modules
	$(PY) -m duelkeeper_dev.soak $(SOAK_ARGS)

# The device in this terminal (keys: see the line under the frame). SIM_ARGS passes
# options on, e.g. make sim SIM_ARGS="--runtime cpython --size 250x122".
sim: venv node_modules
	$(VENV)/bin/duelkeeper sim $(SIM_ARGS)

# docs/screenshots/*.png from the button scripts beside them (tools/screenshot_scripts.py
# writes the scripts), played on the MicroPython VM by `duelkeeper sim`; the same scripts
# in Japanese and Russian write docs/screenshots/ja/ and ru/ (docs/languages.md), where a
# script of the same name there (ja/7wd.txt: setup's lists in the language's order) wins.
screenshots: venv node_modules
	@set -e; for lang in en ja ru; do \
	  out=docs/screenshots; [ $$lang = en ] || out=docs/screenshots/$$lang; mkdir -p $$out; \
	  for script in docs/screenshots/*.txt; do \
	    [ ! -f $$out/$$(basename $$script) ] || script=$$out/$$(basename $$script); \
	    tmp=$$(mktemp -d); \
	    $(VENV)/bin/duelkeeper sim --storage $$tmp/flash --lang $$lang --script $$script \
	      --screenshot $$tmp/shots --scale 2; \
	    for png in $$tmp/shots/*.png; do \
	      case $$(basename $$png) in [0-9][0-9][0-9][0-9].png) ;; *) cp $$png $$out/ ;; esac; \
	    done; \
	    rm -rf $$tmp; \
	  done; \
	done

clean:
	rm -rf $(VENV) node_modules typings build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name '__pycache__' -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
