// loom-cc's launch rewrite: `E <<<cfg>>> (args)` -> `E ->* ::loom::launchConfig(cfg)(args)`.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"

namespace {

using loom::cc::rewriteCuda;
using loom::cc::test::rewritten;

long lines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

}  // namespace

TEST_CASE("launch: two to four configuration arguments", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<g, b>>>(x);") == "k ->* ::loom::launchConfig(g, b)(x);");
  CHECK(rewritten("k<<<g, b, s>>>(x, y);") == "k ->* ::loom::launchConfig(g, b, s)(x, y);");
  CHECK(rewritten("k<<<g, b, s, st>>>();") == "k ->* ::loom::launchConfig(g, b, s, st)();");
  // Blanks around <<< and >>> go; E and (args) stay where they are.
  CHECK(rewritten("k <<< g, b >>> (x);") == "k ->* ::loom::launchConfig(g, b)(x);");
  CHECK(rewritten("  k\t<<<1,2>>>\t(x);") == "  k ->* ::loom::launchConfig(1,2)(x);");
}

TEST_CASE("launch: template kernels", "[loomcc][rewrite]") {
  CHECK(rewritten("k<float, 4><<<g, b>>>(x);") == "k<float, 4> ->* ::loom::launchConfig(g, b)(x);");
  CHECK(rewritten("ns::k<std::vector<std::vector<int>>><<<1, 1>>>(v);") ==
        "ns::k<std::vector<std::vector<int>>> ->* ::loom::launchConfig(1, 1)(v);");
  CHECK(rewritten("k<T, (N > 2)><<<1, 1>>>();") ==
        "k<T, (N > 2)> ->* ::loom::launchConfig(1, 1)();");
}

TEST_CASE("launch: nested parentheses, brackets and braces", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<dim3((n+255)/256), dim3(256), 0, s>>>(a, f(b, c));") ==
        "k ->* ::loom::launchConfig(dim3((n+255)/256), dim3(256), 0, s)(a, f(b, c));");
  CHECK(rewritten("k<<<g[i], dim3{32, 4, 1}>>>(x[j]);") ==
        "k ->* ::loom::launchConfig(g[i], dim3{32, 4, 1})(x[j]);");
  CHECK(rewritten("k<<<blocks(a, b), 256, sizeof(float) * (w + 1)>>>(d);") ==
        "k ->* ::loom::launchConfig(blocks(a, b), 256, sizeof(float) * (w + 1))(d);");
  // >>> inside parentheses of the configuration belongs to a template, not to the launch.
  CHECK(rewritten("k<<<size(std::vector<std::vector<std::vector<int>>>()), 32>>>(x);") ==
        "k ->* ::loom::launchConfig(size(std::vector<std::vector<std::vector<int>>>()), "
        "32)(x);");
  // Templates closing right before the launch's >>>: the last three of a run of '>' close it.
  CHECK(rewritten("k<<<n, b<c>>>>(x);") == "k ->* ::loom::launchConfig(n, b<c>)(x);");
  CHECK(rewritten("k<<<n, std::min<int>(a, b)>>>(x);") ==
        "k ->* ::loom::launchConfig(n, std::min<int>(a, b))(x);");
}

TEST_CASE("launch: lambdas and launches in the arguments", "[loomcc][rewrite]") {
  CHECK(rewritten("k<<<1, 32>>>([=] __device__ (int i) { return v[i] >> 1; }, p);") ==
        "k ->* ::loom::launchConfig(1, 32)([=] __device__ (int i) { return v[i] >> 1; }, p);");
  CHECK(rewritten("k<<<1, [&]{ return f<<<1, 1>>>(), 32; }()>>>(x);") ==
        "k ->* ::loom::launchConfig(1, [&]{ return f ->* ::loom::launchConfig(1, 1)(), 32; }())"
        "(x);");
  CHECK(rewritten("a<<<1,1>>>(); b<<<2,2>>>();") ==
        "a ->* ::loom::launchConfig(1,1)(); b ->* ::loom::launchConfig(2,2)();");
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
        "f(\"<<<\", '>'); k ->* ::loom::launchConfig(1, 2)(\">>>\");");
  CHECK(rewritten("auto r = R\"d(<<<\n)d\"; k<<<1, 2>>>(x);") ==
        "auto r = R\"d(<<<\n)d\"; k ->* ::loom::launchConfig(1, 2)(x);");
  CHECK(rewritten("/* <<< */ k<<<1, /* >>> */ 2>>>(x); // <<<") ==
        "/* <<< */ k ->* ::loom::launchConfig(1, /* >>> */ 2)(x); // <<<");
  CHECK(rewritten("int n = 1'0; k<<<n, 2>>>(x);") ==
        "int n = 1'0; k ->* ::loom::launchConfig(n, 2)(x);");
}

TEST_CASE("launch: spread over several lines keeps every line break", "[loomcc][rewrite]") {
  const std::string in =
      "void f() {\n"
      "  kernel<float>\n"
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
        "  kernel<float>\n"
        " ->* ::loom::launchConfig(grid,\n"
        "         block,\n"
        "         0, stream\n"
        ")\n"
        "      (a,\n"
        "       b);\n"
        "}\n");
}

TEST_CASE("launch: linemarkers inside a launch are stepped over", "[loomcc][rewrite]") {
  const std::string in = "k<<<1,\n# 12 \"a.cu\"\n2>>>\n# 14 \"a.cu\"\n(x);\n";
  CHECK(rewritten(in) == "k ->* ::loom::launchConfig(1,\n# 12 \"a.cu\"\n2)\n# 14 \"a.cu\"\n(x);\n");
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
        "  k ->* ::loom::launchConfig(1, 2)(3);\n  k ->* ::loom::launchConfig(1, 2)();\n"
        "  k ->* ::loom::launchConfig(1, 2)(4)\n\n         ;\n}\n");
}

TEST_CASE("launch: a kernel named by any postfix expression", "[loomcc][rewrite]") {
  CHECK(rewritten("(*table[i])<<<1, 1>>>(x);") == "(*table[i]) ->* ::loom::launchConfig(1, 1)(x);");
  CHECK(rewritten("::ns::k<<<1, 1>>>(x);") == "::ns::k ->* ::loom::launchConfig(1, 1)(x);");
}
