// Kernel names from code addresses (report/symbolize.h): a function that is in no dynamic symbol
// table (this test program is not linked with -rdynamic, like a kernel template's device twin in
// any program) is found in the executable's own symbol table.
#include <catch2/catch.hpp>

#include "report/symbolize.h"

namespace {
[[gnu::noinline]] void probeFunction(int* p) { *p += 1; }
}  // namespace

TEST_CASE("symbolize: names of functions without a dynamic symbol", "[runtime]") {
  const void* code = reinterpret_cast<const void*>(&probeFunction);
  CHECK(loom::report::mangledName(code) == "_ZN12_GLOBAL__N_113probeFunctionEPi");
  CHECK(loom::report::mangledName(code) == "_ZN12_GLOBAL__N_113probeFunctionEPi");  // the cached answer
  // Not a function's first byte: no name.
  CHECK(loom::report::mangledName(static_cast<const char*>(code) + 1).empty());
}
