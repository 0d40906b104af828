// What loom-cc does with each input file, from `-x` or the file's suffix (as nvcc decides it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace loom::cc {

enum class InputKind {
  Cuda,    // .cu, or anything under `-x cu`: rewritten, instrumented
  Cxx,     // .cpp .cc .cxx .c++ .cp .C: plain host C++, no __CUDACC__
  C,       // .c: plain host C
  Linker,  // .o .obj .a .so .so.N .lib: passed to the link
};

// nullopt for a suffix loom-cc does not know.
std::optional<InputKind> kindFromSuffix(std::string_view path);

// `-x` values: "cu", "c++", "c"; nullopt for "none" (back to suffixes) and unknown values.
std::optional<InputKind> kindFromLanguage(std::string_view language);

}  // namespace loom::cc
