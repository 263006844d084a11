"""duelkeeper's development tools: the benches (``make bench``: ``bench.py`` runs them
all), the soak (``make soak``), the fuzzers, the autoplayer that plays the simulator as a
player reading its screens, and what they put on an emulated board (``onboard/``).

None of it is in the product's wheel: the root pyproject.toml packages ``duelkeeper``
and ``duelcore`` alone, and this package's own pyproject.toml installs it, editable, in
the development virtualenv (``make venv``). It may use the product and the simulator;
they never import it (tests/host/test_layout.py).
"""
