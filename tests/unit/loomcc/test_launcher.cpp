// loom-cc --launcher: CMake's compiler launcher.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "config.h"
#include "launcher.h"
#include "plan.h"

namespace {

using Args = std::vector<std::string>;

loom::cc::Config testConfig() {
  loom::cc::Config c;
  c.includeDirs = {"/loom/include"};
  c.defines = {"__LOOM__=1"};
  return c;
}

bool has(const Args& argv, const std::string& a) {
  return std::find(argv.begin(), argv.end(), a) != argv.end();
}

}  // namespace

TEST_CASE("launcher: a CMake compile of a .cu file", "[loomcc][launcher]") {
  // clang-format off
  Args cmake{"/usr/bin/c++", "-DFOO", "-I/x", "-isystem", "/sys", "-O2", "-g", "-std=gnu++17",
             "-fPIC", "-x", "c++", "-MD", "-MT", "obj.o", "-MF", "obj.o.d", "-o", "obj.o", "-c",
             "/abs/src/file.cu"};
  // clang-format on
  auto plan = loom::cc::planLauncher(cmake, testConfig(), "/tmp/t");
  REQUIRE(plan);
  REQUIRE(plan->steps.size() == 9);
  // clang-format off
  CHECK(plan->steps[0].argv ==
        Args{"/usr/bin/c++", "-E", "-x", "c++", "-O2", "-g", "-std=gnu++17", "-fPIC",
             "-fsanitize=thread", "-DFOO", "-I/x", "-isystem", "/sys", "-MD", "-MT", "obj.o",
             "-MF", "obj.o.d", "-I/loom/include", "-D__CUDACC__", "-D__NVCC__",
             "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0", "-D__CUDACC_VER_BUILD__=0",
             "-D__CUDA_ARCH_LIST__=900", "-D__CUDA_ARCH__=900", "-DLOOM_EMULATED_ARCH=900", "-DLOOM_FTZ=0",
             "-DLOOM_PREC_DIV=1", "-DLOOM_PREC_SQRT=1", "-DLOOM_FMAD=1", "-D__LOOM__=1",
             "-include", "cuda_runtime.h", "/abs/src/file.cu", "-o", "/tmp/t/file.ii"});
  // clang-format on
  CHECK(plan->steps[1].input == "/tmp/t/file.ii");
  CHECK(plan->steps[1].output == "/tmp/t/file.loom.ii");
  Args compile{"/usr/bin/c++", "-S", "-x", "c++-cpp-output", "/tmp/t/file.loom.ii"};
  compile.insert(compile.end(), loom::cc::instrumentationArgs().begin(),
                 loom::cc::instrumentationArgs().end());
  compile.insert(compile.end(), {"-O2", "-g", "-std=gnu++17", "-fPIC", "-o", "/tmp/t/file.s", "-fpermissive"});
  CHECK(plan->steps[2].argv == compile);
  CHECK(plan->steps[3].input == "/tmp/t/file.s");
  CHECK(plan->steps[3].output == "/tmp/t/file.loom.s");
  CHECK(plan->steps[4].argv == Args{"/usr/bin/c++", "-c", "-x", "assembler", "/tmp/t/file.loom.s", "-o", "/tmp/t/file.device.o"});
  CHECK(plan->steps[8].kind == loom::cc::Step::Kind::Merge);
  CHECK(plan->steps[8].output == "obj.o");
}

TEST_CASE("launcher: anything but a .cu compile runs unchanged", "[loomcc][launcher]") {
  auto c = testConfig();
  CHECK(!loom::cc::planLauncher({"/usr/bin/c++", "-O2", "-o", "a.o", "-c", "a.cpp"}, c, "/t"));
  CHECK(!loom::cc::planLauncher({"/usr/bin/c++", "a.o", "b.o", "-o", "app"}, c, "/t"));
  CHECK(!loom::cc::planLauncher({"/usr/bin/c++", "-E", "k.cu"}, c, "/t"));
  CHECK(!loom::cc::planLauncher({"/usr/bin/c++", "-c", "a.cu", "b.cu"}, c, "/t"));
  CHECK(!loom::cc::planLauncher({}, c, "/t"));
  // An -o value or -MF value ending in .cu is not the source.
  CHECK(!loom::cc::planLauncher({"c++", "-MF", "x.cu", "-c", "a.cpp"}, c, "/t"));
}

TEST_CASE("launcher: defaults it fills in", "[loomcc][launcher]") {
  auto c = testConfig();
  // No -g: -g1, so that reports can name file:line. No -o: <stem>.o. No -O (a CMake build
  // without a build type): -O2, as loom-cc's own default, in both compiler steps.
  auto p = loom::cc::planLauncher({"c++", "-c", "src/k.cu"}, c, "/t");
  REQUIRE(p);
  CHECK(has(p->steps[2].argv, "-g1"));
  CHECK(has(p->steps[0].argv, "-O2"));
  CHECK(has(p->steps[2].argv, "-O2"));
  auto o0 = loom::cc::planLauncher({"c++", "-O0", "-c", "src/k.cu"}, c, "/t");
  REQUIRE(o0);
  CHECK(!has(o0->steps[2].argv, "-O2"));
  CHECK(has(o0->steps[2].argv, "-O0"));
  CHECK(p->steps[8].output == "k.o");
  CHECK(!has(loom::cc::planLauncher({"c++", "-g0", "-c", "k.cu"}, c, "/t")->steps[2].argv, "-g1"));
  // -MD without -MF/-MT: named after the object, as gcc would.
  auto md = loom::cc::planLauncher({"c++", "-MD", "-o", "o/k.o", "-c", "k.cu"}, c, "/t");
  REQUIRE(md);
  CHECK(has(md->steps[0].argv, "o/k.d"));
  CHECK(has(md->steps[0].argv, "o/k.o"));
  // Attached forms of preprocessor flags stay in step 1.
  auto attached = loom::cc::planLauncher({"c++", "-MFdeps.d", "-Iinc", "-c", "k.cu"}, c, "/t");
  REQUIRE(attached);
  CHECK(has(attached->steps[0].argv, "-MFdeps.d"));
  CHECK(!has(attached->steps[2].argv, "-Iinc"));
}

TEST_CASE("launcher: the user's macros win", "[loomcc][launcher]") {
  auto p = loom::cc::planLauncher(
      {"c++", "-DLOOM_EMULATED_ARCH=800", "-D", "__LOOM__=2", "-c", "k.cu"}, testConfig(), "/t");
  REQUIRE(p);
  const Args& pre = p->steps[0].argv;
  CHECK(has(pre, "-DLOOM_EMULATED_ARCH=800"));
  CHECK(!has(pre, "-DLOOM_EMULATED_ARCH=900"));
  CHECK(has(pre, "-D__CUDA_ARCH_LIST__=800"));
  CHECK(!has(pre, "-D__LOOM__=1"));
}
