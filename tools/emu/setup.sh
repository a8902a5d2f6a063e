#!/usr/bin/env bash
# Set up the emulated Pico on a fresh machine: the build's Debian packages (as root), the
# emulator venv (build/emu/venv, from tools/emu/requirements.txt) and the firmware, which is
# built once and then cached (tools/emu/README.md). Prints the firmware's path. Safe to re-run.
set -euo pipefail
cd "$(dirname "$0")/../.."

PYTHON=${PYTHON:-python3}
EMU_VENV=${EMU_VENV:-build/emu/venv}

missing=()
for pkg in $("$PYTHON" -c 'from tools.emu import recipe; print(" ".join(recipe.HOST_PACKAGES))'); do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "emu setup: as root, apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "emu setup: apt-get install ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The venv installs the project too (editable, pyproject.toml), as .venv does: tools/emu's and
# tools/uf2's modules, the tools package and the firmware's modules import by name.
stamp="$EMU_VENV/.installed"
if [ ! -f "$stamp" ] || [ tools/emu/requirements.txt -nt "$stamp" ] \
  || [ pyproject.toml -nt "$stamp" ]; then
  test -x "$EMU_VENV/bin/python" || "$PYTHON" -m venv "$EMU_VENV"
  "$EMU_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r tools/emu/requirements.txt
  "$EMU_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-deps --no-build-isolation --editable .
  touch "$stamp"
fi

"$EMU_VENV/bin/python" -m tools.emu.emu firmware
