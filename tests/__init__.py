"""The test suite. Two parallel workers share the machine's two cores, so a pool of OpenMP or
OpenBLAS threads in each process only spins waiting for a core: the bundled embedder's engine
(OpenMP) spent 0.5–1.6 s of CPU on one query under load against 0.02 s with one thread, for
the same vectors (its loops split rows among threads, no sum crosses them). Set here, before
anything loads those libraries; processes the tests start inherit it.

The test modules' compiled code is cached even where ``PYTHONDONTWRITEBYTECODE`` is set (as
``scripts/bootstrap.sh`` compiles the project's own code): pytest rewrites the asserts of
every test module it imports and keeps the result only where bytecode may be written, so
without this every parallel worker of every run parsed and rewrote all of them again, about
4 s of CPU each (collection 11.7 → 7.8 s of CPU per worker). Set here, before pytest imports
the first conftest."""

import os
import sys

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
sys.dont_write_bytecode = False
