// loom-cc's host pass (host_pass.h): kernels become declarations, device-only functions lose
// their bodies, and everything the host needs (host and __host__ __device__ functions,
// constexpr device functions, lambdas, variables) stays; line breaks stay where they were.
// In preprocessed text __global__ is `__attribute__(())`, __device__ `__attribute__((,))` and
// __host__ `__attribute__((,,))` (qualifier_marks.h).
#include <catch2/catch.hpp>
#include <string>

#include "host_pass.h"
#include "rewritten.h"

namespace {

const std::string G = "__attribute__(())";
const std::string D = "__attribute__((,))";
const std::string H = "__attribute__((,,))";

// The mark of a device-only function in the host pass: nvcc's error at a call from host code.
std::string hostError(const std::string& name) {
  return " __attribute__((__error__(\"calling a __device__ function(\\\"" + name +
         "\\\") from host code is not allowed\")))";
}

std::string hostPass(const std::string& in) {
  return loom::cc::test::rewrittenBy(loom::cc::findHostPassEdits, in);
}

}  // namespace

TEST_CASE("a kernel's body goes; its line breaks stay", "[loomcc][host_pass]") {
  CHECK(hostPass(G + " void k(int* p) {\n  p[0] = 1;\n}\nint x;") == G + " void k(int* p) ;\n\n\nint x;");
  // A template's body becomes a launch of its twin, the device pass's instantiation of the same
  // symbol name (an instantiation for a lambda has no linkage: no declaration could name it).
  CHECK(hostPass("template <class T> " + G + " void k(T* p, T v) {\n p[0] = v;\n}") ==
        "template <class T> " + G +
            " void k(T* p, T v) { return ::loom::launchFromKernel(::loom::kernelTwin<static_cast<void (*)(T* p, T v)>"
            "(&::k<T>)>(), p, v); }\n\n");
  // A declaration is left as it is.
  CHECK(hostPass(G + " void k(int*);") == G + " void k(int*);");
}

TEST_CASE("a static kernel loses `static`, so that its call names the device pass's symbol", "[loomcc][host_pass]") {
  CHECK(hostPass("static " + G + " void k(int* p) { }") == " " + G + " void k(int* p) ;");
  CHECK(hostPass(G + " static void k(int* p);") == G + "  void k(int* p);");
}

TEST_CASE("device-only functions lose their bodies, and a host call is nvcc's error", "[loomcc][host_pass]") {
  CHECK(hostPass(D + " int f(int x) { return x; }") == D + hostError("f") + " int f(int x) ;");
  CHECK(hostPass(D + " inline float* at(float* p, int i) { return p + i; }") ==
        D + hostError("at") + " inline float* at(float* p, int i) ;");
  CHECK(hostPass("template <class T> " + D + " T sq(T x) {\n return x * x;\n}") ==
        "template <class T> " + D + hostError("sq") + " T sq(T x) ;\n\n");
  CHECK(hostPass("struct S { " + D + " int get() const noexcept { return 1; } };") ==
        "struct S { " + D + hostError("get") + " int get() const noexcept ; };");
  CHECK(hostPass(D + " float3 operator+(float3 a, float3 b) { return a; }") ==
        D + hostError("operator+") + " float3 operator+(float3 a, float3 b) ;");
  CHECK(hostPass("struct F { " + D + " int operator()(int x) const { return x; } };") ==
        "struct F { " + D + hostError("operator()") + " int operator()(int x) const ; };");
  CHECK(hostPass(D + " std::vector<int> make(int n) { return {}; }") ==
        D + hostError("make") + " std::vector<int> make(int n) ;");
  // Line markers between the qualifier and the name (a system header's `__device__ __forceinline__`
  // on a line of its own, CUB's util_ptx.cuh).
  CHECK(hostPass(D + " inline\n# 321 \"/usr/include/cub/util_ptx.cuh\" 3 4\nunsigned f(unsigned w) { return w; }") ==
        D + hostError("f") + " inline\n# 321 \"/usr/include/cub/util_ptx.cuh\" 3 4\nunsigned f(unsigned w) ;");
  // A declaration alone gets the error too: a call from host code would reach device code.
  CHECK(hostPass("extern " + D + " int scale(int x);") == "extern " + D + hostError("scale") + " int scale(int x);");
}

TEST_CASE("what host code may need keeps its body", "[loomcc][host_pass]") {
  for (const std::string& kept : {
           H + " " + D + " int f(int x) { return x; }",      // __host__ __device__
           D + " " + H + " int f(int x) { return x; }",      // either order
           D + " constexpr int f(int x) { return x; }",      // host code may evaluate it
           D + " auto f(int x) { return x; }",               // a deduced return type
           D + " S() : a(0) { }",                            // member initializers
           D + " S() = default;",
           "auto l = [] " + D + " (int x) { return x; };",   // a lambda
           "auto l = [=] " + H + " " + D + " (int x) { return x; };",
           D + " int v = f(3);",                             // variables
           D + " int a[4] = {1, 2, 3, 4};",
           std::string("int h(int x) { return x; }"),        // host code
       }) {
    INFO(kept);
    CHECK(hostPass(kept) == kept);
  }
}

TEST_CASE("the host pass's whole rewrite: launches, registrations, no device-pass marks", "[loomcc][host_pass]") {
  auto r = loom::cc::rewriteCuda(G + " void k(int* p) { if (p) p[0] = 1; }\nint main() { k<<<1, 2>>>(0); }", {},
                                 loom::cc::Pass::Host);
  REQUIRE(r.ok());
  CHECK(r.text.find("LaunchScope(1, 2)") != std::string::npos);
  CHECK(r.text.find("registerKernelType") != std::string::npos);
  CHECK(r.text.find("enterRegion") == std::string::npos);
  CHECK(r.text.find("launchFromKernel") == std::string::npos);
  CHECK(r.text.find("p[0] = 1") == std::string::npos);
}

TEST_CASE("a definition outside its class keeps its body: it cannot become a declaration", "[loomcc][host_pass]") {
  for (const std::string& kept : {D + " S::S(int* p) { }", D + " void S::f() { }",
                                  D + " S S::operator+(S o) const { return o; }"}) {
    INFO(kept);
    CHECK(hostPass(kept) == kept);
  }
}

TEST_CASE("a static kernel template loses `static` too; its header is not searched", "[loomcc][host_pass]") {
  std::string out = hostPass("template <class T> static " + G + " void k(T* p) { }");
  CHECK(out.rfind("template <class T>  " + G + " void k(T* p) { return ::loom::launchFromKernel(::loom::kernelTwin<", 0) == 0);
  // `auto` in a device function template's header does not keep its body.
  CHECK(hostPass("template <auto N> " + D + " int f() { return N; }") ==
        "template <auto N> " + D + hostError("f") + " int f() ;");
}
