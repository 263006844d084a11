"""The longest files start first: ``make test`` runs two workers a file at a time
(pytest-xdist's ``loadfile``), and a long file begun last would run alone at the end.
The Makefile passes ``--no-loadscope-reorder``: without it xdist hands out the files
with the most tests first, whatever their time."""

import pytest

# Longest first, by tools/test_times.py (docs/tests.md, "Time"); every other file keeps
# its place after them.
FIRST = (
    "tests/rp2/test_games.py",
    "tests/rp2/test_power_cuts.py",
    "tests/host/test_sync_e2e.py",
    "tests/firmware/test_text_fits.py",
    "tests/rp2/test_table_rp2.py",
    "tests/host/test_hostile_sync.py",
    "tests/firmware/test_bundle.py",
    "tests/host/test_hostile_device.py",
    "tests/rp2/test_deploy_rp2.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.path.relative_to(config.rootpath).as_posix()
        return FIRST.index(path) if path in FIRST else len(FIRST)

    items.sort(key=rank)
