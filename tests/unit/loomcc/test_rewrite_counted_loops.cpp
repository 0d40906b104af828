// loom-cc's counted loops (counted_loops.h): which `for` loops NVVM unrolls by four, with the
// remainder first or last, as recorded on the H100 (validate/probes/loop_unroll.cu), and how
// they are marked for the engine.
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"

namespace {

using loom::cc::test::rewritten;

std::string r(int n) { return loom::cc::test::region(n); }
std::string open(int n) { return loom::cc::test::openRegion(n); }
std::string bound(const std::string& b) { return "::loom::device::countedBound(" + b + ")"; }
std::string iteration(const std::string& descriptor, const std::string& iv) {
  return " ::loom::device::countedIteration<" + descriptor + ">(" + iv + ");";
}
// Whether the loop in `in` was read as counted, and with which descriptor.
std::string descriptorOf(const std::string& in) {
  const std::string out = rewritten(in);
  const std::size_t at = out.find("countedIteration<");
  if (at == std::string::npos) return "none";
  return out.substr(at + 17, out.find('>', at) - at - 17);
}

}  // namespace

TEST_CASE("a counted loop's bound and iterations are marked", "[loomcc][counted]") {
  // kernels/neighbor's find_neighbor_atomic: no variable enters at a constant, remainder first.
  CHECK(rewritten("void k() { for (int n2 = n1 + 1; n2 < N; ++n2) { float d = x[n2] - x1; if (d < c) "
                  "out[atomicAdd(&cnt[n1], 1)] = n2; } }") ==
        "void k() { " + open(1) + "for (int n2 = n1 + 1; n2 < " + bound("N") + "; ++n2) { " + r(2) +
            iteration("0x10000u", "n2") + " float d = x[n2] - x1; " + open(3) +
            "if (d < c) out[atomicAdd(&cnt[n1], 1)] = n2; } } } }");
  // A body that is one statement gets braces, the mark inside them.
  CHECK(rewritten("{ int s = 0; for (int j = l; j < n; ++j) s += a[j]; }") ==
        "{ int s = 0; " + open(1) + "for (int j = l; j < " + bound("n") + "; ++j) { " + r(2) +
            iteration("0x10008u", "j") + " s += a[j]; } } }");
}

TEST_CASE("the remainder comes last when a carried variable enters as an integer constant", "[loomcc][counted]") {
  CHECK(descriptorOf("{ for (int j = 0; j < n; ++j) out[j] = 1; }") == "0x10008u");
  CHECK(descriptorOf("{ for (int j = -1; j < n; ++j) out[j] = 1; }") == "0x10008u");
  CHECK(descriptorOf("{ int l = t, s = 0; for (int j = l; j < n; ++j) s += a[j]; }") == "0x10008u");
  CHECK(descriptorOf("{ unsigned c = 0; for (int j = l; j < n; ++j) c++; }") == "0x10008u");
  CHECK(descriptorOf("{ int s; s = 0; for (int j = l; j < n; ++j) s += a[j]; }") == "0x10008u");
  // An empty init: the loop variable's value before the loop.
  CHECK(descriptorOf("{ int j = 0; for (; j < n; ++j) out[j] = 1; }") == "0x10008u");
  // A float accumulator is no integer constant (csrSpmv); a variable of the body is not carried;
  // a start computed at run time is none either.
  CHECK(descriptorOf("{ float s = 0; for (int j = l; j < n; ++j) s += a[j]; }") == "0x10000u");
  CHECK(descriptorOf("{ int v = 0; for (int j = l; j < n; ++j) { int v = a[j]; out[j] = v; } }") == "0x10000u");
  CHECK(descriptorOf("{ int s = g(); for (int j = l; j < n; ++j) s += a[j]; }") == "0x10000u");
  CHECK(descriptorOf("{ for (int j = 0.5; j < n; ++j) out[j] = 1; }") == "0x10000u");
}

TEST_CASE("operators and steps", "[loomcc][counted]") {
  CHECK(descriptorOf("{ for (int j = l; j <= n; ++j) out[j] = 1; }") == "0x10001u");
  CHECK(descriptorOf("{ for (int j = l; j != n; j++) out[j] = 1; }") == "0x10004u");
  CHECK(descriptorOf("{ for (int j = l; j < n; j += 2) out[j] = 1; }") == "0x20000u");
  CHECK(descriptorOf("{ for (int j = l; j > 0; --j) out[j] = 1; }") == "0xffff0002u");
  CHECK(descriptorOf("{ for (int j = l; j >= n; j -= 3) out[j] = 1; }") == "0xfffd0003u");
  CHECK(descriptorOf("{ for (j = l; j < n >> 1; ++j) out[j] = 1; }") == "0x10000u");
  // A call in the bound is fine, and so is `::`.
  CHECK(descriptorOf("{ for (int j = l; j < std::size(v); ++j) out[j] = 1; }") == "0x10000u");
}

TEST_CASE("a while loop whose last statement is its step counts as the for loop", "[loomcc][counted]") {
  // probes.loop_unroll's u12: the same SASS as u1's for loop.
  CHECK(rewritten("{ int s = 0, j = 0; while (j < n) { s += a[j]; ++j; } }") ==
        "{ int s = 0, j = 0; " + open(1) + "while (j < " + bound("n") + ") { " + r(2) + iteration("0x10008u", "j") +
            " s += a[j]; ++j; } } }");
  CHECK(descriptorOf("{ int j = l; float s = 0; while (j < n) { s += a[j]; j += 2; } }") == "0x20000u");
  for (const char* in : {
           "{ while (j < n) { if (a[j]) continue; ++j; } }",  // a continue skips the step
           "{ while (j < n) { j += a[j]; } }",
           "{ while (j < n) { ++j; s += a[j]; } }",  // the step is not last
           "{ while (k < n) ++k; }",
       }) {
    INFO(in);
    CHECK(descriptorOf(in) == "none");
  }
}

TEST_CASE("loops NVVM does not unroll, or Loom cannot read, stay as they are", "[loomcc][counted]") {
  for (const char* in : {
           "{ for (int j = l; j < n; ++j) { if (a[j] < 0) break; s += a[j]; } }",  // a second exit
           "{ for (int j = l; j < n; ++j) { int k = 0; while (a[k]) ++k; s += k; } }",  // not innermost
           "{ for (int j = l; j < n; ++j) s += sinf(a[j]); }",  // sinf's argument reduction is a loop
           "{ for (int j = l; j < n; ++j) { s += a[j]; __syncwarp(); } }",  // convergent
           "{ for (int j = l; j < n; ++j) g.sync(); }",
           "{ for (int j = l; j < n && a[j]; ++j) s += a[j]; }",  // the bound is not the whole operand
           "{ for (int j = l; j < n ? 1 : 2; ++j) s += a[j]; }",
           "{ for (int j = l; j < cnt[l]; ++j) out[j] = 1; }",  // the bound reads what the body may write
           "{ for (int j = l; j < *end; ++j) atomicAdd(&c[j], 1); }",
           "{ for (int j = l; j < n; j += step) s += a[j]; }",  // no constant step
           "{ for (int j = l; j < n; ++k) s += a[j]; }",
           "{ for (int j = l; j > n; ++j) s += a[j]; }",  // the step runs away from the bound
           "{ for (int j = l, k = 0; j < n; ++j) s += a[j]; }",
           "{ for (int j = l; n > j; ++j) s += a[j]; }",
           "{ for (int j = l; j < n; ++j) { if (a[j]) return; } }",
           "{ for (int j = l; j < n; ++j) { if (a[j]) j += 2; } }",  // the body moves the variable
           "{\n#pragma unroll 1\nfor (int j = l; j < n; ++j) s += a[j]; }",
       }) {
    INFO(in);
    CHECK(descriptorOf(in) == "none");
  }
  // The bound may read memory when the body writes none (u10, csrSpmv).
  CHECK(descriptorOf("{ float s = 0; for (int e = rs[r]; e < rs[r + 1]; ++e) s += v[e] * x[c[e]]; }") == "0x10000u");
}
