// loom-cc's static_device_variables.h: a namespace-scope `static __device__`/`__constant__`
// variable gets one external name per source file, in both passes.
#include <catch2/catch.hpp>
#include <string>

#include "rewritten.h"
#include "static_device_variables.h"

namespace {

const std::string D = "__attribute__((,))";
const std::string C = "__attribute__((,,,))";

std::string rewritten(const std::string& in) {
  return loom::cc::test::rewrittenBy(loom::cc::findStaticDeviceVariableEdits, in);
}

}  // namespace

TEST_CASE("static device variables get one name", "[loomcc][static_device_variables]") {
  std::string out = rewritten("# 1 \"k.cu\"\nstatic " + C + " float c[4][2];\nstatic " + D + " int n = 5;\n");
  std::size_t label = out.find("__asm__(\"_loom_static_");
  REQUIRE(label != std::string::npos);
  std::string unit = out.substr(label + 22, 16);
  CHECK(out == "# 1 \"k.cu\"\n " + C + " float c[4][2] __asm__(\"_loom_static_" + unit + "_c\") ;\n " + D +
                   " int n __asm__(\"_loom_static_" + unit + "_n\") = 5;\n");
  // A name right before the `;` (Thrust's `static const __device__ detail::seq_t seq;`).
  CHECK(rewritten("# 1 \"k.cu\"\nstatic const " + D + " seq_t seq;\n") ==
        "# 1 \"k.cu\"\n const " + D + " seq_t seq __asm__(\"_loom_static_" + unit + "_seq\") ;\n");
  // The same file gives the same name (both passes), another file another.
  CHECK(rewritten("# 1 \"k.cu\"\nstatic " + D + " int n;\n").find(unit + "_n") != std::string::npos);
  CHECK(rewritten("# 1 \"other.cu\"\nstatic " + D + " int n;\n").find(unit + "_n") == std::string::npos);
}

TEST_CASE("what is left alone", "[loomcc][static_device_variables]") {
  for (const std::string& kept : {
           D + " int n;",                                      // external linkage already
           "static " + D + " int f(int x) { return x; }",      // a function
           "static " + D + " int a, b;",                       // several declarators
           "void g() { static " + D + " int n; }",             // not at namespace scope
           "template <class T> static " + D + " T v;",         // a variable template
       }) {
    INFO(kept);
    CHECK(rewritten(kept) == kept);
  }
}
