// loom-cc's launch rewrite: `E <<<cfg>>> (args)` -> `(::loom::LaunchScope(cfg), E (args))`.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "launch_rewrite.h"
#include "rewritten.h"

namespace {

using loom::cc::rewriteCuda;
using loom::cc::test::rewritten;

long lines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

// The launch rewrite alone (the whole rewrite also makes each `if` a region).
std::string launchesOnly(const std::string& in) {
  return loom::cc::test::rewrittenBy(
      [](std::string_view text, const std::vector<loom::cc::Token>& tokens, std::vector<loom::cc::Edit>& edits) {
        std::vector<loom::cc::Diagnostic> diagnostics;
        loom::cc::findLaunchEdits(text, tokens, edits, diagnostics);
        CHECK(diagnostics.empty());
      },
      in);
}

}  // namespace

TEST_CASE("launch: two to four configuration arguments", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<g, b>>>(x);") == "(::loom::LaunchScope(g, b), k(x));");
  CHECK(rewritten("k<<<g, b, s>>>(x, y);") == "(::loom::LaunchScope(g, b, s), k(x, y));");
  CHECK(rewritten("k<<<g, b, s, st>>>();") == "(::loom::LaunchScope(g, b, s, st), k());");
  // Blanks after <<< and before >>> go; those before <<< and after >>> stay.
  CHECK(rewritten("k <<< g, b >>> (x);") == " (::loom::LaunchScope(g, b), k (x));");
  CHECK(rewritten("  k\t<<<1,2>>>\t(x);") == "  \t(::loom::LaunchScope(1,2), k\t(x));");
}

TEST_CASE("launch: template kernels", "[loomcc][rewrite]") {
  CHECK(rewritten("k<float, 4><<<g, b>>>(x);") == "(::loom::LaunchScope(g, b), k<float, 4>(x));");
  CHECK(rewritten("ns::k<std::vector<std::vector<int>>><<<1, 1>>>(v);") ==
        "(::loom::LaunchScope(1, 1), ns::k<std::vector<std::vector<int>>>(v));");
  CHECK(rewritten("k<T, (N > 2)><<<1, 1>>>();") == "(::loom::LaunchScope(1, 1), k<T, (N > 2)>());");
  CHECK(rewritten("ns::template k<T><<<1, 1>>>();") == "(::loom::LaunchScope(1, 1), ns::template k<T>());");
  CHECK(rewritten("A<T>::k<<<1, 1>>>();") == "(::loom::LaunchScope(1, 1), A<T>::k());");
}

TEST_CASE("launch: nested parentheses, brackets and braces", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<dim3((n+255)/256), dim3(256), 0, s>>>(a, f(b, c));") ==
        "(::loom::LaunchScope(dim3((n+255)/256), dim3(256), 0, s), k(a, f(b, c)));");
  CHECK(rewritten("k<<<g[i], dim3{32, 4, 1}>>>(x[j]);") ==
        "(::loom::LaunchScope(g[i], dim3{32, 4, 1}), k(x[j]));");
  CHECK(rewritten("k<<<blocks(a, b), 256, sizeof(float) * (w + 1)>>>(d);") ==
        "(::loom::LaunchScope(blocks(a, b), 256, sizeof(float) * (w + 1)), k(d));");
  // >>> inside parentheses of the configuration belongs to a template, not to the launch.
  CHECK(rewritten("k<<<size(std::vector<std::vector<std::vector<int>>>()), 32>>>(x);") ==
        "(::loom::LaunchScope(size(std::vector<std::vector<std::vector<int>>>()), 32), k(x));");
  // Templates closing right before the launch's >>>: the last three of a run of '>' close it.
  CHECK(rewritten("k<<<n, b<c>>>>(x);") == "(::loom::LaunchScope(n, b<c>), k(x));");
  CHECK(rewritten("k<<<n, std::min<int>(a, b)>>>(x);") == "(::loom::LaunchScope(n, std::min<int>(a, b)), k(x));");
  // Braced lists as arguments are the call's business.
  CHECK(rewritten("k<<<1, 1>>>({3, 4}, Params{1});") == "(::loom::LaunchScope(1, 1), k({3, 4}, Params{1}));");
}

TEST_CASE("launch: lambdas and launches in the arguments", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<1, 32>>>([=] __device__ (int i) { return v[i] >> 1; }, p);") ==
        "(::loom::LaunchScope(1, 32), k([=] __device__ (int i) { return v[i] >> 1; }, p));");
  CHECK(rewritten("k<<<1, [&]{ return f<<<1, 1>>>(), 32; }()>>>(x);") ==
        "(::loom::LaunchScope(1, [&]{ return (::loom::LaunchScope(1, 1), f()), 32; }()), k(x));");
  CHECK(rewritten("k<<<1, 1>>>(g<<<2, 2>>>(), y);") ==
        "(::loom::LaunchScope(1, 1), k((::loom::LaunchScope(2, 2), g()), y));");
  CHECK(rewritten("a<<<1,1>>>(); b<<<2,2>>>();") == "(::loom::LaunchScope(1,1), a()); (::loom::LaunchScope(2,2), b());");
}

TEST_CASE("launch: >>> and <<< outside launches are untouched", "[loomcc][rewrite]") {
  for (const char* s : {
           "std::vector<std::vector<std::vector<int>>> v;",
           "x = a >> b; y = c << d; z = e >>= 1;",
           "template<class T> std::ostream& operator<<<T>(std::ostream&, const X<T>&);",
           "const char* s = \"k<<<1, 1>>>(x)\";",
           "const char* s = u8\"<<<\"; auto w = L\"<<<\"; auto u = U\"a<<<b\"; auto v = u\"<<<\";",
           "char c = '<'; char d = '\\''; const char* e = \"\\\"<<<\";",
           "auto r = R\"(k<<<1, 1>>>(x) \" still raw )\";",
           "auto r = R\"xy(k<<<1, 1)\" )\" >>> )xy\";",
           "auto r = u8R\"(<<<)\"; auto q = LR\"(<<<)\";",
           "int x = 1'000'000; char c = 'a'; // k<<<1, 1>>>(x)",
           "/* k<<<1, 1>>>(x) */ int y;",
           "#pragma message(\"k<<<1, 1>>>(x)\")\nint z;",
       }) {
    CHECK(rewritten(s) == s);
  }
}

TEST_CASE("launch: text after a literal or comment is still rewritten", "[loomcc][rewrite]") {
  CHECK(rewritten("f(\"<<<\", '>'); k<<<1, 2>>>(\">>>\");") ==
        "f(\"<<<\", '>'); (::loom::LaunchScope(1, 2), k(\">>>\"));");
  CHECK(rewritten("auto r = R\"d(<<<\n)d\"; k<<<1, 2>>>(x);") ==
        "auto r = R\"d(<<<\n)d\"; (::loom::LaunchScope(1, 2), k(x));");
  CHECK(rewritten("/* <<< */ k<<<1, /* >>> */ 2>>>(x); // <<<") ==
        "/* <<< */ (::loom::LaunchScope(1, /* >>> */ 2), k(x)); // <<<");
  CHECK(rewritten("int n = 1'0; k<<<n, 2>>>(x);") == "int n = 1'0; (::loom::LaunchScope(n, 2), k(x));");
}

TEST_CASE("launch: spread over several lines keeps every line break", "[loomcc][rewrite]") {
  const std::string in =
      "void f() {\n"
      "  kernel<float\n"
      "         >\n"
      "      <<<grid,\n"
      "         block,\n"
      "         0, stream\n"
      "      >>>\n"
      "      (a,\n"
      "       b);\n"
      "}\n";
  const std::string out = rewritten(in);
  CHECK(lines(out) == lines(in));
  CHECK(out ==
        "void f() {\n"
        "  \n"
        "\n"
        "      (::loom::LaunchScope(grid,\n"
        "         block,\n"
        "         0, stream\n"
        "), kernel<float          >\n"
        "      (a,\n"
        "       b));\n"
        "}\n");
}

TEST_CASE("launch: linemarkers inside a launch are stepped over", "[loomcc][rewrite]") {
  const std::string in = "k<<<1,\n# 12 \"a.cu\"\n2>>>\n# 14 \"a.cu\"\n(x);\n";
  CHECK(rewritten(in) == "(::loom::LaunchScope(1,\n# 12 \"a.cu\"\n2), k\n# 14 \"a.cu\"\n(x));\n");
  // Between the kernel and its <<<, a linemarker stays where it is.
  const std::string apart = "k\n# 12 \"a.cu\"\n<<<1, 2>>>(x);\n";
  CHECK(rewritten(apart) == "\n# 12 \"a.cu\"\n(::loom::LaunchScope(1, 2), k(x));\n");
}

TEST_CASE("launch: text produced by macros, as the preprocessor prints it", "[loomcc][rewrite]") {
  // `#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)` spread over three source lines: g++ -E
  // prints the expansion on one line followed by blank lines.
  const std::string in =
      "# 1 \"a.cu\"\n\n\ntemplate<class T> void k(T);\nvoid f() {\n"
      "  k<<<1, 2>>>(3);\n  k <<< 1, 2 >>> ();\n  k<<<1, 2>>>(4)\n\n         ;\n}\n";
  const std::string out = rewritten(in);
  CHECK(lines(out) == lines(in));
  CHECK(out ==
        "# 1 \"a.cu\"\n\n\ntemplate<class T> void k(T);\nvoid f() {\n"
        "  (::loom::LaunchScope(1, 2), k(3));\n   (::loom::LaunchScope(1, 2), k ());\n"
        "  (::loom::LaunchScope(1, 2), k(4))\n\n         ;\n}\n");
}

TEST_CASE("launch: a kernel named by any postfix expression", "[loomcc][rewrite]") {
  CHECK(rewritten("(*table[i])<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), (*table[i])(x));");
  CHECK(rewritten("::ns::k<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), ::ns::k(x));");
  CHECK(rewritten("table[i]<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), table[i](x));");
  CHECK(rewritten("s.k<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), s.k(x));");
  CHECK(rewritten("p->k<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), p->k(x));");
  CHECK(rewritten("pick(2)<<<1, 1>>>(x);") == "(::loom::LaunchScope(1, 1), pick(2)(x));");
  // Where the expression starts: after a statement word, an operator or a control condition.
  CHECK(launchesOnly("if (c) (*fp)<<<1, 1>>>(x);") == "if (c) (::loom::LaunchScope(1, 1), (*fp)(x));");
  CHECK(launchesOnly("while (c) k<<<1, 1>>>(x);") == "while (c) (::loom::LaunchScope(1, 1), k(x));");
  CHECK(rewritten("return k<<<1, 1>>>(x);") == "return (::loom::LaunchScope(1, 1), k(x));");
  CHECK(rewritten("else ::k<<<1, 1>>>(x);") == "else (::loom::LaunchScope(1, 1), ::k(x));");
  CHECK(rewritten("c ? a<<<1, 1>>>() : b<<<2, 2>>>();") ==
        "c ? (::loom::LaunchScope(1, 1), a()) : (::loom::LaunchScope(2, 2), b());");
}
