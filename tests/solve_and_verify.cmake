# smallgo_solve_and_verify(BOARD RULES VALUE FILE [solve options...]): `smallgo solve BOARD --rules
# RULES --threads 1 --proof FILE`, then `smallgo verify FILE --json`, which must exit 0 and say
# the certificate is valid and proves VALUE; the JSON goes to the variable VERIFY_JSON. For the
# -P scripts cli_verify.cmake and cli_verify_board.cmake (SMALLGO is the program).
function(smallgo_solve_and_verify board rules value file)
  execute_process(COMMAND ${SMALLGO} solve ${board} --rules ${rules} --threads 1 ${ARGN}
                          --proof ${file}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "Proof: .*Check it with: smallgo verify")
    message(FATAL_ERROR "solve --proof: exit ${rc}\n${out}\n${err}")
  endif()
  execute_process(COMMAND ${SMALLGO} verify ${file} --json RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(JSON valid GET "${out}" valid)
  string(JSON proven GET "${out}" value)
  if(NOT rc EQUAL 0 OR NOT valid STREQUAL "ON" OR NOT proven EQUAL ${value})
    message(FATAL_ERROR "verify: exit ${rc}, valid ${valid}, value ${proven}\n${out}\n${err}")
  endif()
  set(VERIFY_JSON "${out}" PARENT_SCOPE)
endfunction()
