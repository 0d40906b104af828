// loom-cc's diagnostics for malformed launches: file:line:col from the linemarkers and the user's
// source, exit without output.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "linemap.h"
#include "rewrite.h"

namespace {

using loom::cc::rewriteCuda;

// A fake file system for the diagnostics' column lookup.
loom::cc::SourceReader files(std::map<std::string, std::string> contents) {
  return [contents](const std::string& path) -> std::optional<std::string> {
    auto it = contents.find(path);
    if (it == contents.end()) return std::nullopt;
    return it->second;
  };
}

std::vector<std::string> errors(const std::string& pp, const loom::cc::SourceReader& read = {}) {
  auto r = rewriteCuda(pp);
  CHECK(r.text.empty());
  return loom::cc::renderDiagnostics(r, pp, read);
}

const std::string kCount =
    "error: a kernel launch configuration takes 2 to 4 arguments <<<grid, block[, dynamic shared "
    "memory bytes[, stream]]>>>, found ";

}  // namespace

TEST_CASE("malformed launch: no >>>", "[loomcc][rewrite]") {
  const std::string pp = "# 1 \"k.cu\"\nvoid f() {\n  k<<<1, 2>>(x);\n}\n";
  CHECK(errors(pp) ==
        std::vector<std::string>{"k.cu:2:4: error: unterminated kernel launch: expected '>>>' to "
                                 "close the configuration opened by '<<<'"});
  CHECK(errors("# 7 \"k.cu\"\nk<<<1, 2") ==
        std::vector<std::string>{"k.cu:7:2: error: unterminated kernel launch: expected '>>>' to "
                                 "close the configuration opened by '<<<'"});
  // The enclosing parenthesis closes first.
  CHECK(errors("# 3 \"k.cu\"\nf(k<<<1, 2);\n").size() == 1);
}

TEST_CASE("malformed launch: argument count", "[loomcc][rewrite]") {
  CHECK(errors("# 5 \"k.cu\"\nk<<<1>>>(x);\n") ==
        std::vector<std::string>{"k.cu:5:2: " + kCount + "1"});
  CHECK(errors("# 5 \"k.cu\"\nk<<<>>>(x);\n") ==
        std::vector<std::string>{"k.cu:5:2: " + kCount + "0"});
  CHECK(errors("# 5 \"k.cu\"\n  k<<<1, 2, 3, 4, 5>>>(x);\n") ==
        std::vector<std::string>{"k.cu:5:4: " + kCount + "5"});
  CHECK(errors("# 5 \"k.cu\"\nk<<<1, , 2>>>(x);\n") ==
        std::vector<std::string>{"k.cu:5:2: error: empty argument in kernel launch configuration"});
  CHECK(errors("# 5 \"k.cu\"\nk<<<1, 2,>>>(x);\n") ==
        std::vector<std::string>{"k.cu:5:2: error: empty argument in kernel launch configuration"});
  // Commas of template arguments are counted too, so with a '<' in the configuration a count
  // above 4 is left to the C++ compiler.
  CHECK(rewriteCuda("k<<<f<1, 2, 3>(), 4, 5, 6>>>(x);").ok());
}

TEST_CASE("malformed launch: >>> not followed by (", "[loomcc][rewrite]") {
  CHECK(errors("# 9 \"k.cu\"\nk<<<1, 2>>>;\n") ==
        std::vector<std::string>{
            "k.cu:9:2: error: expected '(' with the kernel's arguments after '>>>'"});
  CHECK(errors("# 9 \"k.cu\"\nk<<<1, 2>>> x;\n").size() == 1);
}

TEST_CASE("malformed launch: line from linemarkers, column from the user's line",
          "[loomcc][rewrite]") {
  const std::string pp =
      "# 1 \"/src/app.cu\"\n"
      "# 1 \"/inc/h.h\" 1\n"
      "int h;\n"
      "# 2 \"/src/app.cu\" 2\n"
      "\n"
      "void f() { LAUNCH_BAD(k); k<<<1>>>(x); }\n";
  // The source line has tabs and more blanks than the preprocessed one.
  const std::string source =
      "#include \"h.h\"\n"
      "\n"
      "void f() {\t\tLAUNCH_BAD(k);  k<<<1>>>(x); }\n";
  // The bad launch is the second <<< on its line, in the preprocessed text and in the source.
  const std::string ppTwo = "# 1 \"/src/app.cu\"\n\n\nvoid f() { k<<<2, 2>>>(1); k<<<1>>>(x); }\n";
  const std::string sourceTwo = "\n\nvoid f() {   k<<<2, 2>>>(1);   k<<<1>>>(x); }\n";
  CHECK(errors(pp, files({{"/src/app.cu", source}})) ==
        std::vector<std::string>{"/src/app.cu:3:30: " + kCount + "1"});
  CHECK(errors(ppTwo, files({{"/src/app.cu", sourceTwo}})) ==
        std::vector<std::string>{"/src/app.cu:3:33: " + kCount + "1"});
  // Unreadable source: the column in the preprocessed line.
  CHECK(errors(pp) == std::vector<std::string>{"/src/app.cu:3:28: " + kCount + "1"});
  // The source line has no <<< (a macro made the launch): the column in the preprocessed line.
  CHECK(errors(pp, files({{"/src/app.cu", "\n\nvoid f() { BAD(k); }\n"}})) ==
        std::vector<std::string>{"/src/app.cu:3:28: " + kCount + "1"});
}

TEST_CASE("malformed launch: in an included header", "[loomcc][rewrite]") {
  const std::string pp =
      "# 1 \"main.cu\"\n"
      "# 1 \"/inc/launch.h\" 1\n"
      "\n"
      "template <class K> void go(K k) {\n"
      "  k<<<1, 2>>>;\n"
      "}\n"
      "# 2 \"main.cu\" 2\n"
      "int main() { go(k); }\n";
  CHECK(errors(pp) == std::vector<std::string>{"/inc/launch.h:3:4: error: expected '(' with the "
                                               "kernel's arguments after '>>>'"});
}

TEST_CASE("malformed launch: every error is reported, and no text", "[loomcc][rewrite]") {
  auto r = rewriteCuda("# 1 \"a.cu\"\na<<<1>>>(x);\nb<<<1, 2>>>(y);\nc<<<1, 2>>>;\n");
  CHECK(!r.ok());
  CHECK(r.text.empty());
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].ppLine == 2);
  CHECK(r.diagnostics[1].ppLine == 4);
}

TEST_CASE("linemap: markers, #line, escapes, lines before any marker", "[loomcc][linemap]") {
  const std::string pp =
      "a\n"                                   // 1: before any marker
      "# 10 \"dir\\\\x \\\"q\\\".cu\" 1 3\n"  // 2
      "b\n"                                   // 3 -> line 10
      "c\n"                                   // 4 -> line 11
      "#line 40\n"                            // 5: same file
      "d\n"                                   // 6 -> 40
      "#line 7 \"other.cu\"\n"                // 7
      "e\n";                                  // 8 -> other.cu:7
  loom::cc::LineMap map(pp, "fallback.cu");
  CHECK(map.locate(1).file == "fallback.cu");
  CHECK(map.locate(1).line == 1);
  CHECK(map.locate(3).file == "dir\\x \"q\".cu");
  CHECK(map.locate(3).line == 10);
  CHECK(map.locate(4).line == 11);
  CHECK(map.locate(6).file == "dir\\x \"q\".cu");
  CHECK(map.locate(6).line == 40);
  CHECK(map.locate(8).file == "other.cu");
  CHECK(map.locate(8).line == 7);
  int n = 0;
  std::string f = "keep";
  CHECK_FALSE(loom::cc::parseLinemarker("#pragma once", n, f));
  CHECK(loom::cc::parseLinemarker("# 0 \"<built-in>\"", n, f));
  CHECK(n == 0);
  CHECK(f == "<built-in>");
  bool system = false;
  CHECK(loom::cc::parseLinemarker("# 5 \"/usr/include/stdio.h\" 3 4", n, f, &system));
  CHECK(system);
  CHECK(loom::cc::parseLinemarker("# 9 \"k.cu\" 2", n, f, &system));
  CHECK_FALSE(system);
  CHECK(f == "k.cu");
}

TEST_CASE("malformed launch: no kernel before <<<, no end to the arguments", "[loomcc][rewrite]") {
  CHECK(errors("# 1 \"k.cu\"\nvoid f() {\n  x = <<<1, 2>>>(y);\n}\n") ==
        std::vector<std::string>{"k.cu:2:7: error: expected the kernel (a name, a template, a parenthesized "
                                 "expression) before '<<<'"});
  CHECK(errors("# 1 \"k.cu\"\nvoid f() {\n  k<<<1, 2>>>(y;\n}\n") ==
        std::vector<std::string>{"k.cu:2:4: error: unterminated argument list of a kernel launch"});
}

TEST_CASE("nvcc's front-end errors: a kernel must return void", "[loomcc][rewrite]") {
  // CUDA Programming Guide: a __global__ function must have void return type; nvcc refuses others.
  const std::string G = "__attribute__(())";
  CHECK(errors("# 3 \"k.cu\"\n" + G + " int k(int* p) { return 1; }\n") ==
        std::vector<std::string>{"k.cu:3:23: error: a __global__ function must have a void return type"});
  CHECK(errors("# 1 \"k.cu\"\ntemplate <class T> " + G + " T k(T p);\n").size() == 1);
  for (const std::string& fine :
       {"static " + G + " void k(int*) {}", "extern \"C\" " + G + " void k() {}",
        "template <class T> " + G + " void k(T*) {}", G + " __attribute__((noinline)) void k() {}",
        "struct S { friend " + G + " void k(S) {} };"}) {
    INFO(fine);
    CHECK(rewriteCuda(fine).ok());
  }
}
