// loom-cc's barrier-ahead marks (barrier_runs.h): the run of simple statements before each
// __syncthreads of the user's code starts with ::loom::device::barrierAhead().
#include <catch2/catch.hpp>
#include <string>

#include "barrier_runs.h"
#include "rewritten.h"

namespace {
std::string rewritten(const std::string& in) {
  return loom::cc::test::rewrittenBy(
      [](std::string_view text, const std::vector<loom::cc::Token>& tokens, std::vector<loom::cc::Edit>& edits) {
        loom::cc::findBarrierRunEdits(text, tokens, std::vector<bool>(tokens.size(), true), edits);
      },
      in);
}
const std::string mark = "::loom::device::barrierAhead(); ";
}  // namespace

TEST_CASE("barrier runs: the mark begins the statements before a __syncthreads", "[loomcc][barriers]") {
  // SumDoubles' loop body: one statement, then the barrier.
  CHECK(rewritten("for (;;) { s[t] = in[i]; __syncthreads(); v = s[0]; __syncthreads(); }") ==
        "for (;;) { " + mark + "s[t] = in[i]; __syncthreads(); " + mark + "v = s[0]; __syncthreads(); }");
  // Declarations, calls, a ternary and a lambda's brackets are all one run.
  CHECK(rewritten("{ float a = c ? x[i] : y[i]; g(a, [&](int k) { return k; }(1)); s[t] = a; __syncthreads(); }") ==
        "{ " + mark + "float a = c ? x[i] : y[i]; g(a, [&](int k) { return k; }(1)); s[t] = a; __syncthreads(); }");
  // The braces of a class body, an initializer or a lambda belong to their declaration (CUB's
  // `__shared__ union { ... } temp;`).
  CHECK(rewritten("{ __shared__ union { A a; B b; } temp; int v[2] = {1, 2}; auto f = [] { return 1; }; __syncthreads(); }") ==
        "{ " + mark + "__shared__ union { A a; B b; } temp; int v[2] = {1, 2}; auto f = [] { return 1; }; __syncthreads(); }");
  CHECK(rewritten("{ { x(); } s[t] = 1; __syncthreads(); }") == "{ { x(); } " + mark + "s[t] = 1; __syncthreads(); }");
  // A statement with a substatement ends the run (a block, an if, a braceless loop, else).
  CHECK(rewritten("{ if (c) { x(); } s[t] = 1; __syncthreads(); }") == "{ if (c) { x(); } " + mark + "s[t] = 1; __syncthreads(); }");
  CHECK(rewritten("{ for (int k = 0; k < 4; ++k) a += k; s[t] = a; __syncthreads(); }") ==
        "{ for (int k = 0; k < 4; ++k) a += k; " + mark + "s[t] = a; __syncthreads(); }");
  CHECK(rewritten("{ if (c) a = 1; else a = 2; s[t] = a; __syncthreads(); }") ==
        "{ if (c) a = 1; else a = 2; " + mark + "s[t] = a; __syncthreads(); }");
  CHECK(rewritten("{ x = 1; L: s[t] = x; __syncthreads(); }") == "{ x = 1; L: " + mark + "s[t] = x; __syncthreads(); }");
  // Right after a label's ':' a space keeps the mark's `::` apart (`L:::loom` is no label).
  CHECK(rewritten("{ x = 1; L:; __syncthreads(); }") == "{ x = 1; L: " + mark + "; __syncthreads(); }");
  // Nothing before the barrier in its run, a barrier that is itself a substatement, a `case`
  // label in the run, a call that is not a statement: no mark.
  for (const char* s : {"{ __syncthreads(); }", "{ if (c) { x(); } __syncthreads(); }", "{ if (c) __syncthreads(); }",
                        "switch (k) { case 1: s[t] = 1; __syncthreads(); }", "{ f(__syncthreads()); }",
                        "{ x = 1; __syncthreads_or(x); }"})
    CHECK(rewritten(s) == s);
}
