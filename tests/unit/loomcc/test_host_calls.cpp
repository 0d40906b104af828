// nvcc's error for device code calling a host function (host_calls.h), on preprocessed text as
// loom-cc sees it: `__global__` is `__attribute__(())`, `__device__` `__attribute__((,))`,
// `__host__` `__attribute__((,,))`. The cases are validate/probes/frontend_errors', whose nvcc
// answers test_loomcc_end_to_end compares with loom-cc's.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "linemap.h"
#include "rewrite.h"

namespace {

std::vector<std::string> errors(const std::string& pp) {
  auto r = loom::cc::rewriteCuda(pp);
  return loom::cc::renderDiagnostics(r, pp, {});
}

}  // namespace

TEST_CASE("host calls: a kernel or __device__ function calling a host function is an error", "[loomcc][host_calls]") {
  CHECK(errors("# 1 \"k.cu\"\nint hostTwice(int x) { return 2 * x; }\n"
               "__attribute__(()) void twice(int* out) { out[0] = hostTwice(out[0]); }\n") ==
        std::vector<std::string>{"k.cu:2:51: error: calling a __host__ function(\"hostTwice(int)\") from a "
                                 "__global__ function(\"twice\") is not allowed"});
  CHECK(errors("# 1 \"k.cu\"\nfloat axpy(float a, const float* x, float y = 0) { return a * *x + y; }\n"
               "__attribute__((,)) float run(const float* x) {\n  return axpy(2, x);\n}\n") ==
        std::vector<std::string>{"k.cu:3:10: error: calling a __host__ function(\"axpy(float, const float *, float)\") "
                                 "from a __device__ function(\"run\") is not allowed"});
  // A function template: nvcc spells the instantiation its own way; the name is what matters.
  CHECK(errors("# 1 \"k.cu\"\ntemplate <typename T> T sq(T x) { return x * x; }\n"
               "__attribute__(()) void k(float* o) { o[0] = sq(o[0]); }\n") ==
        std::vector<std::string>{"k.cu:2:45: error: calling a __host__ function(\"sq\") from a __global__ "
                                 "function(\"k\") is not allowed"});
  // Explicitly __host__ is host code too; each call is reported.
  CHECK(errors("# 1 \"k.cu\"\n__attribute__((,,)) void log(int) {}\n"
               "__attribute__(()) void k(int* o) { log(o[0]); if (o[1]) log(1); }\n")
            .size() == 2);
}

TEST_CASE("host calls: what nvcc accepts stays accepted", "[loomcc][host_calls]") {
  auto accepted = [](const std::string& pp) {
    auto r = loom::cc::rewriteCuda(pp);
    INFO(pp);
    CHECK(r.ok());
  };
  // A __device__ overload of the name.
  accepted("int scale(int x) { return 2 * x; }\n__attribute__((,)) int scale(float x) { return 3; }\n"
           "__attribute__(()) void k(int* o) { o[0] = scale(1.0f); }\n");
  // __host__ __device__ functions, the callee or the caller.
  accepted("__attribute__((,,)) __attribute__((,)) int both(int x) { return x; }\n"
           "__attribute__(()) void k(int* o) { o[0] = both(1); }\n");
  accepted("int hostTwice(int x) { return 2 * x; }\n"
           "__attribute__((,,)) __attribute__((,)) int both(int x) { return hostTwice(x); }\n");
  // A parameter, a local functor or a member of the same name.
  accepted("int twice(int x) { return 2 * x; }\nstruct T { int operator()(int) const; };\n"
           "__attribute__(()) void k(int* o, T twice) { o[0] = twice(o[0]); }\n");
  accepted("int twice(int x) { return 2 * x; }\nstruct T { int operator()(int) const; };\n"
           "__attribute__(()) void k(int* o) { T twice; o[0] = twice(o[0]); }\n");
  accepted("int size() { return 1; }\nstruct V { __attribute__((,)) int size() const; };\n"
           "__attribute__(()) void k(int* o, V v, V* p) { o[0] = v.size() + p->size(); }\n");
  // A constexpr host function (nvcc's answer depends on --expt-relaxed-constexpr), main, and a
  // host function of a system header (flag 3), as device code calls printf.
  accepted("constexpr int twice(int x) { return 2 * x; }\n"
           "__attribute__(()) void k(int* o) { o[0] = twice(o[0]); }\n");
  accepted("# 1 \"/usr/include/x.h\" 1 3\nint hostOnly(int x) { return x; }\n# 3 \"k.cu\" 2\n"
           "__attribute__(()) void k(int* o) { o[0] = hostOnly(o[0]); }\n");
  // Host code calling host functions.
  accepted("int hostTwice(int x) { return 2 * x; }\nint main() { return hostTwice(1); }\n");
}
