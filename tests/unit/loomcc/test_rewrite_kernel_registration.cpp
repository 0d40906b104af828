// loom-cc's kernel registration (kernel_registration.h): `__global__` is `__attribute__(())` in
// preprocessed text; each kernel declared at namespace scope is registered by its exact type
// right after its declaration, on the same line.
#include <catch2/catch.hpp>
#include <string>

#include "kernel_registration.h"
#include "rewritten.h"

namespace {

// The registration edits alone (kernel_prologue.h also edits each kernel body).
std::string rewritten(const std::string& in) {
  return loom::cc::test::rewrittenBy(loom::cc::findKernelRegistrationEdits, in);
}

std::string registration(unsigned n, const std::string& params, const std::string& name) {
  return " [[maybe_unused]] static const bool loom_kernel_registered_" + std::to_string(n) +
         " = (::loom::registerKernelType(static_cast<void (*)" + params + ">(&" + name + ")), true);";
}

}  // namespace

TEST_CASE("a kernel definition is registered after its body, on its last line", "[loomcc][kernels]") {
  std::string in = "__attribute__(()) void k(int* a, float b) {\n  a[0] = b;\n}\nint x;";
  CHECK(rewritten(in) == "__attribute__(()) void k(int* a, float b) {\n  a[0] = b;\n}" +
                             registration(0, "(int* a, float b)", "k") + "\nint x;");
}

TEST_CASE("declarations, namespaces, extern \"C\" and attributes", "[loomcc][kernels]") {
  // A prototype is registered after its ';' (an overload is named by the cast).
  CHECK(rewritten("__attribute__(()) void k(float*);") ==
        "__attribute__(()) void k(float*);" + registration(0, "(float*)", "k"));
  // Inside namespaces and extern "C" blocks: registered where it is declared.
  CHECK(rewritten("namespace a { namespace b { static __attribute__(()) void k(int n) {} } }") ==
        "namespace a { namespace b { static __attribute__(()) void k(int n) {}" + registration(0, "(int n)", "k") +
            " } }");
  CHECK(rewritten("extern \"C\" { __attribute__(()) void k() {} }") ==
        "extern \"C\" { __attribute__(()) void k() {}" + registration(0, "()", "k") + " }");
  // __cluster_dims__ and __launch_bounds__ leave attributes between the marker and the name.
  CHECK(rewritten("__attribute__(()) void __attribute__((abi_tag(\"loom_cluster_2_1_1\"))) k(int* p) {}") ==
        "__attribute__(()) void __attribute__((abi_tag(\"loom_cluster_2_1_1\"))) k(int* p) {}" +
            registration(0, "(int* p)", "k"));
  // A qualified definition of a kernel declared in a namespace.
  CHECK(rewritten("__attribute__(()) void ns::k(int) {}") ==
        "__attribute__(()) void ns::k(int) {}" + registration(0, "(int)", "ns::k"));
}

TEST_CASE("default arguments are left out of the kernel's type", "[loomcc][kernels]") {
  std::string defaults = "__attribute__(()) void k(int* p, int n = 4, dim3 d = {1, 2}) {}";
  CHECK(rewritten(defaults) == defaults + registration(0, "(int* p, int n, dim3 d)", "k"));
}

TEST_CASE("kernels that cannot be named by one type are left alone", "[loomcc][kernels]") {
  // Templates: no type until instantiated (their launches register them).
  std::string tmpl = "template <class T> __attribute__(()) void k(T* p) {}";
  CHECK(rewritten(tmpl) == tmpl);
  std::string spec = "template <> __attribute__(()) void k<int>(int* p) {}";
  CHECK(rewritten(spec) == spec);
  // Not at namespace scope.
  std::string inClass = "struct S { friend __attribute__(()) void k(int); };";
  CHECK(rewritten(inClass) == inClass);
  std::string inFunction = "void f() { extern __attribute__(()) void k(int); }";
  CHECK(rewritten(inFunction) == inFunction);
}

TEST_CASE("kernel registration numbers each kernel of a file", "[loomcc][kernels]") {
  CHECK(rewritten("__attribute__(()) void a(int) {}\n__attribute__(()) void b(char) {}") ==
        "__attribute__(()) void a(int) {}" + registration(0, "(int)", "a") + "\n__attribute__(()) void b(char) {}" +
            registration(1, "(char)", "b"));
}
