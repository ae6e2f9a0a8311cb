# Writes generated/version.hpp with the git revision of the source tree, run at
# every build (not only at configure time: a commit changes the revision
# without touching anything CMake watches). The file is replaced only when its
# text changes, so an unchanged revision recompiles nothing.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -DVERSION=... -P cmake/version.cmake
execute_process(COMMAND git -C ${SOURCE_DIR} rev-parse --short=12 HEAD
                OUTPUT_VARIABLE ROOFLINE_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git -C ${SOURCE_DIR} status --porcelain --untracked-files=no
                OUTPUT_VARIABLE _dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT ROOFLINE_GIT_REVISION)
  set(ROOFLINE_GIT_REVISION "unknown")
elseif(_dirty)
  set(ROOFLINE_GIT_REVISION "${ROOFLINE_GIT_REVISION}-dirty")
endif()
set(PROJECT_VERSION ${VERSION})
configure_file(${SOURCE_DIR}/cmake/version.hpp.in ${OUTPUT}.tmp @ONLY)
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
