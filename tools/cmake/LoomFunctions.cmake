# loom_add_executable(name sources...): like add_executable, for programs with .cu sources.
#
# .cu files are compiled as C++ through loom-cc's compiler-launcher mode, which rewrites the
# launch syntax and instruments kernel code; .cpp files compile as usual. Everything CMake
# knows about the target (include directories, definitions, options, the C++ standard) applies
# to .cu files too, because CMake builds their command lines itself.
function(loom_add_executable name)
  add_executable(${name} ${ARGN})
  loom_target_sources_as_cuda(${name} ${ARGN})
endfunction()

# Makes an existing target build its .cu sources with Loom and link the Loom runtime.
function(loom_target_sources_as_cuda target)
  if(TARGET loom-cc)  # inside Loom's own build
    set(launcher "$<TARGET_FILE:loom-cc>")
    set(launcher_file "${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/loom-cc")  # OBJECT_DEPENDS takes no generator expressions
    add_dependencies(${target} loom-cc)
  else()
    set(launcher "${LOOM_CC}")
    set(launcher_file "${LOOM_CC}")
  endif()
  # loom-cc decides how kernel code is rewritten and instrumented: a new loom-cc rebuilds the
  # .cu objects, as a new compiler would.
  foreach(src IN LISTS ARGN)
    if(src MATCHES "\\.cu$")
      set_source_files_properties(${src} PROPERTIES LANGUAGE CXX OBJECT_DEPENDS "${launcher_file}")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "${launcher};--launcher")
  target_link_libraries(${target} PRIVATE Loom::runtime)
endfunction()
