"""Every subcommand explains itself: help text in the table and a working --help."""

import pytest

from duelkeeper.cli import COMMANDS, main


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_has_help(command, capsys: pytest.CaptureFixture[str]) -> None:
    assert command.help.strip()
    with pytest.raises(SystemExit) as done:
        main([command.name, "--help"])
    assert done.value.code == 0
    assert command.help in " ".join(capsys.readouterr().out.split())


def test_top_level_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(c.name in out for c in COMMANDS)
