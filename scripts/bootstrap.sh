# Sourced by start.sh and test.sh: make sure uv exists and the locked environment is installed.
# Every step writes one line with its duration, also when the output is not a terminal.
_started_us() { echo "${EPOCHREALTIME/./}"; }
_seconds_since() { local us=$(( $(_started_us) - $1 )); printf '%d.%d s' $(( us / 1000000 )) $(( us / 100000 % 10 )); }

# pip --user and uv's own installer put uv here, which login shells often leave off PATH.
export PATH="$HOME/.local/bin:$PATH"
if ! command -v uv >/dev/null 2>&1; then
  step=$(_started_us)
  echo "Installing uv (Python package manager) with pip…" >&2
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
  echo "uv installed in $(_seconds_since "$step")." >&2
fi
step=$(_started_us)
if [ ! -d .venv ]; then
  echo "Installing the Python packages into .venv (the first time takes a few minutes)…" >&2
fi
# Bytecode is compiled at install: a cold start must not pay for compiling ~900 modules,
# and PYTHONDONTWRITEBYTECODE environments would otherwise pay it on every run.
uv sync --frozen --python 3.11 --quiet --compile-bytecode
python_bin=".venv/bin/python"
"$python_bin" -m compileall -q -j 0 singularity ingestion eval >/dev/null
echo "Python environment ready in $(_seconds_since "$step")." >&2
