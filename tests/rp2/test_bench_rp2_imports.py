"""What each module costs on the real port (duelkeeper_dev.bench_rp2_imports): the import
watcher's lines read back, the order of the imports, and one run on the emulated board."""

from rp2help import needs_rp2

from duelkeeper_dev import bench_rp2_imports, devmodules
from duelkeeper_dev.bench_rp2_imports import Row, parse

# Lines as the watcher prints them: duelcore.compat imported inside duelcore.engine,
# a built-in module looked up (nothing loaded), a pool of names opened by the engine.
SAID = (
    "START 10016\r\n"
    "qstr pool: n_pool=3, n_qstr=60, n_str_data_bytes=600, n_total_bytes=1500\r\n"
    "AT duelcore.engine\r\n"
    "IMPORT 1 112 685 duelcore.compat\r\n"
    "qstr pool: n_pool=3, n_qstr=71, n_str_data_bytes=662, n_total_bytes=1562\r\n"
    "IMPORT 1 0 101 \r\n"
    "qstr pool: n_pool=4, n_qstr=99, n_str_data_bytes=891, n_total_bytes=2791\r\n"
    "IMPORT 0 3000 20400 duelcore.engine,duelcore.compat\r\n"
    "qstr pool: n_pool=4, n_qstr=99, n_str_data_bytes=891, n_total_bytes=2791\r\n"
    "AT firmware.sync\r\n"
    "IMPORT 0 1216 20092 firmware.sync\r\n"
)


def test_parse_takes_nested_imports_off_their_parent() -> None:
    rows = parse(SAID, {"duelcore.engine"})
    assert rows == [
        Row(("duelcore.compat",), 112, 685, True, False, 11),
        Row((), 0, 101, True, False),
        # 3000 less compat's 112; the pool (1000 bytes of tables) opened in its own code,
        # and the 28 names interned before the built-in's line are the engine's
        Row(("duelcore.engine",), 2888, 20400, True, True, 28),
        Row(("firmware.sync",), 1216, 20092, False, False),
    ]


def test_order_puts_each_module_after_what_it_imports() -> None:
    edges = devmodules.graph()
    order = devmodules.order(["firmware.app"], edges)
    assert order[-1] == "firmware.app"
    at = {name: i for i, name in enumerate(order)}
    # firmware's packages import nothing of their own (duelcore's __init__ imports its
    # engine, which must then come before its package: the watcher sorts that out)
    for name in (n for n in order if n.startswith("firmware")):
        for other in edges[name]:
            assert at[other] < at[name], (name, other)
    assert edges["firmware.app"] <= set(order)


def test_the_top_graph_leaves_out_imports_inside_functions() -> None:
    # gamelist imports a game's tracking screen when the game starts, not at its top
    assert "firmware.games.sevenwonders.track" in devmodules.graph()["firmware.gamelist"]
    assert (
        "firmware.games.sevenwonders.track" not in devmodules.graph(top=True)["firmware.gamelist"]
    )
    # session imports the setup screens only where a setup is resumed, speak at its top
    assert "firmware.screens.setup" in devmodules.graph()["firmware.session"]
    assert "firmware.screens.setup" not in devmodules.graph(top=True)["firmware.session"]
    assert "firmware.speak" in devmodules.graph(top=True)["firmware.session"]


def test_code_objects_counts_every_function_and_class_body() -> None:
    # firmware/gfx/font.py: its top level only; firmware/crc.py: the top level and one function
    assert bench_rp2_imports.code_objects("firmware.gfx.font") == 1
    assert bench_rp2_imports.code_objects("firmware.crc") == 2


@needs_rp2
def test_every_module_the_app_boots_with_has_its_row() -> None:
    rows, tail = bench_rp2_imports.measure()
    boot = [r for r in rows if r.boot]
    loaded = {m for r in boot for m in r.modules}
    edges = devmodules.graph(top=True)
    wanted = set(
        devmodules.order([*bench_rp2_imports.boot_imports(), "boards.pico_inky_pack"], edges)
    )
    # the launcher's package, and the CPython clock the board's image does not hold
    assert wanted - {"firmware", "firmware.hostclock"} <= loaded, sorted(wanted - loaded)
    later = {m for r in rows if not r.boot for m in r.modules}
    assert "firmware.games.sevenwonders.track" in later and "firmware.sync" in later
    assert all(r.heap >= 0 and r.us >= 0 for r in rows)
    assert sum(r.heap for r in boot) > 20 * 1024  # the whole program: tens of KB
    assert "n_pool=" in tail
    # the program's names are in the base firmware (frozennames): its import interns few
    assert sum(r.names for r in rows) < 64, sorted((r.names, r.modules) for r in rows)[-5:]
    text = bench_rp2_imports.report(rows, tail)
    assert "firmware.app" in text and "interned names" in text and "new names" in text
