// loom-cc's inline PTX (inline_ptx.h): which `asm` statements are translated, and what an
// instruction Loom does not translate becomes. What the translated instructions compute is
// tests/cuda/inline_ptx.cu's, recorded on the device.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>

#include "rewrite.h"

namespace {

loom::cc::RewriteResult rewrite(const std::string& text) { return loom::cc::rewriteCuda(text, {"/loom/include"}); }

}  // namespace

TEST_CASE("inline PTX in a function becomes C++ on the asm's line", "[loomcc][inline_ptx]") {
  auto r = rewrite("# 1 \"k.cu\"\nvoid f(unsigned& x) {\n  asm(\"mov.u32 %0, %%laneid;\"\n      : \"=r\"(x));\n}\n");
  REQUIRE(r.ok());
  CHECK(r.text.find("auto& loom_ptx_0 = (x); { ::loom::ptx::store(loom_ptx_0, ::loom::ptx::as<std::uint32_t>("
                    "::loom::ptx::laneid())); } }\n\n}") != std::string::npos);
  CHECK(r.text.find("asm") == std::string::npos);
}

TEST_CASE("an asm statement as the substatement of an if or a loop", "[loomcc][inline_ptx]") {
  for (const std::string& head : {"if (t & 1)", "while (t--)", "for (;;)"}) {
    auto r = rewrite("# 1 \"k.cu\"\nvoid f(unsigned t) {\n  " + head + " asm volatile(\"exit;\");\n}\n");
    INFO(head);
    REQUIRE(r.ok());
    // The translation, after the head (a loop's body also opens its reconvergence region), and
    // every brace closed.
    std::size_t at = r.text.find(head);
    REQUIRE(at != std::string::npos);
    CHECK(r.text.find("{ { ::loom::device::exitThread(); } }", at) != std::string::npos);
    CHECK(std::count(r.text.begin(), r.text.end(), '{') == std::count(r.text.begin(), r.text.end(), '}'));
  }
}

// In a kernel the loop's body is braced for its reconvergence region (reconvergence.h) at the
// offset where the asm's translation begins: both edits stay, so the braces balance and the
// statement after the loop stays in the kernel.
TEST_CASE("an asm statement as the unbraced body of a loop in a kernel", "[loomcc][inline_ptx]") {
  auto r = rewrite("# 1 \"k.cu\"\n__attribute__(()) void k(unsigned* o) {\n  unsigned d = 0;\n  while (!d)\n"
                   "    asm volatile(\"{\\n\"\n                 \"  mov.u32 %0, 1;\\n\"\n                 \"}\\n\"\n"
                   "                 : \"=r\"(d));\n  o[0] = d;\n}\n");
  REQUIRE(r.ok());
  long depth = 0, lowest = 0;
  for (char c : r.text) {
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (depth < lowest) lowest = depth;
  }
  CHECK(depth == 0);
  CHECK(lowest == 0);
  std::size_t store = r.text.find("o[0] = d;");
  REQUIRE(store != std::string::npos);
  CHECK(r.text.find("::loom::ptx::store(loom_ptx_0") < store);
}

TEST_CASE("asm that is not device PTX is left alone", "[loomcc][inline_ptx]") {
  for (const std::string& kept : {
           // a compiler barrier
           std::string("void f(int x) { asm volatile(\"\" : : \"r\"(x) : \"memory\"); }"),
           // an asm label on a declaration, and basic asm at namespace scope
           std::string("extern \"C\" { int g(int) __asm__(\"\" \"other\"); }"),
           std::string("asm(\".symver a, b@V1\");"),
           // Loom's own headers' asm is the host's
           std::string("# 1 \"/loom/include/x.h\"\nvoid f() { asm(\"pause\"); }\n"),
       }) {
    INFO(kept);
    auto r = rewrite(kept);
    REQUIRE(r.ok());
    CHECK(r.text.find("loom_ptx") == std::string::npos);
  }
}

TEST_CASE("an instruction Loom does not translate", "[loomcc][inline_ptx]") {
  // In the user's code: an error naming it, at the asm's line.
  auto user = rewrite("# 7 \"k.cu\"\nvoid f(unsigned& x) {\n  asm(\"cvta.to.shared.u32 %0, %0;\" : \"+r\"(x));\n}\n");
  REQUIRE(user.diagnostics.size() == 1);
  CHECK(user.diagnostics[0].ppLine == 3);
  CHECK(user.diagnostics[0].message == "inline PTX: 'cvta.to.shared.u32 %0, %0' is not supported by Loom");
  // In a system header (a library's function the program may never call): a launch that reaches
  // it fails, naming it.
  auto library = rewrite("# 1 \"/usr/include/lib.cuh\" 1 3\nvoid f(unsigned& x) { asm(\"pmevent 1;\"); }\n");
  REQUIRE(library.ok());
  CHECK(library.text.find("::loom::device::unsupported(\"inline PTX: 'pmevent 1'\", __builtin_FILE(), __builtin_LINE());") !=
        std::string::npos);
}
