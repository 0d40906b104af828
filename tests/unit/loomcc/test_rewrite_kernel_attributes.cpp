// loom-cc's kernel attributes (kernel_attributes.h): every kernel definition is flattened, as nvcc
// inlines device functions into kernels, and every kernel is emitted;
// declarations and pointers are left alone.
#include <catch2/catch.hpp>
#include <string>

#include "kernel_attributes.h"
#include "rewritten.h"

namespace {
std::string rewritten(const std::string& in) { return loom::cc::test::rewrittenBy(loom::cc::findKernelAttributeEdits, in); }
}  // namespace

TEST_CASE("kernel attributes: a definition's mark becomes __flatten__, __used__", "[loomcc][kernels]") {
  CHECK(rewritten("__attribute__(()) void k(int* a) { a[0] = f(); }") ==
        "__attribute__((__flatten__, __used__)) void k(int* a) { a[0] = f(); }");
  CHECK(rewritten("template <class T> __attribute__(()) void k(T* a) {}") ==
        "template <class T> __attribute__((__flatten__, __used__)) void k(T* a) {}");
  CHECK(rewritten("namespace n { static __attribute__(()) void k() {} }") ==
        "namespace n { static __attribute__((__flatten__, __used__)) void k() {} }");
  // A declaration followed by its definition: only the definition.
  CHECK(rewritten("__attribute__(()) void k(int);\n__attribute__(()) void k(int n) {}") ==
        "__attribute__(()) void k(int);\n__attribute__((__flatten__, __used__)) void k(int n) {}");
  for (const char* s : {"__attribute__(()) void k(int n);", "typedef __attribute__(()) void (*P)(int);",
                        "void f() { if (x) {} }"})
    CHECK(rewritten(s) == s);
}
