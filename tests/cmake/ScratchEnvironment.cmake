# Every test's own scratch folders (tests leave nothing behind). Included by the
# CTest files that list the tests (the GoogleTest ones in tests/CMakeLists.txt, the Qt Test ones in
# DiscoverQtTests.cmake), so each test, by its name, gets in its ENVIRONMENT:
#   HOME, XDG_CONFIG_HOME, XDG_RUNTIME_DIR, TMPDIR    ROOT/<test>/{home,config,runtime,tmp}
#   XDG_CACHE_HOME, XDG_DATA_HOME, XDG_STATE_HOME     under that HOME
#   MRX_TEST_SCRATCH                                  ROOT
# and needs the fixture mrx_scratch: ScratchCheck.cmake empties ROOT before the first test and,
# after the last, fails naming every file a test left there (or as mrx-test-* in the system
# temporary folder) and removes ROOT. The test program makes its folders before main()
# (tests/support/ScratchEnvironment.cpp), so a test never writes into the real home, ~/.config
# or /tmp, and two tests that CTest runs at once never share one.

# mrx_scratch_environment(ROOT TEST OUT): the ENVIRONMENT list of test TEST.
function(mrx_scratch_environment root test out)
    # The folder: the test's name (without a parameter's printed value) cut to 60 characters,
    # then 8 digits of its hash, so that every test has its own and no path is too long.
    string(REGEX REPLACE "  # GetParam.*$" "" name "${test}")
    string(MAKE_C_IDENTIFIER "${name}" id)
    string(SUBSTRING "${id}" 0 60 id)
    string(MD5 hash "${test}")
    string(SUBSTRING "${hash}" 0 8 hash)
    set(dir "${root}/${id}-${hash}")
    set(${out}
        "MRX_TEST_SCRATCH=${root}"
        "HOME=${dir}/home"
        "XDG_CONFIG_HOME=${dir}/config"
        "XDG_CACHE_HOME=${dir}/home/.cache"
        "XDG_DATA_HOME=${dir}/home/.local/share"
        "XDG_STATE_HOME=${dir}/home/.local/state"
        "XDG_RUNTIME_DIR=${dir}/runtime"
        "TMPDIR=${dir}/tmp"
        PARENT_SCOPE)
endfunction()

# mrx_scratch_tests(ROOT TEST...): gives each TEST its scratch environment and the fixture.
# For tests whose ENVIRONMENT is otherwise empty (GoogleTest's), after their listing is read.
function(mrx_scratch_tests root)
    foreach(test IN LISTS ARGN)
        mrx_scratch_environment("${root}" "${test}" environment)
        set_tests_properties("${test}" PROPERTIES ENVIRONMENT "${environment}"
                             FIXTURES_REQUIRED mrx_scratch)
    endforeach()
endfunction()
