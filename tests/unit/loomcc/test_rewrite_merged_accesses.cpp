// loom-cc's merged accesses: the two stores of an if/else to one element become one store after
// the branches (diamond_stores.h), and the two loads of `c ? a[x] : a[y]` one load from the
// selected element (selected_loads.h), as nvcc compiles them (tests.cuda.reconvergence's
// ifElseInLoop and ternaryLoads, recorded on the H100).
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"
#include "selected_loads.h"

namespace {

using loom::cc::test::rewritten;

std::string r(int n) { return loom::cc::test::region(n); }
std::string sunk(int n, const std::string& target) {
  return "{ ::loom::device::SunkStore<decltype((" + target + "))> loom_sunk_" + std::to_string(n) + "; ";
}
// A branch's store `target = value` and the store after the region (loom/device/sunk_store.h).
std::string put(int n, const std::string& target, const std::string& value) {
  return "loom_sunk_" + std::to_string(n) +
         ".put([&](auto& loom_s) { if constexpr (::loom::device::kSunk<decltype(loom_s)>) loom_s.held = " + value +
         "; else " + target + " = " + value + "; })";
}
std::string sink(int n, const std::string& target) {
  return "loom_sunk_" + std::to_string(n) + ".sink([&](auto& loom_s) { if constexpr (::loom::device::kSunk<decltype(loom_s)>) " +
         target + " = loom_s.held; }); }";
}
bool merged(const std::string& in) { return rewritten(in).find("SunkStore") != std::string::npos; }

std::string selected(const std::string& in) {
  std::vector<bool> all(loom::cc::lex(in).size(), true);
  return loom::cc::test::rewrittenBy(
      [&](std::string_view text, const std::vector<loom::cc::Token>& tokens, std::vector<loom::cc::Edit>& edits) {
        loom::cc::findSelectedLoadEdits(text, tokens, all, edits);
      },
      in);
}
std::string select(const std::string& element) { return "::loom::device::selectable(" + element + ")"; }

}  // namespace

TEST_CASE("an if/else storing to one element in both branches stores once after them", "[loomcc][merged]") {
  CHECK(rewritten("{ if (v & 1) { out[i] = v + a[j]; } else { out[i] = v - a[k]; } }") ==
        "{ " + sunk(1, "out[i]") + "{ " + r(1) + " if (v & 1) { " + put(1, "out[i]", "v + a[j]") + "; } else { " +
            put(1, "out[i]", "v - a[k]") + "; } } " + sink(1, "out[i]") + " }");
  // Branches of one statement, statements before the store, a member through a pointer.
  CHECK(rewritten("{ if (c) p->x = 1; else p->x = 2; }") ==
        "{ " + sunk(1, "p->x") + "{ " + r(1) + " if (c) " + put(1, "p->x", "1") + "; else " + put(1, "p->x", "2") +
            "; } " + sink(1, "p->x") + " }");
  CHECK(merged("{ if (c) { int t = a[j] * 2; s[t & 7] = 0; out[i] = t; } else { out[i] = 0; } }"));
  // Names of the target read, multiplied or qualified in a branch are no declarations; a
  // condition that only compares declares nothing.
  CHECK(merged("{ if (c) { int t = a[i] * i, u = (i & 3); out[i] = t + u; } else { out[i] = 0; } }"));
  CHECK(merged("{ if (x <= i && y != i) { v = ::ns::i * 2; out[i] = v; } else { out[i] = 0; } }"));
}

TEST_CASE("the merged store keeps the else branch's line, as the device's", "[loomcc][merged]") {
  const std::string out = rewritten("# 1 \"k.cu\"\n{ if (c) {\n out[i] = 1;\n } else {\n out[i] = 2;\n }\n}\n");
  // k.cu:4 is the else branch's store, k.cu:5 the `}` that ends the if.
  CHECK(out.find("\n# 4 \"k.cu\"\n " + sink(1, "out[i]") + "\n# 5 \"k.cu\"\n") != std::string::npos);
}

TEST_CASE("if statements that nvcc does not merge, or that would change meaning, stay", "[loomcc][merged]") {
  for (const char* in : {
           "{ if (c) out[i] = 1; }",                                         // no else: no store to sink
           "{ if (c) out[i] = 1; else out[j] = 2; }",                        // two elements
           "{ if (c) out[i] = 1; else if (d) out[i] = 2; else out[i] = 3; }",  // not one diamond
           "{ if (c) { out[i] = 1; ++i; } else { out[i] = 2; } }",          // the store is not last
           "{ if (c) { ++i; out[i] = 1; } else { out[i] = 2; } }",          // the target moves
           "{ if (c) { if (d) x = 1; out[i] = 1; } else { out[i] = 2; } }",  // a branch inside
           "{ if (c) { if (d) return; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) out[i] += 1; else out[i] += 2; }",                      // compound assignment
           "{ if (c) out[idx[i]] = 1; else out[idx[i]] = 2; }",              // the index reads memory
           "{ if (c) out[f(i)] = 1; else out[f(i)] = 2; }",                  // the index calls
           "{ if (c) out[i] = g(); else out[i] = 2; }",                      // a call may do anything
           "{ if (c) *p = 1; else *p = 2; }",
           "{ if constexpr (C) out[i] = 1; else out[i] = 2; }",
           "{ if (c) out[i] = a +\n 1; else out[i] = 2; }",  // written twice, it would move a line
           // A name of the target declared by the condition or in a branch: after the if, the
           // target would name another variable (issue 33), or none.
           "{ if (int i = idx[t]; c) out[i] = 1; else out[i] = 2; }",
           "{ if (int i = idx[t]) out[i] = 1; else out[i] = 2; }",
           "{ if (int i{idx[t]}) out[i] = 1; else out[i] = 2; }",
           "{ if (c) { int i = 3; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) { int i{3}; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) { out[i] = 1; } else { unsigned i = 2u; out[i] = 2; } }",
           "{ if (c) { int* out = p; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) { int a = 1, i = 2; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) { auto [i, j] = pr; out[i] = 1; } else { out[i] = 2; } }",
           "{ if (c) { const ::ns::T<int> &out = q; out[i] = 1; } else { out[i] = 2; } }",
       }) {
    INFO(in);
    CHECK_FALSE(merged(in));
  }
}

TEST_CASE("a conditional of two elements of one array loads the selected one", "[loomcc][merged]") {
  CHECK(selected("out[i] = (v & 1) ? a[(i + 1) % n] : a[(i + 2) % n];") ==
        "out[i] = (*((v & 1) ? " + select("a[(i + 1) % n]") + " : " + select("a[(i + 2) % n]") + "));");
  CHECK(selected("return c && d ? a[x] : a[y];") == "return (*(c && d ? " + select("a[x]") + " : " + select("a[y]") + "));");
  CHECK(selected("f(k, c ? a[x] : a[y]);") == "f(k, (*(c ? " + select("a[x]") + " : " + select("a[y]") + ")));");
  CHECK(selected("s += x <= y ? a[x] : a[y];") == "s += (*(x <= y ? " + select("a[x]") + " : " + select("a[y]") + "));");
  // Of nested conditionals, the inner one of this form.
  CHECK(selected("v = c ? a[x] : d ? a[y] : a[z];") ==
        "v = c ? a[x] : (*(d ? " + select("a[y]") + " : " + select("a[z]") + "));");
  // The statement of an if, an else or a do: the condition begins after the head or keyword.
  CHECK(selected("if (k) c ? a[x] : a[y];") == "if (k) (*(c ? " + select("a[x]") + " : " + select("a[y]") + "));");
  CHECK(selected("{ x(); } if (k) v = 1; else c ? a[x] : a[y];") ==
        "{ x(); } if (k) v = 1; else (*(c ? " + select("a[x]") + " : " + select("a[y]") + "));");
  CHECK(selected("while (k) c ? a[x] : a[y];") == "while (k) (*(c ? " + select("a[x]") + " : " + select("a[y]") + "));");
  // A '}' before the condition (a block's end, or a braced initializer in it) or a statement
  // keyword whose extent this reading does not know: left alone.
  for (const char* in : {"{ x(); } c ? a[x] : a[y];", "v = S{1}.f ? a[x] : a[y];", "co_yield c ? a[x] : a[y];"}) {
    INFO(in);
    CHECK(selected(in) == in);
  }
  for (const char* in : {"v = c ? a[x] : b[y];", "v = c ? a[x] : a[y] + 1;", "v = c ? x : y;", "v = c ?: a[y];"}) {
    INFO(in);
    CHECK(selected(in) == in);
  }
}
