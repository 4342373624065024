"""The test suite. Two parallel workers share the machine's two cores, so a pool of OpenMP or
OpenBLAS threads in each process only spins waiting for a core: the bundled embedder's engine
(OpenMP) spent 0.5–1.6 s of CPU on one query under load against 0.02 s with one thread, for
the same vectors (its loops split rows among threads, no sum crosses them). Set here, before
anything loads those libraries; processes the tests start inherit it."""

import os

for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
