# The fixture mrx_scratch around every test (ScratchEnvironment.cmake):
#   cmake -D MODE=prepare -D ROOT=DIR -P ScratchCheck.cmake   before the first test: ROOT emptied,
#       the system temporary folder's mrx-test-* entries noted (ROOT.before)
#   cmake -D MODE=check -D ROOT=DIR -P ScratchCheck.cmake     after the last: fails naming every
#       file or folder a test left in its scratch folders, and every mrx-test-* entry new in the
#       system temporary folder; ROOT is removed either way.
# A test's scratch folder may hold only the empty folders the test program made for itself
# (home, config, runtime, tmp): settings, runtime folders and scratch files must be gone.
cmake_minimum_required(VERSION 3.25)
if(DEFINED ENV{TMPDIR} AND NOT "$ENV{TMPDIR}" STREQUAL "")
    set(system_tmp "$ENV{TMPDIR}")
else()
    set(system_tmp "/tmp")
endif()
set(before "${ROOT}.before")

function(temporary_entries out)
    file(GLOB entries LIST_DIRECTORIES true "${system_tmp}/mrx-test-*")
    set(${out} ${entries} PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "prepare")
    file(REMOVE_RECURSE "${ROOT}")
    file(MAKE_DIRECTORY "${ROOT}")
    temporary_entries(entries)
    file(WRITE "${before}" "${entries}")
    return()
endif()
if(NOT MODE STREQUAL "check")
    message(FATAL_ERROR "ScratchCheck.cmake: MODE must be prepare or check, not '${MODE}'")
endif()

set(left "")
file(GLOB_RECURSE entries LIST_DIRECTORIES true "${ROOT}/*")
foreach(entry IN LISTS entries)
    string(LENGTH "${ROOT}/" prefix)
    string(SUBSTRING "${entry}" ${prefix} -1 relative)
    if(NOT relative MATCHES "^[^/]+(/(home|config|runtime|tmp))?$")
        list(APPEND left "${entry}")
    endif()
endforeach()

# New mrx-test-* entries in the system temporary folder. Another program's tests may be running
# there at the same time (their entries go when they end): an entry counts when it is still
# there a few seconds later.
set(known "")
if(EXISTS "${before}")
    file(READ "${before}" known)
endif()
set(fresh "")
temporary_entries(entries)
foreach(entry IN LISTS entries)
    if(NOT entry IN_LIST known)
        list(APPEND fresh "${entry}")
    endif()
endforeach()
if(fresh)
    execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 5)
    foreach(entry IN LISTS fresh)
        if(EXISTS "${entry}")
            list(APPEND left "${entry}")
        endif()
    endforeach()
endif()

file(REMOVE_RECURSE "${ROOT}")
file(REMOVE "${before}")
if(left)
    list(LENGTH left count)
    list(JOIN left "\n  " listing)
    message(FATAL_ERROR "the tests left ${count} files or folders behind "
                        "(${ROOT}/<test>/... names the test):\n  ${listing}")
endif()
message(STATUS "no test left anything behind")
