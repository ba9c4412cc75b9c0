# `smallgo solve BOARD --threads 1 --hash HASH [--moves MOVES] --proof F`, then `smallgo verify F
# --json`: exit 0, valid, the value VALUE (with the rules RULES, default tromp-taylor; HASH
# default 2048; MOVES a space-separated list, default none). The 4x4 and 5x5 certificates.
include(${CMAKE_CURRENT_LIST_DIR}/solve_and_verify.cmake)
if(NOT DEFINED RULES)
  set(RULES tromp-taylor)
endif()
if(NOT DEFINED HASH)
  set(HASH 2048)
endif()
set(moves)
if(DEFINED MOVES)
  separate_arguments(moves UNIX_COMMAND "${MOVES}")
  list(PREPEND moves --moves)
endif()
set(file ${DIR}/cli_verify_${BOARD}_${RULES}.proof)
smallgo_solve_and_verify(${BOARD} ${RULES} ${VALUE} ${file} --hash ${HASH} ${moves})
message(STATUS "${VERIFY_JSON}")
file(REMOVE ${file})
