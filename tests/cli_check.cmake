# Runs `${SMALLGO} ${ARGS}` and checks its exit code against ${EXPECT}; when a failure is expected
# (EXPECT not 0), stderr must hold exactly one line. Used by the cli_* tests (see CMakeLists.txt).
# With INTERRUPT_AFTER set, the program gets SIGINT (Ctrl-C), or SIGNAL when set (e.g. TERM),
# after that many seconds.
separate_arguments(args UNIX_COMMAND "${ARGS}")
set(prefix)
if(NOT DEFINED SIGNAL)
  set(SIGNAL INT)
endif()
if(DEFINED INTERRUPT_AFTER)
  set(prefix timeout --preserve-status -s ${SIGNAL} ${INTERRUPT_AFTER})
endif()
execute_process(COMMAND ${prefix} ${SMALLGO} ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL EXPECT)
  message(FATAL_ERROR "smallgo ${ARGS}: exit code ${rc}, expected ${EXPECT}\nstderr: ${err}")
endif()
if(NOT EXPECT STREQUAL "0")
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  if(NOT lines EQUAL 1 OR NOT err MATCHES "\n$" OR err MATCHES "^\n")
    message(FATAL_ERROR "smallgo ${ARGS}: stderr is not exactly one line:\n${err}")
  endif()
  message(STATUS "smallgo ${ARGS}: exit ${rc}: ${err}")
elseif(NOT err STREQUAL "")
  message(FATAL_ERROR "smallgo ${ARGS}: unexpected stderr: ${err}")
endif()
