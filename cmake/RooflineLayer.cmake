# roofline_layer(NAME SOURCES file... [DEPENDS layer...] [PRIVATE_DEPENDS layer...] [LIBRARIES target...])
#
# One static library per folder of src/, roofline_<NAME>, linked PUBLIC to
# the layers it DEPENDS on (those its headers speak of) and PRIVATE to those
# only its sources use. Together they are the layer's allowed includes, all of
# them listed, not only the nearest. The layering is enforced by the compiler: a
# layer's include root (build/layers/<NAME>/) holds a link to its own folder
# only, so a file of a layer can include its own headers and those of the
# layers it depends on (their roots come with the link), and nothing else:
# `#include "device/device.hpp"` in src/chart/ does not compile.
# tests/unit/test_layering.cpp checks the same table (written to
# build/layers.txt) against every #include in src/.
# A target's include root: build/layers/NAME holding a link to src/NAME alone.
function(roofline_layer_root target name)
  set(root ${CMAKE_BINARY_DIR}/layers/${name})
  file(MAKE_DIRECTORY ${root})
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/src/${name} ${root}/${name} SYMBOLIC)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    target_include_directories(${target} PRIVATE ${root})
  else()
    target_include_directories(${target} PUBLIC ${root})
  endif()
endfunction()

function(roofline_layer name)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS;LIBRARIES" ${ARGN})
  set(target roofline_${name})
  add_library(${target} STATIC ${L_SOURCES})
  roofline_layer_root(${target} ${name})
  foreach(dep IN LISTS L_DEPENDS)
    target_link_libraries(${target} PUBLIC roofline_${dep})
  endforeach()
  foreach(dep IN LISTS L_PRIVATE_DEPENDS)
    target_link_libraries(${target} PRIVATE roofline_${dep})
  endforeach()
  if(L_LIBRARIES)
    target_link_libraries(${target} PUBLIC ${L_LIBRARIES})
  endif()
  target_compile_options(${target} PRIVATE -Wall -Wextra)
  roofline_layer_row(${name} ${L_DEPENDS} ${L_PRIVATE_DEPENDS})
endfunction()

# roofline_layer_row(NAME layer...): NAME's row of the layer table, the layers
# it may include. roofline_layer() writes it; a layer this build leaves out
# (instrument/, without Clang) writes it alone, so that its includes are
# checked all the same.
function(roofline_layer_row name)
  list(JOIN ARGN " " deps)
  string(STRIP "${name} ${deps}" row)
  set_property(GLOBAL APPEND PROPERTY ROOFLINE_LAYER_TABLE "${name}: ${row}")
endfunction()

# Writes the layer table, a line per layer: "name: name and the layers it may include".
function(roofline_write_layer_table path)
  get_property(table GLOBAL PROPERTY ROOFLINE_LAYER_TABLE)
  list(JOIN table "\n" text)
  file(WRITE ${path} "${text}\n")
endfunction()
