// A kernel's names as Nsight Compute prints and matches them (validate/probes/ncu_cli records
// ncu 2025.3's output), so that a Loom profile diffs line by line against a device profile:
//   display   `void reduce5<int, 256>(const T1 *, T1 *, unsigned int)`: the demangled name with
//             a function template's parameters named by position (T1, T2, ...), as the mangled
//             name keeps them, `const` first, a space before `*` and `&`, integer template
//             arguments without suffixes; the "Kernel Name" column whatever the name base;
//   function  `reduce5`: the name alone (ncu's default --kernel-name-base);
//   mangled   `_Z7reduce5IiLj256EEvPKT_PS0_j`.
#pragma once

#include <string>

namespace loom::report {

struct ProfilerNames {
  std::string display;
  std::string function;
  std::string mangled;
};

// From a symbol's name, its suffixes after a '.' dropped; a name that is not an Itanium C++ name
// (an extern "C" kernel) is all three.
ProfilerNames profilerNames(const std::string& symbol);

}  // namespace loom::report
