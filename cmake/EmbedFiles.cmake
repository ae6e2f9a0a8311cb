# roofline_embed_files(OUTPUT source DIR folder GLOB pattern HEADER header TYPE type FUNCTION name [NOTES prefix])
#
# Generates `source` at build time from the files of `folder` matching
# `pattern` (cmake/embed_files.cmake says what it holds), again whenever one
# of them changes; add it to the sources of the target that uses it.
function(roofline_embed_files)
  cmake_parse_arguments(E "" "OUTPUT;DIR;GLOB;HEADER;TYPE;FUNCTION;NOTES" "" ${ARGN})
  file(GLOB inputs CONFIGURE_DEPENDS ${E_DIR}/${E_GLOB})
  file(RELATIVE_PATH shown ${CMAKE_SOURCE_DIR} ${E_DIR}/${E_GLOB})
  add_custom_command(OUTPUT ${E_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DDIR=${E_DIR} -DGLOB=${E_GLOB} -DOUTPUT=${E_OUTPUT} -DHEADER=${E_HEADER} -DTYPE=${E_TYPE}
            -DFUNCTION=${E_FUNCTION} -DNOTES=${E_NOTES} -DSHOWN=${shown} -P ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
    DEPENDS ${inputs} ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
    COMMENT "Embedding ${shown}")
endfunction()
