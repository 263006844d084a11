"""The device program (docs/firmware.md): modules import each other relatively."""
