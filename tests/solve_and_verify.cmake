# smallgo_solve_and_verify(BOARD RULES VALUE FILE [solve options...]): `smallgo solve BOARD --rules
# RULES --threads 1 --proof FILE`, then `smallgo verify FILE --json`, which must exit 0 and say
# the certificate is valid and proves VALUE: a number (a value certificate), or a bound such as
# ">= 4" (a bound certificate of `--aim-only`, which must then state no value). solve's output
# goes to the variable SOLVE_OUTPUT, verify's JSON to VERIFY_JSON. For the -P scripts
# cli_verify.cmake and cli_verify_board.cmake (SMALLGO is the program).
function(smallgo_solve_and_verify board rules value file)
  execute_process(COMMAND ${SMALLGO} solve ${board} --rules ${rules} --threads 1 ${ARGN}
                          --proof ${file}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE solved ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT solved MATCHES "Proof: .*Check it with: smallgo verify")
    message(FATAL_ERROR "solve --proof: exit ${rc}\n${solved}\n${err}")
  endif()
  execute_process(COMMAND ${SMALLGO} verify ${file} --json RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(JSON valid GET "${out}" valid)
  if(value MATCHES "^[<>]=")
    string(JSON proven GET "${out}" bound)
    string(JSON has_value ERROR_VARIABLE no_value GET "${out}" value)
    set(proves_it FALSE)
    if(proven STREQUAL "${value}" AND no_value)
      set(proves_it TRUE)
    endif()
  else()
    string(JSON proven GET "${out}" value)
    set(proves_it FALSE)
    if(proven EQUAL ${value})
      set(proves_it TRUE)
    endif()
  endif()
  if(NOT rc EQUAL 0 OR NOT valid STREQUAL "ON" OR NOT proves_it)
    message(FATAL_ERROR "verify: exit ${rc}, valid ${valid}, proven ${proven}\n${out}\n${err}")
  endif()
  set(SOLVE_OUTPUT "${solved}" PARENT_SCOPE)
  set(VERIFY_JSON "${out}" PARENT_SCOPE)
endfunction()
