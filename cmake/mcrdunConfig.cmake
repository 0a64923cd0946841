# mcrdun's CMake package: `find_package(mcrdun 0.1 REQUIRED)` then
#
#     target_link_libraries(game PRIVATE mcrdun::mcrdun)         # libmcrdun.so
#     target_link_libraries(game PRIVATE mcrdun::mcrdun_static)  # libmcrdun.a
#
# `cargo cinstall -p mcrdun-ffi` installs this file (from cmake/ in the
# repository) as <prefix>/lib/cmake/mcrdun/mcrdunConfig.cmake, beside the
# libraries, the headers (<prefix>/include/mcrdun/mcrdun.h, mcrdun.hpp) and
# mcrdun.pc. Nothing in it is fixed at install time: the prefix is found
# from this file's own place, the library directory is whichever of lib,
# lib64 and lib/<multiarch> holds pkgconfig/mcrdun.pc (cargo-c's --libdir),
# and the static library's system libraries are mcrdun.pc's Libs.private.
#
# Both targets carry the include directory; C++17 code can include
# "mcrdun.hpp", C code "mcrdun.h".

get_filename_component(_mcrdun_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_mcrdun_include_dir "${_mcrdun_prefix}/include/mcrdun")

set(_mcrdun_lib_dir "")
foreach(_mcrdun_dir lib lib64 "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
  if(EXISTS "${_mcrdun_prefix}/${_mcrdun_dir}/pkgconfig/mcrdun.pc")
    set(_mcrdun_lib_dir "${_mcrdun_prefix}/${_mcrdun_dir}")
    break()
  endif()
endforeach()

set(_mcrdun_shared "${_mcrdun_lib_dir}/${CMAKE_SHARED_LIBRARY_PREFIX}mcrdun${CMAKE_SHARED_LIBRARY_SUFFIX}")
set(_mcrdun_static "${_mcrdun_lib_dir}/${CMAKE_STATIC_LIBRARY_PREFIX}mcrdun${CMAKE_STATIC_LIBRARY_SUFFIX}")
set(_mcrdun_missing "")
if(NOT _mcrdun_lib_dir)
  set(_mcrdun_missing "pkgconfig/mcrdun.pc under ${_mcrdun_prefix}/lib, lib64 or lib/${CMAKE_LIBRARY_ARCHITECTURE}")
else()
  foreach(_mcrdun_file "${_mcrdun_include_dir}/mcrdun.h" "${_mcrdun_shared}" "${_mcrdun_static}")
    if(NOT EXISTS "${_mcrdun_file}")
      list(APPEND _mcrdun_missing "${_mcrdun_file}")
    endif()
  endforeach()
endif()
if(_mcrdun_missing)
  set(mcrdun_FOUND FALSE)
  set(mcrdun_NOT_FOUND_MESSAGE
      "mcrdun's CMake package at ${CMAKE_CURRENT_LIST_DIR} is incomplete: missing ${_mcrdun_missing}. "
      "Install mcrdun with `cargo cinstall --release -p mcrdun-ffi --prefix <prefix>`.")
  return()
endif()

# The system libraries a Rust static library needs (rustc's
# native-static-libs), as cargo-c wrote them into Libs.private.
set(_mcrdun_static_deps "")
file(STRINGS "${_mcrdun_lib_dir}/pkgconfig/mcrdun.pc" _mcrdun_private REGEX "^Libs.private:")
if(_mcrdun_private)
  string(REGEX REPLACE "^Libs.private:[ \t]*" "" _mcrdun_private "${_mcrdun_private}")
  separate_arguments(_mcrdun_private UNIX_COMMAND "${_mcrdun_private}")
  foreach(_mcrdun_flag IN LISTS _mcrdun_private)
    if(_mcrdun_flag MATCHES "^-l(.+)$")
      list(APPEND _mcrdun_static_deps "${CMAKE_MATCH_1}")
    elseif(_mcrdun_flag)
      list(APPEND _mcrdun_static_deps "${_mcrdun_flag}")
    endif()
  endforeach()
endif()

if(NOT TARGET mcrdun::mcrdun)
  get_filename_component(_mcrdun_shared_real "${_mcrdun_shared}" REALPATH)
  add_library(mcrdun::mcrdun SHARED IMPORTED)
  set_target_properties(mcrdun::mcrdun PROPERTIES
    IMPORTED_LOCATION "${_mcrdun_shared_real}"
    INTERFACE_INCLUDE_DIRECTORIES "${_mcrdun_include_dir}")
endif()
if(NOT TARGET mcrdun::mcrdun_static)
  add_library(mcrdun::mcrdun_static STATIC IMPORTED)
  set_target_properties(mcrdun::mcrdun_static PROPERTIES
    IMPORTED_LOCATION "${_mcrdun_static}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${_mcrdun_include_dir}"
    INTERFACE_LINK_LIBRARIES "${_mcrdun_static_deps}")
endif()

set(mcrdun_INCLUDE_DIRS "${_mcrdun_include_dir}")
set(mcrdun_LIBRARIES mcrdun::mcrdun)
