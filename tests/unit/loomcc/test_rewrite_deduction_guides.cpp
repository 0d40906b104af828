// loom-cc drops execution-space qualifiers in front of deduction guides, which nvcc accepts and
// g++ rejects once they are GNU attributes (`__host__` is `__attribute__((,,))`, `__device__`
// `__attribute__((,))`).
#include <catch2/catch.hpp>
#include <string>

#include "deduction_guides.h"
#include "rewritten.h"

namespace {

std::string guidesRewritten(const std::string& in) {
  return loom::cc::test::rewrittenBy(loom::cc::findDeductionGuideEdits, in);
}

}  // namespace

TEST_CASE("deduction guides: qualifiers are dropped", "[loomcc][rewrite]") {
  // template <class T1, class T2> __host__ __device__ Pair(T1, T2) -> Pair<T1, T2>;
  CHECK(guidesRewritten("template <class T1, class T2> __attribute__((,,)) __attribute__((,)) "
                        "Pair(T1, T2) -> Pair<T1, T2>;") ==
        "template <class T1, class T2>   Pair(T1, T2) -> Pair<T1, T2>;");
  CHECK(guidesRewritten("__attribute__((,)) Box(int) -> Box<long>;") == " Box(int) -> Box<long>;");
  CHECK(guidesRewritten("template <class T> __attribute__((,,)) __attribute__((,)) explicit Box(T*) -> Box<T>;") ==
        "template <class T>   explicit Box(T*) -> Box<T>;");
  CHECK(guidesRewritten("template <class T> __attribute__((,)) explicit(true) Box(T) -> Box<T>;") ==
        "template <class T>  explicit(true) Box(T) -> Box<T>;");
  // A system header's macro can put a line marker among them; it stays.
  CHECK(guidesRewritten("template <class T> __attribute__((,,))\n# 12 \"box.h\" 3\n__attribute__((,)) Box(T) -> Box<T>;") ==
        "template <class T> \n# 12 \"box.h\" 3\n Box(T) -> Box<T>;");
}

TEST_CASE("deduction guides: qualified declarations that are not guides keep their qualifiers",
          "[loomcc][rewrite]") {
  const std::string kept[] = {
      // A constructor.
      "struct Box { __attribute__((,,)) __attribute__((,)) Box(int v) : v(v) {} int v; };",
      // A function with a trailing return type.
      "__attribute__((,,)) __attribute__((,)) auto twice(int x) -> int { return 2 * x; }",
      // A lambda with a trailing return type.
      "auto f = [] __attribute__((,)) (int x) -> int { return x; };",
      // A kernel.
      "__attribute__(()) void k(int* p) { p[0] = 1; }",
  };
  for (const std::string& in : kept) CHECK(guidesRewritten(in) == in);
}

TEST_CASE("deduction guides: the whole rewrite compiles the guide", "[loomcc][rewrite]") {
  const std::string out = loom::cc::test::rewritten(
      "template <class T> struct Box { T v; };\n"
      "template <class T> __attribute__((,,)) __attribute__((,)) Box(T) -> Box<T>;\n");
  CHECK(out.find("__attribute__") == std::string::npos);
}
