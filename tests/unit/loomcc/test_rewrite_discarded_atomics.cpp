// loom-cc's discarded-atomicAdd marker (discarded_atomics.h): an expression statement that is one
// atomicAdd call gets `(void)::loom::device::ResultUnused{}, ` in front of it; a call whose
// result is used, or that sits inside a larger expression, is left as it is.
#include <catch2/catch.hpp>
#include <string>

#include "discarded_atomics.h"
#include "rewritten.h"

namespace {

const std::string kMark = "(void)::loom::device::ResultUnused{}, ";

std::string rewritten(const std::string& in) {
  return loom::cc::test::rewrittenBy(loom::cc::findDiscardedAtomicEdits, in);
}

}  // namespace

TEST_CASE("a discarded atomicAdd statement is marked", "[loomcc][atomics]") {
  CHECK(rewritten("void f(int* p) { atomicAdd(p, 1); }") == "void f(int* p) { " + kMark + "atomicAdd(p, 1); }");
  CHECK(rewritten("{ x = 1; atomicAdd_block(&s[t % 4], 1); }") == "{ x = 1; " + kMark + "atomicAdd_block(&s[t % 4], 1); }");
  CHECK(rewritten("{ ::atomicAdd_system((int*)(q + 2), 1); }") == "{ " + kMark + "::atomicAdd_system((int*)(q + 2), 1); }");
  // After a condition, else, do, and a (void) cast.
  CHECK(rewritten("{ if (t < 4) atomicAdd(p, 1); else atomicAdd(q, 1); }") ==
        "{ if (t < 4) " + kMark + "atomicAdd(p, 1); else " + kMark + "atomicAdd(q, 1); }");
  CHECK(rewritten("{ if constexpr (B) atomicAdd(p, 1); }") == "{ if constexpr (B) " + kMark + "atomicAdd(p, 1); }");
  CHECK(rewritten("{ for (int i = 0; i < 4; ++i) atomicAdd(p, 1); }") ==
        "{ for (int i = 0; i < 4; ++i) " + kMark + "atomicAdd(p, 1); }");
  // `(void)(void)ResultUnused{}, atomicAdd(...)`: the casts bind before the comma.
  CHECK(rewritten("{ (void)atomicAdd(p, 1); }") == "{ (void)" + kMark + "atomicAdd(p, 1); }");
  // Inside a lambda's body inside a call: still a statement.
  CHECK(rewritten("g([&] { atomicAdd(p, 1); });") == "g([&] { " + kMark + "atomicAdd(p, 1); });");
}

TEST_CASE("an atomicAdd whose result is used is left alone", "[loomcc][atomics]") {
  for (std::string in : {"{ int old = atomicAdd(p, 1); }", "{ return atomicAdd(p, 1); }",
                         "{ if (atomicAdd(p, 1) == 0) x = 1; }", "{ s[atomicAdd(p, 1)] = 2; }",
                         "{ for (int i = 0; i < n; atomicAdd(p, 1)) {} }",
                         "{ for (;; ) { while (atomicAdd(p, 1)); } }", "{ x = y ? atomicAdd(p, 1) : 0; }",
                         "{ atomicAdd(p, 1) + 1; }", "{ atomicAdd(&s[atomicAdd(q, 1)], 1); }",
                         "{ f(atomicAdd(p, 1)); }", "{ a.atomicAdd(p, 1); }", "{ auto g = atomicAdd; }",
                         "{ const char* s = \"atomicAdd(p, 1);\"; }", "int atomicAdd(int* a, int v);"})
    CHECK(rewritten(in) == in);
}

TEST_CASE("the marker keeps every line where it was", "[loomcc][atomics]") {
  std::string in = "{\n  if (t == 0)\n    atomicAdd(\n      p,\n      1);\n}\n";
  std::string out = rewritten(in);
  CHECK(out == "{\n  if (t == 0)\n    " + kMark + "atomicAdd(\n      p,\n      1);\n}\n");
}
