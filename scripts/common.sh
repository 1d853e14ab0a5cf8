# Shared by run.sh and test.sh: install the Debian packages that are missing, configure, build.
# Sourced, not run.

# ccache keys on paths relative to the checkout, so a clone in another folder (CI's) reuses the
# objects a build of the same sources left in the cache.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"

# What building needs (compiler, CMake, libraries); tests and benchmarks add their own.
BUILD_PACKAGES=(g++ make cmake ccache nlohmann-json3-dev libcli11-dev libglpk-dev qt6-base-dev qt6-svg-dev
                libqcustomplot-dev pybind11-dev python3-dev python3-numpy)  # numpy: the module's columns
# dpkg-dev: the cpack .deb test; python3-pandas: the Batsim CSV test reads it as evalys would, and
# the Python module's tests (python/) with pytest; the notebook's: matplotlib, nbconvert, ipykernel.
TEST_PACKAGES=(libgtest-dev libbenchmark-dev libexpat1-dev python3 python3-pandas dpkg-dev
               python3-pytest python3-matplotlib python3-nbconvert jupyter-nbconvert python3-ipykernel)

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "error: installing packages needs root (run this script as root)" >&2; return 1; fi
}

# install_missing PKG... — apt-get install only what dpkg does not already have.
install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "== installing: ${missing[*]}"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" \
            || { as_root apt-get update -q && as_root env DEBIAN_FRONTEND=noninteractive \
                   apt-get install -y -q --no-install-recommends "${missing[@]}"; }
    fi
}

# build DIR CMAKE_ARGS... — configure (once) and build with every core.
# Python: Debian's /usr/bin/python3 (where the python3-* packages are), not another on PATH.
build() {
    local dir=$1; shift
    local python=()
    [ -x /usr/bin/python3 ] && python=(-DPython3_EXECUTABLE=/usr/bin/python3)
    cmake -S . -B "$dir" "${python[@]}" "$@"
    cmake --build "$dir" -j"$(nproc)"
}
