# The .deb: `cpack` (its staging install and dpkg-deb, about 10 s) into a scratch folder, then
# `dpkg -c` must list mrsim with its man page and bash completion, and mrx with its man page when
# the GUI is built, and the Python package mrx in Debian's dist-packages when it is built; the
# completion must complete mrsim's commands and the registry's algorithm ids.
#   cmake -D BUILD=DIR -D GUI=ON|OFF -D PYTHON=ON|OFF -D MRSIM=PATH -D COMPLETION=FILE -P InstallCheck.cmake
set(stage "$ENV{TMPDIR}/cpack-check")
# cpack builds what is out of date first; ccache would keep its cache in the test's scratch HOME,
# which the scratch check then finds left behind.
set(ENV{CCACHE_DISABLE} 1)
file(REMOVE_RECURSE "${stage}")
execute_process(COMMAND ${CMAKE_CPACK_COMMAND} --config ${BUILD}/CPackConfig.cmake -B ${stage}
                RESULT_VARIABLE status OUTPUT_VARIABLE log ERROR_VARIABLE log)
file(GLOB debs "${stage}/*.deb")
if(NOT status EQUAL 0 OR NOT debs)
    message(FATAL_ERROR "cpack made no .deb (${status}):\n${log}")
endif()
execute_process(COMMAND dpkg -c ${debs} OUTPUT_VARIABLE listing RESULT_VARIABLE status)
set(expected usr/bin/mrsim usr/share/man/man1/mrsim.1.gz
             usr/share/bash-completion/completions/mrsim)
if(GUI)
    list(APPEND expected usr/bin/mrx usr/share/man/man1/mrx.1.gz)
endif()
if(PYTHON)
    list(APPEND expected usr/lib/python3/dist-packages/mrx/__init__.py
                usr/lib/python3/dist-packages/mrx/__init__.pyi)
    if(NOT listing MATCHES " \\./usr/lib/python3/dist-packages/mrx/_core\\.[^/\n]*\\.so\n")
        message(SEND_ERROR "dpkg -c lists no compiled mrx/_core module in the .deb:\n${listing}")
    endif()
endif()
foreach(file IN LISTS expected)
    string(FIND "${listing}" " ./${file}\n" at)
    if(at EQUAL -1)
        message(SEND_ERROR "dpkg -c lists no /${file} in the .deb:\n${listing}")
    endif()
endforeach()
execute_process(COMMAND gzip -dc ${BUILD}/packaging/mrsim.1.gz OUTPUT_VARIABLE page)
if(NOT page MATCHES "\\.TH MRSIM 1")
    message(SEND_ERROR "mrsim.1.gz is not mrsim's man page")
endif()
file(REMOVE_RECURSE "${stage}")

# Completion: the command names after `mrsim`, algorithm ids after --algorithm.
function(complete words cword expect)
    execute_process(
        COMMAND bash -c "source \"$1\"; COMP_WORDS=($2); COMP_CWORD=$3; _mrsim; echo \"\${COMPREPLY[*]}\""
                complete "${COMPLETION}" "${words}" "${cword}"
        OUTPUT_VARIABLE reply OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT reply STREQUAL expect)
        message(SEND_ERROR "completing '${words}' (word ${cword}) gave '${reply}', not '${expect}'")
    endif()
endfunction()
complete("${MRSIM} sweep" 1 "sweep sweep-load sweep-faults")
complete("${MRSIM} run x.json --algorithm bal" 4 "balanced-pools")
complete("${MRSIM} compare x.json --algorithms fifo,min-edf" 4 "fifo,min-edf fifo,min-edf-wc")
complete("${MRSIM} generate face" 2 "facebook facebook-1000")
complete("${MRSIM} run x.json --tasks" 3 "--tasks-csv")
