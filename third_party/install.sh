#!/usr/bin/env bash
# Installs the Debian 12 packages listed in third_party/packages.txt (and, with --clpeak, clpeak for comparisons).
# Runs as root, or through sudo when it is available.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mapfile -t pkgs < <(grep -v '^\s*#' "$here/packages.txt" | sed '/^\s*$/d')
[ "${1:-}" = "--clpeak" ] && pkgs+=(clpeak)
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install.sh: run as root or install sudo" >&2; exit 1; }
  sudo=sudo
fi
missing=()
for p in "${pkgs[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -eq 0 ]; then echo "install.sh: all ${#pkgs[@]} packages present"; exit 0; fi
echo "install.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
