# The version of the installed mcrdun, for `find_package(mcrdun <version>)`.
# It is read from the installed header's MCRDUN_VERSION_* macros (a test
# ties those to Cargo.toml), so this file never needs editing.
#
# Compatibility is by major version (as CMake's SameMajorVersion), and,
# while the major version is 0, also by minor version: in semver 0.1 and
# 0.2 are as different as 1 and 2, which is also why the shared library's
# SONAME is libmcrdun.so.0.1. A 64-bit library is not offered to a 32-bit
# build.

get_filename_component(_mcrdun_header "${CMAKE_CURRENT_LIST_DIR}/../../../include/mcrdun/mcrdun.h" ABSOLUTE)
set(PACKAGE_VERSION "0.0.0")
if(EXISTS "${_mcrdun_header}")
  file(STRINGS "${_mcrdun_header}" _mcrdun_version_lines REGEX "^#define MCRDUN_VERSION_(MAJOR|MINOR|PATCH) [0-9]+")
  foreach(_mcrdun_part MAJOR MINOR PATCH)
    set(_mcrdun_${_mcrdun_part} "")
    foreach(_mcrdun_line IN LISTS _mcrdun_version_lines)
      if(_mcrdun_line MATCHES "^#define MCRDUN_VERSION_${_mcrdun_part} ([0-9]+)")
        set(_mcrdun_${_mcrdun_part} "${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endforeach()
  if(NOT "${_mcrdun_MAJOR}" STREQUAL "" AND NOT "${_mcrdun_MINOR}" STREQUAL "" AND NOT "${_mcrdun_PATCH}" STREQUAL "")
    set(PACKAGE_VERSION "${_mcrdun_MAJOR}.${_mcrdun_MINOR}.${_mcrdun_PATCH}")
  endif()
endif()

if(PACKAGE_VERSION STREQUAL "0.0.0")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT "${CMAKE_SIZEOF_VOID_P}" STREQUAL "" AND NOT "${CMAKE_SIZEOF_VOID_P}" STREQUAL "8")
  # cargo cinstall built the library for this (64-bit) machine.
  set(PACKAGE_VERSION "${PACKAGE_VERSION} (64bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT _mcrdun_MAJOR STREQUAL PACKAGE_FIND_VERSION_MAJOR)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(_mcrdun_MAJOR STREQUAL "0" AND NOT _mcrdun_MINOR STREQUAL PACKAGE_FIND_VERSION_MINOR)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_VERSION VERSION_EQUAL PACKAGE_FIND_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
