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
  foreach(src IN LISTS ARGN)
    if(src MATCHES "\\.cu$")
      set_source_files_properties(${src} PROPERTIES LANGUAGE CXX)
    endif()
  endforeach()
  if(TARGET loom-cc)  # inside Loom's own build
    set(launcher "$<TARGET_FILE:loom-cc>")
    add_dependencies(${target} loom-cc)
  else()
    set(launcher "${LOOM_CC}")
  endif()
  set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "${launcher};--launcher")
  target_link_libraries(${target} PRIVATE Loom::runtime)
endfunction()
