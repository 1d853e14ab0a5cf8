#!/usr/bin/env bash
# The .deb as a user installs it: cpack's package (of the main build when there, else a Release
# build without tests) installed with `apt-get install ./mrx*.deb`, then Debian's python3 imports
# mrx from outside the tree with no PYTHONPATH and runs a sample; the package is removed after.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/common.sh
install_missing "${BUILD_PACKAGES[@]}" dpkg-dev

dir=build-test
if [ ! -f "$dir/CMakeCache.txt" ]; then
    dir=build-deb
    build "$dir" -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF
fi
out=$(mktemp -d /tmp/mrx-deb.XXXXXX)
package=mr-schedule-explorer
trap 'as_root apt-get remove -y -q "$package" > /dev/null 2>&1 || true; rm -rf "$out"' EXIT
cpack --config "$dir/CPackConfig.cmake" -B "$out" > "$out/log" 2>&1 || { cat "$out/log"; exit 1; }
deb=$(echo "$out"/*.deb)
cp "$deb" "$out/mrx.deb"  # the name a user types: ./mrx*.deb
cd "$out"
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./mrx*.deb > log 2>&1 \
    || { cat log; exit 1; }
echo "deb-python: Depends: $(dpkg-deb -f mrx.deb Depends)"
sample=/usr/share/mrx/samples/figure4-scenario2.json
makespan=$(env -u PYTHONPATH /usr/bin/python3 -c \
    "import mrx; print(mrx.run(mrx.load('$sample'), 'johnson').makespan)")
echo "deb-python: $(basename "$deb") installed; import mrx in $PWD: johnson makespan $makespan"
if [ "$makespan" != "47.0" ]; then
    echo "deb-python: expected 47.0 ([Verma12] Figure 4, scenario 2)"
    exit 1
fi
as_root apt-get remove -y -q "$package" > /dev/null
if env -u PYTHONPATH /usr/bin/python3 -c "import mrx" 2> /dev/null; then
    echo "deb-python: mrx still imports after apt-get remove"
    exit 1
fi
echo "deb-python: removed"
