# `smallgo solve 3x3 --proof F`, then `smallgo verify F --json` (exit 0, valid, value 9), the same
# from standard input (`verify -`), then the
# certificate with one answer of White's removed (exit 1 and exactly one line on stderr, naming the
# line of the file); then territory leaves, and none with --no-territory.
include(${CMAKE_CURRENT_LIST_DIR}/solve_and_verify.cmake)
set(file ${DIR}/cli_verify_3x3.proof)
smallgo_solve_and_verify(3x3 tromp-taylor 9 ${file})
# The same certificate through a pipe (standard input, read once into memory).
execute_process(COMMAND ${SMALLGO} verify - --json INPUT_FILE ${file} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(JSON value GET "${out}" value)
if(NOT rc EQUAL 0 OR NOT value EQUAL 9)
  message(FATAL_ERROR "verify - < file: exit ${rc}, value ${value}\n${out}\n${err}")
endif()
file(READ ${file} text)
# White's first answer is a pass after Black's B2: drop "pass pass ." (White passes, Black passes).
string(REPLACE "B2 [ pass pass . " "B2 [ " broken "${text}")
if(broken STREQUAL text)
  message(FATAL_ERROR "the certificate does not start as expected:\n${text}")
endif()
file(WRITE ${file}.broken "${broken}")
execute_process(COMMAND ${SMALLGO} verify ${file}.broken RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
string(REGEX MATCHALL "\n" lines "${err}")
list(LENGTH lines count)
if(NOT rc EQUAL 1 OR NOT count EQUAL 1 OR NOT err MATCHES "rejected: line [0-9]+: ")
  message(FATAL_ERROR "verify of a broken certificate: exit ${rc}\nstderr: ${err}")
endif()
file(REMOVE ${file} ${file}.broken)
# The search and the certificate's leaves use unconditional territory: still B+9, some leaves
# settled by it; with --no-territory none is.
smallgo_solve_and_verify(3x3 tromp-taylor 9 ${file} --hash 64)
string(JSON territory GET "${VERIFY_JSON}" territory_leaves)
if(NOT territory GREATER 0)
  message(FATAL_ERROR "--proof: no territory leaf\n${VERIFY_JSON}")
endif()
smallgo_solve_and_verify(3x3 tromp-taylor 9 ${file} --hash 64 --no-territory)
string(JSON territory GET "${VERIFY_JSON}" territory_leaves)
if(NOT territory EQUAL 0)
  message(FATAL_ERROR "--proof --no-territory: territory leaves\n${VERIFY_JSON}")
endif()
file(REMOVE ${file})
# `--aim-only --proof`: the answer's bound certificate. 3x4 after B2 is B+4 (the reference solver's
# value; test_verify checks the same on random positions): asked for +4 the answer is yes (`bound
# black >= 4`), for +5 no (`bound black <= 4`); verify says which bound, and gives no value.
foreach(case "4;>= 4;at least 4" "5;<= 4;at most 4")
  list(GET case 0 aim)
  list(GET case 1 bound)
  list(GET case 2 words)
  smallgo_solve_and_verify(3x4 tromp-taylor "${bound}" ${file} --moves B2 --aim ${aim} --aim-only)
  if(NOT SOLVE_OUTPUT MATCHES "Answered --aim: ")
    message(FATAL_ERROR "solve --aim ${aim} --aim-only --proof:\n${SOLVE_OUTPUT}")
  endif()
  execute_process(COMMAND ${SMALLGO} verify ${file} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "Proven bound: the value is ${words} ")
    message(FATAL_ERROR "verify (text) of the --aim ${aim} answer: exit ${rc}\n${out}\n${err}")
  endif()
endforeach()
file(REMOVE ${file})
