# The SGF file that `${SMALLGO} ${ARGS} --sgf ${FILE}` writes (the cli_sgf_out_* tests): exit code
# 0 and the file's text matching MATCH1..MATCH3 (write "." for a ";", CMake's list separator).

cmake_minimum_required(VERSION 3.25)
file(REMOVE "${FILE}")
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND ${SMALLGO} ${args} --sgf "${FILE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "smallgo ${ARGS}: exit code ${rc}\n${out}${err}")
endif()
file(READ "${FILE}" sgf)
foreach(n IN ITEMS 1 2 3)
  if(DEFINED MATCH${n} AND NOT sgf MATCHES "${MATCH${n}}")
    message(FATAL_ERROR "smallgo ${ARGS}: the SGF does not match '${MATCH${n}}':\n${sgf}")
  endif()
endforeach()
message(STATUS "smallgo ${ARGS}:\n${sgf}")
