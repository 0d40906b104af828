// g++ rejects a class member that redeclares a name the class has already used
//   template <...> struct BlockScanRaking { typedef WarpScan<T, N> WarpScan; ... };
// ("changes meaning", [-fpermissive]); nvcc's front end accepts it, and CUB and Thrust are written
// that way throughout. So loom-cc's compiles run with -fpermissive, and every other diagnostic
// that -fpermissive turned from an error into a warning is made an error again: code that nvcc
// rejects (`int* p = 5;`, a const char* passed as char*) still fails under loom-cc. In system
// headers g++ prints no warnings, so the permissiveness reaches them only.
#pragma once

#include <string>
#include <string_view>

namespace loom::cc {

inline constexpr const char* kPermissiveFlag = "-fpermissive";

struct PermissiveOutcome {
  std::string diagnostics;  // the compiler's stderr, the restored errors spelled `error:`
  bool restoredErrors = false;
};

// Rewrites `warning: ... [-fpermissive]` lines of g++'s stderr to `error: ...`, except those
// nvcc accepts ("changes meaning").
PermissiveOutcome restorePermissiveErrors(std::string_view compilerStderr);

}  // namespace loom::cc
