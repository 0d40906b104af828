// loom-cc's reconvergence regions (reconvergence.h): every `if`, `switch` and loop statement of
// the user's code, and every loop body, gets a region variable whose cleanup runs on each way
// out of it; all on the lines of the tokens they follow.
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"

namespace {

using loom::cc::test::rewritten;
std::string r(int n) { return loom::cc::test::region(n); }
std::string open(int n) { return loom::cc::test::openRegion(n); }

}  // namespace

TEST_CASE("an if statement becomes a region", "[loomcc][reconvergence]") {
  CHECK(rewritten("void f() { if (c) x = 1; y = 2; }") == "void f() { " + open(1) + "if (c) x = 1; } y = 2; }");
  CHECK(rewritten("{ if (a) { x(); } z(); }") == "{ " + open(1) + "if (a) { x(); } } z(); }");
  CHECK(rewritten("{ if constexpr (B) x(); }") == "{ " + open(1) + "if constexpr (B) x(); } }");
  // With an init-statement and a lambda in the condition.
  CHECK(rewritten("{ if (int v = f(); any([&] { return v; })) g(v); }") ==
        "{ " + open(1) + "if (int v = f(); any([&] { return v; })) g(v); } }");
  CHECK(rewritten("{ switch (k) { case 1: x(); break; } }") == "{ " + open(1) + "switch (k) { case 1: x(); break; } } }");
}

TEST_CASE("a branch's attributes belong to its statement", "[loomcc][reconvergence]") {
  // Read as an expression, `[[likely]] { ... }` would run on to the next `;` and take the
  // declaration of y into the region's braces.
  CHECK(rewritten("{ if (x) [[likely]] { a(); } int y = 2; }") == "{ " + open(1) + "if (x) [[likely]] { a(); } } int y = 2; }");
  CHECK(rewritten("{ if (x) [[likely]] { a(); } else [[unlikely]] b(); int y = 2; }") ==
        "{ " + open(1) + "if (x) [[likely]] { a(); } else [[unlikely]] b(); } int y = 2; }");
}

TEST_CASE("an else chain is inside the region of its first if", "[loomcc][reconvergence]") {
  CHECK(rewritten("{ if (a) x(); else if (b) y(); else { z(); } w(); }") ==
        "{ " + open(1) + "if (a) x(); else if (b) y(); else { z(); } } w(); }");
}

TEST_CASE("a loop and its body are regions", "[loomcc][reconvergence]") {
  // (A call of f: no counted loop, counted_loops.h; test_rewrite_counted_loops.cpp has those.)
  CHECK(rewritten("{ for (int n = 0; n < N; ++n) { float d = x[n]; f(d); } }") ==
        "{ " + open(1) + "for (int n = 0; n < N; ++n) { " + r(2) + " float d = x[n]; f(d); } } }");
  CHECK(rewritten("{ while (k < n) ++k; }") == "{ " + open(1) + "while (k < n) " + open(2) + "++k; } } }");
  // A do's closing `while` is not a loop of its own.
  CHECK(rewritten("{ do { ++k; } while (k < n); }") == "{ " + open(1) + "do { " + r(2) + " ++k; } while (k < n); } }");
  // The spin lock: an empty body is a region too.
  CHECK(rewritten("{ while (atomicCAS(m, 0, 1)); }") == "{ " + open(1) + "while (atomicCAS(m, 0, 1))" + open(2) + "; } } }");
}

TEST_CASE("a statement that is another's body stays its body", "[loomcc][reconvergence]") {
  // Without the braces the if would leave the loop.
  CHECK(rewritten("void f() { for (;;) if (a) x(); }") ==
        "void f() { " + open(1) + "for (;;) " + open(2) + open(3) + "if (a) x(); } } } }");
  CHECK(rewritten("{ if (a) do x(); while (b); }") == "{ " + open(1) + "if (a) " + open(2) + "do " + open(3) + "x(); } while (b); } } }");
  CHECK(rewritten("{ if (a) try { x(); } catch (E& e) { y(); } }") ==
        "{ " + open(1) + "if (a) try { x(); } catch (E& e) { y(); } } }");
}

TEST_CASE("ifs inside lambdas get their own regions", "[loomcc][reconvergence]") {
  CHECK(rewritten("{ auto l = [](int a) { if (a) return 1; return 2; }; }") ==
        "{ auto l = [](int a) { " + open(1) + "if (a) return 1; } return 2; }; }");
}

TEST_CASE("the statements of a macro's expansion are regions too", "[loomcc][reconvergence]") {
  // A system header's token (stderr) inside a statement puts linemarkers in it.
  std::string in = "{ do { if (e) fprintf(\n# 5 \"/usr/include/stdio.h\" 3 4\nstderr\n# 9 \"k.cu\"\n, \"x\"); } while (0); }";
  CHECK(rewritten(in) == "{ " + open(1) + "do { " + r(2) + " " + open(3) +
                             "if (e) fprintf(\n# 5 \"/usr/include/stdio.h\" 3 4\nstderr\n# 9 \"k.cu\"\n, \"x\"); } } while (0); } }");
}

TEST_CASE("what cannot take a region is left alone", "[loomcc][reconvergence]") {
  for (const char* in : {"{ if consteval { x(); } }", "{ if (a) L: x(); }", "{ if (a) x( }", "{ if (a) case 1: x(); }"}) {
    CHECK(rewritten(in) == in);
  }
  // Duff's device: the loop holds cases of the enclosing switch: neither it nor its body is a region.
  CHECK(rewritten("{ switch (n) { case 0: do { *t = *f++; case 1: *t = *f++; } while (--k); } }") ==
        "{ " + open(1) + "switch (n) { case 0: do { *t = *f++; case 1: *t = *f++; } while (--k); } } }");
  // An if holding a case label of its switch; a switch inside a region keeps its own labels.
  CHECK(rewritten("{ switch (n) { case 0: if (c) { case 1: x(); } } }") ==
        "{ " + open(1) + "switch (n) { case 0: if (c) { case 1: x(); } } } }");
  CHECK(rewritten("{ if (c) switch (n) { default: x(); } }") ==
        "{ " + open(1) + "if (c) " + open(2) + "switch (n) { default: x(); } } } }");
  // A loop right after a #pragma keeps its place; its body is still a region.
  CHECK(rewritten("{\n#pragma GCC unroll 4\nfor (;;) { x(); } }") == "{\n#pragma GCC unroll 4\nfor (;;) { " + r(1) + " x(); } }");
}

TEST_CASE("a statement holding the label of a goto from outside it is no region", "[loomcc][reconvergence]") {
  // The jump would pass the region variable's initialization, which C++ forbids.
  CHECK(rewritten("{ goto in; if (c) { in: x(); } }") == "{ goto in; if (c) { in: x(); } }");
  CHECK(rewritten("{ goto in; while (c) { y(); in: x(); } }") == "{ goto in; while (c) { y(); in: x(); } }");
  CHECK(rewritten("{ void* p = &&in; if (c) { in: x(); } }") == "{ void* p = &&in; if (c) { in: x(); } }");
  // A goto inside the statement to its own label, or out of it, leaves the region in place.
  CHECK(rewritten("{ if (c) { in: x(); goto in; } }") == "{ " + open(1) + "if (c) { in: x(); goto in; } } }");
  CHECK(rewritten("{ if (c) goto out; out: x(); }") == "{ " + open(1) + "if (c) goto out; } out: x(); }");
}

TEST_CASE("deeply nested statements are read once each", "[loomcc][reconvergence]") {
  // 50,000 nested ifs and 50,000 nested loops: each statement's extent and labels are read once
  // (statement.h's StatementEnds), not again for every statement around it, and no reading
  // recurses as deep as the nesting (which overflowed the stack).
  const int n = 50000;
  std::string in = "{ ";
  for (int k = 0; k < n; ++k) in += "if (c) ";
  for (int k = 0; k < n; ++k) in += "for (;;) { ";
  in += "x();";
  for (int k = 0; k < n; ++k) in += " }";
  in += " }";
  const std::string out = rewritten(in);
  std::size_t regions = 0;
  for (std::size_t at = out.find("loom_region_"); at != std::string::npos; at = out.find("loom_region_", at + 1)) ++regions;
  CHECK(regions == 3u * n);  // each if, each loop and each loop body
  CHECK(out.find("loom_region_150000 ") != std::string::npos);
}

TEST_CASE("the regions keep every line where it was", "[loomcc][reconvergence]") {
  std::string in = "{\n  if (t == 0)\n    x = 1;\n  else\n    x = 2;\n  y();\n}\n";
  CHECK(rewritten(in) == "{\n  " + open(1) + "if (t == 0)\n    x = 1;\n  else\n    x = 2; }\n  y();\n}\n");
}

TEST_CASE("only the user's code gets regions", "[loomcc][reconvergence]") {
  std::string in =
      "# 1 \"k.cu\"\n"
      "# 1 \"/opt/loom/include/loom/x.h\" 1\n"
      "inline void lib() { if (a) b(); }\n"
      "# 1 \"/usr/include/c++/12/vector\" 1 3\n"
      "inline void sys() { if (a) b(); }\n"
      "# 3 \"k.cu\" 2\n"
      "void user() { if (a) b(); }\n"
      "# 1 \"my_header.cuh\" 1\n"
      "inline void header() { if (a) b(); }\n";
  auto result = loom::cc::rewriteCuda(in, {"/opt/loom/include/"});
  REQUIRE(result.ok());
  CHECK(result.text.find("lib() { if (a) b(); }") != std::string::npos);
  CHECK(result.text.find("sys() { if (a) b(); }") != std::string::npos);
  CHECK(result.text.find("user() { " + open(1) + "if (a) b(); } }") != std::string::npos);
  CHECK(result.text.find("header() { " + open(2) + "if (a) b(); } }") != std::string::npos);
}

TEST_CASE("a discarded atomicAdd that is a loop's body is marked inside the body's region",
          "[loomcc][reconvergence]") {
  CHECK(rewritten("{ for(;;)atomicAdd(p,1); }") ==
        "{ " + open(1) + "for(;;)" + open(2) + "(void)::loom::device::ResultUnused{}, atomicAdd(p,1); } } }");
}
