# Sourced by start.sh and test.sh: make sure uv exists and the locked environment is installed.
if ! command -v uv >/dev/null 2>&1; then
  echo "Installing uv (Python package manager) with pip…" >&2
  python3 -m pip install --quiet --user uv 2>/dev/null || python3 -m pip install --quiet uv
  export PATH="$HOME/.local/bin:$PATH"
fi
# Bytecode is compiled at install: a cold start must not pay for compiling ~900 modules,
# and PYTHONDONTWRITEBYTECODE environments would otherwise pay it on every run.
uv sync --frozen --python 3.11 --quiet --compile-bytecode
python_bin=".venv/bin/python"
"$python_bin" -m compileall -q -j 0 singularity ingestion eval >/dev/null
