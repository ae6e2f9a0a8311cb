#!/bin/sh
# The Python reader's ctest (tests/CMakeLists.txt): `pip install ./python`
# into a fresh virtual environment of the build, then its pytest suite run
# from outside the source folder, so that `import roofline` is the installed
# package. --system-site-packages: Debian's pandas, jsonschema, pytest,
# setuptools and wheel (third_party/packages.txt); --no-build-isolation and
# --no-index: nothing is downloaded.
#   run_tests.sh PYTHON VENV_DIR
set -eu
python=$1
venv=$2
src=$(cd "$(dirname "$0")" && pwd)
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
venv=$(cd "$venv" && pwd)
# pip builds in the folder it installs from: a copy (the schemas' link
# followed), so that the source tree gets no build files.
cp -RL "$src" "$venv/source"
"$venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps --no-index "$venv/source"
cd "$venv"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$venv/source/tests"
