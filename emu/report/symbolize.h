// Code addresses to names and source lines, for reports. Uses the binutils `addr2line` that
// comes with the compiler (loom-cc builds kernels with line tables, -g1), so Loom needs no DWARF
// library; symbolizing happens only when something is reported, never on a hot path.
#pragma once

#include <string>

namespace loom::report {

// "file:line" for a code address, or "" when no line information is available. Of the functions
// inlined at pc, the innermost that is the user's code (isUserSource), else the innermost that
// is not one of Loom's device-function wrappers.
std::string sourceLine(const void* pc);

// Whether a "file:line" is the program's own source: not a system header or library (under
// /usr/, or glibc's relative paths) and not Loom's runtime (its sources and headers).
bool isUserSource(const std::string& location);

// The call instruction a return address belongs to: one byte back lies inside it, where the
// line tables say which source line made the call (the return address itself can belong to the
// next statement's line). A macro, so that it reads the return address of the function using it.
#define LOOM_CALL_SITE() (static_cast<const void*>(static_cast<const char*>(__builtin_return_address(0)) - 1))
// The demangled name of the function at a code address ("vecAdd(float*, int)"), or "?".
std::string functionName(const void* code);

// The mangled name of the function starting at a code address ("_Z6vecAddPfi"), or "": from the
// dynamic symbol table, else from the object's own symbol table (a program linked without
// -rdynamic, as CMake links a target whose linker language is C++).
std::string mangledName(const void* code);

}  // namespace loom::report
