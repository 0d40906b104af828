#include "input_kind.h"

#include "paths.h"

namespace loom::cc {

std::optional<InputKind> kindFromSuffix(std::string_view path) {
  std::string_view name = baseName(path);
  std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  std::string_view ext = name.substr(dot + 1);
  if (ext == "cu") return InputKind::Cuda;
  if (ext == "cpp" || ext == "cc" || ext == "cxx" || ext == "c++" || ext == "cp" || ext == "C" ||
      ext == "CPP") {
    return InputKind::Cxx;
  }
  if (ext == "c") return InputKind::C;
  if (ext == "o" || ext == "obj" || ext == "a" || ext == "so" || ext == "lib") {
    return InputKind::Linker;
  }
  // Versioned shared libraries: libfoo.so.1, libfoo.so.1.2
  if (name.find(".so.") != std::string_view::npos) return InputKind::Linker;
  return std::nullopt;
}

std::optional<InputKind> kindFromLanguage(std::string_view language) {
  if (language == "cu") return InputKind::Cuda;
  if (language == "c++") return InputKind::Cxx;
  if (language == "c") return InputKind::C;
  return std::nullopt;
}

}  // namespace loom::cc
