// Joins a .cu file's two objects into the one object nvcc would make (DESIGN.md, "Two compilation
// passes"). Both passes compile the whole file, so they define many of the same symbols: inline
// functions and templates of both, host functions the device pass compiled as dead code, global
// variables. The merge keeps the two worlds apart where CUDA does and joins them where CUDA does:
// - a function (or vtable, typeinfo) both define: the device pass's copy is renamed
//   `NAME.loomdev`, so device code calls the device form of a `__host__ __device__` function and
//   host code the host form (the suffix demangles as a clone: `f(int) [clone .loomdev]`);
// - a variable both define: one variable, the device pass's (the host pass's is made weak), so
//   the symbol API, host code and kernels see the same `__device__`/`__constant__` storage;
// - a kernel with internal linkage (`static`, an anonymous namespace), which the host pass
//   calls by a declaration: the device pass's local symbol is made global under a name unique
//   to this object, and the host pass's reference is renamed to it;
// - the device pass's static initializers are dropped (.init_array): the host pass runs each
//   global constructor of the file once, as a program compiled by nvcc does.
// Then `ld -r` makes one object of the two.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "elf_symbols.h"

namespace loom::cc {

struct MergePlan {
  std::vector<std::pair<std::string, std::string>> deviceRenames;  // old, new
  std::vector<std::string> deviceGlobals;                          // new names made global
  std::vector<std::pair<std::string, std::string>> hostRenames;
  std::vector<std::string> hostWeakened;
  std::vector<std::string> deviceDroppedSections;
};

// What to change; `unit` makes the names of bridged local kernels unique to this object.
MergePlan planMerge(const ElfObject& device, const ElfObject& host, const std::string& unit);

// Merges deviceObject and hostObject into output with objcopy and ld; 0, or 1 with a message.
int mergePassObjects(const std::string& deviceObject, const std::string& hostObject, const std::string& output);

}  // namespace loom::cc
