# `smallgo solve BOARD --threads 1 --hash 2048 --proof F`, then `smallgo verify F --json`: exit 0,
# valid, the value VALUE (with the rules RULES, default tromp-taylor). The slow 4x4 certificate
# (ctest -L slow).
include(${CMAKE_CURRENT_LIST_DIR}/solve_and_verify.cmake)
if(NOT DEFINED RULES)
  set(RULES tromp-taylor)
endif()
set(file ${DIR}/cli_verify_${BOARD}_${RULES}.proof)
smallgo_solve_and_verify(${BOARD} ${RULES} ${VALUE} ${file} --hash 2048)
message(STATUS "${VERIFY_JSON}")
file(REMOVE ${file})
