"""Where things are in the checkout.

The VM runner, the bench and the tests work on the source tree (the package is installed
editable), so paths are taken from this file's place in it.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "shared" / "duelcore"
NODE_MODULES = ROOT / "node_modules"
# The steering folder beside the checkout (as in CI), with the shared rule scenarios.
SCENARIOS = ROOT.parent / "shared" / "scenarios"
