# `smallgo solve BOARD --threads 1 --proof F`, then `smallgo verify F --json`: exit 0, valid, the
# value VALUE (with the rules RULES, default tromp-taylor). The slow 4x4 certificate (ctest -L slow).
if(NOT DEFINED RULES)
  set(RULES tromp-taylor)
endif()
set(file ${DIR}/cli_verify_${BOARD}_${RULES}.proof)
execute_process(COMMAND ${SMALLGO} solve ${BOARD} --rules ${RULES} --threads 1 --hash 2048
                        --proof ${file}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "Proof: ")
  message(FATAL_ERROR "solve --proof: exit ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${SMALLGO} verify ${file} --json RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
string(JSON valid GET "${out}" valid)
string(JSON value GET "${out}" value)
if(NOT rc EQUAL 0 OR NOT valid STREQUAL "ON" OR NOT value EQUAL ${VALUE})
  message(FATAL_ERROR "verify: exit ${rc}, valid ${valid}, value ${value}\n${out}\n${err}")
endif()
message(STATUS "${out}")
file(REMOVE ${file})
