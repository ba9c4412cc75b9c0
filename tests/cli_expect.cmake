# Runs `${SMALLGO} ${ARGS}` and checks its exit code against ${EXPECT} and its output against
# regular expressions: OUT_MATCHn and ERR_MATCHn (n = 1..3) must match stdout and stderr,
# OUT_NOT_MATCHn must not match stdout. Write "." for a ";" (CMake's list separator) in a
# pattern. Used by the cli_* tests of the program's output (see CMakeLists.txt).
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${SMALLGO} ${args}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL EXPECT)
  message(FATAL_ERROR "smallgo ${ARGS}: exit code ${rc}, expected ${EXPECT}\nstdout: ${out}\n"
                      "stderr: ${err}")
endif()
foreach(n IN ITEMS 1 2 3)
  if(DEFINED OUT_MATCH${n} AND NOT out MATCHES "${OUT_MATCH${n}}")
    message(FATAL_ERROR "smallgo ${ARGS}: stdout does not match '${OUT_MATCH${n}}':\n${out}")
  endif()
  if(DEFINED ERR_MATCH${n} AND NOT err MATCHES "${ERR_MATCH${n}}")
    message(FATAL_ERROR "smallgo ${ARGS}: stderr does not match '${ERR_MATCH${n}}':\n${err}")
  endif()
  if(DEFINED OUT_NOT_MATCH${n} AND out MATCHES "${OUT_NOT_MATCH${n}}")
    message(FATAL_ERROR "smallgo ${ARGS}: stdout matches '${OUT_NOT_MATCH${n}}':\n${out}")
  endif()
endforeach()
message(STATUS "smallgo ${ARGS}: exit ${rc}\n${out}${err}")
