# Lists the test functions of a Qt Test executable (`EXE -functions`) and writes one CTest test per
# function into OUT, which the tests directory includes (TEST_INCLUDE_FILES) — for Qt Test what
# gtest_discover_tests is for GoogleTest, so that `ctest -N` lists every test and a failure names
# the function. Run after each build of the executable:
#   cmake -D EXE=... -D NAME=... -D OUT=... -D ENV=A=1|B=2 -D SCRATCH=DIR -P DiscoverQtTests.cmake
# Each function runs in its own process, with settings of its own (tests/ui/OwnSettings.cpp) and
# scratch folders of its own under SCRATCH (ScratchEnvironment.cmake), so the QSettings and files
# of tests that CTest runs at the same time never meet.
include(${CMAKE_CURRENT_LIST_DIR}/ScratchEnvironment.cmake)
string(REPLACE "|" ";" env "${ENV}")
# The listing's QApplication gets a runtime folder of its own too (Qt would make
# /tmp/runtime-$USER and leave it), removed right after.
set(runtime "${OUT}.runtime")
file(MAKE_DIRECTORY "${runtime}")
file(CHMOD "${runtime}" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                        "XDG_RUNTIME_DIR=${runtime}" ${env} "${EXE}" -functions
                OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE status TIMEOUT 60)
file(REMOVE_RECURSE "${runtime}")
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${EXE} -functions failed (${status}): ${errors}")
endif()
string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*\\(\\)" functions "${listing}")
if(NOT functions)
    message(FATAL_ERROR "${EXE} -functions listed no test function")
endif()
set(script "")
foreach(function IN LISTS functions)
    string(REPLACE "()" "" function "${function}")
    set(test "${NAME}.${function}")
    mrx_scratch_environment("${SCRATCH}" "${test}" scratch)
    set(environment "QT_QPA_PLATFORM=offscreen" ${env} ${scratch})
    string(APPEND script
        "add_test([=[${test}]=] [=[${EXE}]=] [=[${function}]=])\n"
        "set_tests_properties([=[${test}]=] PROPERTIES TIMEOUT 600 ENVIRONMENT [=[${environment}]=]"
        " FIXTURES_REQUIRED mrx_scratch)\n")
endforeach()
file(WRITE "${OUT}" "${script}")
