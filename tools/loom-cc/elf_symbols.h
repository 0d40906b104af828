// The symbols and section names of a relocatable ELF64 object, as the pass merge needs them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loom::cc {

struct ElfSymbol {
  std::string name;
  bool defined = false;
  bool local = false;
  bool strong = false;    // STB_GLOBAL (not weak, not GNU-unique)
  bool function = false;  // STT_FUNC or STT_GNU_IFUNC
};

struct ElfObject {
  std::vector<ElfSymbol> symbols;
  std::vector<std::string> sections;
  std::vector<std::string> groups;  // the signatures of the COMDAT groups
};

// nullopt with `error` set when the file is not a readable little-endian ELF64 object.
std::optional<ElfObject> readElfObject(const std::string& path, std::string& error);

}  // namespace loom::cc
