// loom-cc's configuration file and small helpers.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "arg_split.h"
#include "config.h"
#include "lexer.h"
#include "paths.h"
#include "process.h"

using Args = std::vector<std::string>;

TEST_CASE("config: keys, lists, comments", "[loomcc][config]") {
  auto r = loom::cc::parseConfig(
      "# written by the build\n"
      "cxx=/usr/bin/c++\n"
      "\n"
      "include=/abs/dir1;/abs/dir2   # Loom's include dirs\n"
      "library=/abs/dir1;/abs/isa\n"
      "defines = __LOOM__=1 ; X\n"
      "link=/abs/libloom_runtime.a;-lboost_context;-ltbb;-lpthread;-ldl\n"
      "future_key=ignored\n",
      "/etc");
  REQUIRE(!r.error);
  CHECK(r.config.cxx == "/usr/bin/c++");
  CHECK(r.config.includeDirs == Args{"/abs/dir1", "/abs/dir2"});
  CHECK(r.config.libraryDirs == Args{"/abs/dir1", "/abs/isa"});
  CHECK(r.config.defines == Args{"__LOOM__=1", "X"});
  CHECK(r.config.linkArgs ==
        Args{"/abs/libloom_runtime.a", "-lboost_context", "-ltbb", "-lpthread", "-ldl"});
}

TEST_CASE("config: ${confdir}, errors, location", "[loomcc][config]") {
  auto r = loom::cc::parseConfig("include=${confdir}/../../include\nlink=${confdir}/../../lib/l.a",
                                 "/opt/loom/share/loom");
  REQUIRE(!r.error);
  CHECK(r.config.includeDirs == Args{"/opt/loom/share/loom/../../include"});
  CHECK(r.config.linkArgs == Args{"/opt/loom/share/loom/../../lib/l.a"});
  CHECK(r.config.cxx == "c++");  // default
  CHECK(loom::cc::parseConfig("nonsense\n", "/").error == "line 1: expected key=value");
  CHECK(loom::cc::parseConfig("cxx=\n", "/").error == "line 1: cxx is empty");
  CHECK(loom::cc::configPath(nullptr, "/opt/loom/bin/loom-cc") ==
        "/opt/loom/bin/../share/loom/loom-cc.conf");
  CHECK(loom::cc::configPath("", "/b/bin/loom-cc") == "/b/bin/../share/loom/loom-cc.conf");
  CHECK(loom::cc::configPath("/x/my.conf", "/b/bin/loom-cc") == "/x/my.conf");
  auto missing = loom::cc::loadConfig("/nonexistent/loom-cc.conf");
  REQUIRE(missing.error);
  CHECK(missing.error->find("LOOM_CC_CONF") != std::string::npos);
}

TEST_CASE("paths", "[loomcc][config]") {
  CHECK(loom::cc::baseName("a/b/c.cu") == "c.cu");
  CHECK(loom::cc::dirName("a/b/c.cu") == "a/b");
  CHECK(loom::cc::dirName("c.cu") == ".");
  CHECK(loom::cc::dirName("/c.cu") == "/");
  CHECK(loom::cc::stem("dir.d/k.cu") == "k");
  CHECK(loom::cc::stem("dir.d/k") == "k");
  CHECK(loom::cc::replaceSuffix("obj.d/k.o", ".d") == "obj.d/k.d");
  CHECK(loom::cc::replaceSuffix("obj.d/k", ".d") == "obj.d/k.d");
}

TEST_CASE("argument splitting and quoting", "[loomcc][config]") {
  CHECK(loom::cc::splitArguments("  -a 'b c' \"d \\\"e\\\"\" f\\ g\n-h ''") ==
        Args{"-a", "b c", "d \"e\"", "f g", "-h", ""});
  CHECK(loom::cc::shellQuote({"c++", "-DX=1", "a b.cu", "it's"}) ==
        "c++ -DX=1 'a b.cu' 'it'\\''s'");
}

TEST_CASE("lexer: tokens of preprocessed text", "[loomcc][rewrite]") {
  std::string text = "# 1 \"a.cu\"\nint x = 1'000; auto s = u8R\"(a\n)\"; // c\n/* d */ k<<<";
  auto tokens = loom::cc::lex(text);
  std::vector<std::string> spelled;
  for (const auto& t : tokens) spelled.emplace_back(loom::cc::spelling(text, t));
  CHECK(spelled == Args{"# 1 \"a.cu\"", "int", "x", "=", "1'000", ";", "auto", "s", "=",
                        "u8R\"(a\n)\"", ";", "k", "<", "<", "<"});
  CHECK(tokens[0].kind == loom::cc::TokenKind::Directive);
  CHECK(tokens[4].kind == loom::cc::TokenKind::Number);
  CHECK(tokens[9].kind == loom::cc::TokenKind::String);
  CHECK(loom::cc::adjacent(tokens, 12));
}
