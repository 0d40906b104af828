// loom-cc's kernel prologues (kernel_prologue.h): each kernel body starts by launching the kernel when a
// launch called it, passing its parameters on; unnamed parameters get names.
#include <catch2/catch.hpp>
#include <string>

#include "kernel_prologue.h"
#include "rewritten.h"

namespace {

std::string rewritten(const std::string& in) { return loom::cc::test::rewrittenBy(loom::cc::findKernelPrologueEdits, in); }

std::string prologue(const std::string& type, const std::string& name, const std::string& arguments) {
  return " if (__builtin_expect(::loom::launchPending(), 0)) return ::loom::launchFromKernel(static_cast<void (*)" +
         type + ">(&" + name + ")" + (arguments.empty() ? "" : ", " + arguments) + ");";
}

}  // namespace

TEST_CASE("kernel prologue: a definition launches itself, named from the global namespace", "[loomcc][kernels]") {
  CHECK(rewritten("__attribute__(()) void k(int* a, float b) {\n  a[0] = b;\n}") ==
        "__attribute__(()) void k(int* a, float b) {" + prologue("(int* a, float b)", "::k", "a, b") + "\n  a[0] = b;\n}");
  CHECK(rewritten("__attribute__(()) void k() {}") == "__attribute__(()) void k() {" + prologue("()", "::k", "") + "}");
  CHECK(rewritten("__attribute__(()) void k(void) {}") == "__attribute__(()) void k(void) {" + prologue("()", "::k", "") + "}");
  // A parameter named like its kernel does not hide it: the name is qualified.
  CHECK(rewritten("namespace a { namespace { namespace b::c { __attribute__(()) void scale(float* x, float scale) {} } } }") ==
        "namespace a { namespace { namespace b::c { __attribute__(()) void scale(float* x, float scale) {" +
            prologue("(float* x, float scale)", "::a::b::c::scale", "x, scale") + "} } } }");
  CHECK(rewritten("inline namespace v1 { namespace a::inline b { __attribute__(()) void k() {} } }") ==
        "inline namespace v1 { namespace a::inline b { __attribute__(()) void k() {" + prologue("()", "::v1::a::b::k", "") +
            "} } }");
  CHECK(rewritten("__attribute__(()) void ns::k(int n) {}") ==
        "__attribute__(()) void ns::k(int n) {" + prologue("(int n)", "::ns::k", "n") + "}");
  CHECK(rewritten("extern \"C\" { static __attribute__(()) void k(int n) {} }") ==
        "extern \"C\" { static __attribute__(()) void k(int n) {" + prologue("(int n)", "::k", "n") + "} }");
  // Declarations have no body, a pointer is no kernel.
  for (const char* s : {"__attribute__(()) void k(int n);", "typedef __attribute__(()) void (*P)(int);"})
    CHECK(rewritten(s) == s);
  // A friend defined in its class cannot be named: its launches are refused.
  CHECK(rewritten("struct S { friend __attribute__(()) void k(int) {} };") ==
        "struct S { friend __attribute__(()) void k(int) { if (__builtin_expect(::loom::launchPending(), 0)) return "
        "::loom::refuseLaunch(\"k\");} };");
}

TEST_CASE("kernel prologue: default arguments, qualifiers and declarators", "[loomcc][kernels]") {
  CHECK(rewritten("__attribute__(()) void k(const float* __restrict__ in, int n = 4, dim3 d = {1, 2}) {}") ==
        "__attribute__(()) void k(const float* __restrict__ in, int n = 4, dim3 d = {1, 2}) {" +
            prologue("(const float* __restrict__ in, int n, dim3 d)", "::k", "in, n, d") + "}");
  CHECK(rewritten("__attribute__(()) void k(float a[16], int (*f)(int), Map<int, float> m, unsigned long long u) {}") ==
        "__attribute__(()) void k(float a[16], int (*f)(int), Map<int, float> m, unsigned long long u) {" +
            prologue("(float a[16], int (*f)(int), Map<int, float> m, unsigned long long u)", "::k", "a, f, m, u") + "}");
  CHECK(rewritten("__attribute__(()) void k(decltype(*q) r, Array<sizeof(*q)> a) {}") ==
        "__attribute__(()) void k(decltype(*q) r, Array<sizeof(*q)> a) {" +
            prologue("(decltype(*q) r, Array<sizeof(*q)> a)", "::k", "r, a") + "}");
  CHECK(rewritten("__attribute__(()) void k(const P p __attribute__((unused)), T const t) {}") ==
        "__attribute__(()) void k(const P p __attribute__((unused)), T const t) {" +
            prologue("(const P p __attribute__((unused)), T const t)", "::k", "p, t") + "}");
}

TEST_CASE("kernel prologue: unnamed parameters are named", "[loomcc][kernels]") {
  CHECK(rewritten("__attribute__(()) void k(int, const T, std::size_t, float*, Map<int, float>, int (*)(int), "
                  "unsigned long) {}") ==
        "__attribute__(()) void k(int loom_param_0, const T loom_param_1, std::size_t loom_param_2, "
        "float* loom_param_3, Map<int, float> loom_param_4, int (* loom_param_5)(int), unsigned long loom_param_6) {" +
            prologue("(int, const T, std::size_t, float*, Map<int, float>, int (*)(int), unsigned long)", "::k",
                 "loom_param_0, loom_param_1, loom_param_2, loom_param_3, loom_param_4, loom_param_5, "
                 "loom_param_6") +
            "}");
  CHECK(rewritten("__attribute__(()) void k(int = 3) {}") ==
        "__attribute__(()) void k(int loom_param_0 = 3) {" + prologue("(int)", "::k", "loom_param_0") + "}");
}

TEST_CASE("kernel prologue: templates name their own specialization", "[loomcc][kernels]") {
  CHECK(rewritten("template <class T, int N = 4> __attribute__(()) void k(T* p) {}") ==
        "template <class T, int N = 4> __attribute__(()) void k(T* p) {" + prologue("(T* p)", "::k<T, N>", "p") + "}");
  CHECK(rewritten("template <typename... Ts> __attribute__(()) void k(int n, Ts... args) {}") ==
        "template <typename... Ts> __attribute__(()) void k(int n, Ts... args) {" +
            prologue("(int n, Ts... args)", "::k<Ts...>", "n, args...") + "}");
  CHECK(rewritten("template <class, int, template <class> class C, std::size_t S, class... Ts> __attribute__(()) "
                  "void k(C<int>*, Ts...) {}") ==
        "template <class loom_param_0, int loom_param_1, template <class> class C, std::size_t S, class... Ts> "
        "__attribute__(()) void k(C<int>* loom_param_2, Ts... loom_param_3) {" +
            prologue("(C<int>*, Ts...)", "::k<loom_param_0, loom_param_1, C, S, Ts...>", "loom_param_2, loom_param_3...") +
            "}");
  CHECK(rewritten("template <> __attribute__(()) void k<int, 2>(int* p) {}") ==
        "template <> __attribute__(()) void k<int, 2>(int* p) {" + prologue("(int* p)", "::k<int, 2>", "p") + "}");
}
