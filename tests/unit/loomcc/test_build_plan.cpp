// loom-cc's build plans: the exact host-compiler command lines and output names.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "build_plan.h"
#include "config.h"
#include "options.h"

namespace {

using loom::cc::Config;
using loom::cc::Plan;
using loom::cc::Step;
using Args = std::vector<std::string>;

Config testConfig() {
  Config c;
  c.cxx = "/usr/bin/c++";
  c.includeDirs = {"/loom/include", "/loom/gen"};
  c.defines = {"__LOOM__=1"};
  c.linkArgs = {"/loom/lib/libloom_runtime.a", "-lboost_context", "-ltbb", "-lpthread", "-ldl"};
  return c;
}

Plan plan(const Args& args, const std::string& tempDir = "/tmp/t") {
  auto r = loom::cc::parseNvccArgs(args);
  INFO(r.error.value_or(""));
  REQUIRE(!r.error);
  return loom::cc::planBuild(r.options, testConfig(), tempDir);
}

const Args kCudaMacros{"-D__CUDACC__",
                       "-D__NVCC__",
                       "-D__CUDACC_VER_MAJOR__=13",
                       "-D__CUDACC_VER_MINOR__=0",
                       "-D__CUDACC_VER_BUILD__=0",
                       "-D__CUDA_ARCH_LIST__=900",
                       "-D__CUDA_ARCH__=900",
                       "-DLOOM_EMULATED_ARCH=900",
                       "-DLOOM_FTZ=0",
                       "-DLOOM_PREC_DIV=1",
                       "-DLOOM_PREC_SQRT=1",
                       "-DLOOM_FMAD=1"};

Args concat(std::initializer_list<Args> parts) {
  Args out;
  for (const Args& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

bool has(const Args& argv, const std::string& a) {
  return std::find(argv.begin(), argv.end(), a) != argv.end();
}

}  // namespace

TEST_CASE("plan: one .cu file, compiled and linked", "[loomcc][plan]") {
  Plan p = plan({"-O3", "-I", "inc", "-DN=4", "k.cu", "-o", "app", "-lm"});
  REQUIRE(p.steps.size() == 10);
  // The device pass: __CUDA_ARCH__, instrumented, gated.
  CHECK(p.steps[0].argv ==
        concat({{"/usr/bin/c++", "-E", "-x", "c++", "-std=c++17", "-O3", "-fsanitize=thread",
                 "-Iinc", "-DN=4", "-I/loom/include", "-I/loom/gen"},
                kCudaMacros,
                {"-D__LOOM__=1", "-include", "cuda_runtime.h", "k.cu", "-o", "/tmp/t/k.ii"}}));
  CHECK(p.steps[1].kind == Step::Kind::Rewrite);
  CHECK_FALSE(p.steps[1].hostPass);
  CHECK(p.steps[1].input == "/tmp/t/k.ii");
  CHECK(p.steps[1].output == "/tmp/t/k.loom.ii");
  CHECK(p.steps[2].argv == concat({{"/usr/bin/c++", "-S", "-x", "c++-cpp-output",
                                    "/tmp/t/k.loom.ii", "-std=c++17", "-O3"},
                                   loom::cc::instrumentationArgs(),
                                   {"-g1", "-o", "/tmp/t/k.s", "-fpermissive"}}));
  // Both passes' compiles run permissive, their permissive warnings errors again (permissive.h).
  CHECK(p.steps[2].permissive);
  CHECK(p.steps[7].permissive);
  CHECK_FALSE(p.steps[0].permissive);
  CHECK(p.steps[3].kind == Step::Kind::InlineHooks);
  CHECK(p.steps[3].input == "/tmp/t/k.s");
  CHECK(p.steps[3].output == "/tmp/t/k.loom.s");
  CHECK_FALSE(p.steps[3].pic);
  CHECK(p.steps[4].argv == Args{"/usr/bin/c++", "-c", "-x", "assembler", "/tmp/t/k.loom.s", "-o", "/tmp/t/k.device.o"});
  CHECK(loom::cc::instrumentationArgs().front() == "-fsanitize=thread");
  CHECK(has(loom::cc::instrumentationArgs(), "-fno-builtin-printf"));
  CHECK(has(loom::cc::instrumentationArgs(), "-fno-strict-aliasing"));  // CUB reinterprets tile descriptors
  // The host pass: no __CUDA_ARCH__, no instrumentation.
  Args hostMacros;
  for (const std::string& m : kCudaMacros)
    if (m != "-D__CUDA_ARCH__=900") hostMacros.push_back(m);
  CHECK(p.steps[5].argv ==
        concat({{"/usr/bin/c++", "-E", "-x", "c++", "-std=c++17", "-O3", "-Iinc", "-DN=4", "-I/loom/include",
                 "-I/loom/gen"},
                hostMacros,
                {"-D__LOOM__=1", "-include", "cuda_runtime.h", "k.cu", "-o", "/tmp/t/k.host.ii"}}));
  CHECK(p.steps[6].kind == Step::Kind::Rewrite);
  CHECK(p.steps[6].hostPass);
  CHECK(p.steps[6].output == "/tmp/t/k.host.loom.ii");
  CHECK(p.steps[7].argv == Args{"/usr/bin/c++", "-c", "-x", "c++-cpp-output", "/tmp/t/k.host.loom.ii", "-std=c++17",
                                "-O3", "-o", "/tmp/t/k.host.o", "-fpermissive"});
  CHECK(p.steps[8].kind == Step::Kind::Merge);
  CHECK(p.steps[8].input == "/tmp/t/k.device.o");
  CHECK(p.steps[8].hostInput == "/tmp/t/k.host.o");
  CHECK(p.steps[8].output == "/tmp/t/k.o");
  // The link runs as `loom-cc --launcher c++ ...` and names Loom's library directory, as nvcc's
  // link line names the toolkit's (CMake's CUDA language takes its launcher and libraries).
  CHECK(p.steps[9].throughLoomCc);
  CHECK(p.steps[9].argv == Args{"/usr/bin/c++", "/tmp/t/k.o", "-o", "app", "-rdynamic", "-lm", "-L/loom/lib",
                                "/loom/lib/libloom_runtime.a", "-lboost_context", "-ltbb",
                                "-lpthread", "-ldl"});
  CHECK(p.temporaries == Args{"/tmp/t/k.o", "/tmp/t/k.ii", "/tmp/t/k.loom.ii", "/tmp/t/k.s", "/tmp/t/k.loom.s",
                              "/tmp/t/k.device.o", "/tmp/t/k.host.ii", "/tmp/t/k.host.loom.ii", "/tmp/t/k.host.o"});
  // Never -fsanitize at link time: Loom links its own __tsan_* callbacks, not libtsan.
  for (const std::string& a : p.steps[9].argv) CHECK(a.find("-fsanitize") == std::string::npos);
}

TEST_CASE("plan: kernel code for a shared library gets gates through the GOT", "[loomcc][plan]") {
  // The last of -fPIC, -fpic, -fPIE, -fpie, -fno-pic decides, as for g++.
  CHECK(plan({"-c", "-Xcompiler", "-fPIC", "k.cu"}).steps[3].pic);
  CHECK(plan({"-c", "-Xcompiler", "-fpic", "k.cu"}).steps[3].pic);
  CHECK_FALSE(plan({"-c", "-Xcompiler", "-fPIC,-fPIE", "k.cu"}).steps[3].pic);
  CHECK_FALSE(plan({"-c", "-Xcompiler", "-fPIC", "-Xcompiler", "-fno-pic", "k.cu"}).steps[3].pic);
  CHECK_FALSE(plan({"-c", "k.cu"}).steps[3].pic);
}

TEST_CASE("plan: .cpp and .c inputs are plain host code", "[loomcc][plan]") {
  Plan p = plan({"-c", "-g", "-Xcompiler", "-fPIC", "-DX", "h.cpp", "c.c"});
  REQUIRE(p.steps.size() == 2);
  CHECK(p.steps[0].argv == Args{"/usr/bin/c++", "-c", "-x", "c++", "-std=c++17", "-O2", "-g",
                                "-fPIC", "-DX", "-I/loom/include", "-I/loom/gen", "-D__NVCC__",
                                "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0",
                                "-D__CUDACC_VER_BUILD__=0", "-D__LOOM__=1", "h.cpp", "-o", "h.o"});
  CHECK(p.steps[1].argv == Args{"/usr/bin/c++", "-c", "-x", "c", "-O2", "-g", "-fPIC", "-DX",
                                "-I/loom/include", "-I/loom/gen", "-D__NVCC__",
                                "-D__CUDACC_VER_MAJOR__=13", "-D__CUDACC_VER_MINOR__=0",
                                "-D__CUDACC_VER_BUILD__=0", "-D__LOOM__=1", "c.c", "-o", "c.o"});
  for (const Step& s : p.steps) {
    CHECK(!has(s.argv, "-D__CUDACC__"));
    CHECK(!has(s.argv, "-fsanitize=thread"));
    CHECK(!has(s.argv, "-include"));
  }
}

TEST_CASE("plan: output names", "[loomcc][plan]") {
  // -c without -o: <stem>.o in the current directory, for each input.
  Plan two = plan({"-c", "dir/a.cu", "other/b.cpp"});
  CHECK(two.steps[8].output == "a.o");
  CHECK(two.steps[9].argv.back() == "b.o");
  CHECK(two.temporaries == Args{"/tmp/t/a.ii", "/tmp/t/a.loom.ii", "/tmp/t/a.s", "/tmp/t/a.loom.s",
                                "/tmp/t/a.device.o", "/tmp/t/a.host.ii", "/tmp/t/a.host.loom.ii", "/tmp/t/a.host.o"});
  // -c -o.
  CHECK(plan({"-c", "k.cu", "-o", "obj/k.o"}).steps[8].output == "obj/k.o");
  // Link without -o: a.out; objects and libraries in command-line order.
  Plan link = plan({"x.o", "a.cu", "libz.a", "b.cpp"});
  CHECK(link.steps.back().argv == Args{"/usr/bin/c++", "x.o", "/tmp/t/a.o", "libz.a", "/tmp/t/b.o",
                                       "-o", "a.out", "-rdynamic", "-L/loom/lib", "/loom/lib/libloom_runtime.a",
                                       "-lboost_context", "-ltbb", "-lpthread", "-ldl"});
  // Only objects: just the link.
  CHECK(plan({"x.o", "y.o", "-o", "app"}).steps.size() == 1);
  // Two inputs with one stem do not share intermediate files.
  Plan same = plan({"a/k.cu", "b/k.cu"});
  CHECK(same.steps[0].argv.back() == "/tmp/t/k.ii");
  CHECK(same.steps[9].argv.back() == "/tmp/t/k-2.ii");
  CHECK(same.steps.back().argv[1] == "/tmp/t/k.o");
  CHECK(same.steps.back().argv[2] == "/tmp/t/k-2.o");
  // -keep in the current directory.
  CHECK(plan({"-c", "k.cu"}, ".").steps[0].argv.back() == "k.ii");
}

TEST_CASE("plan: debug, -G and -Xcompiler", "[loomcc][plan]") {
  Plan g = plan({"-g", "-c", "k.cu"});
  CHECK(has(g.steps[2].argv, "-g"));
  CHECK(!has(g.steps[2].argv, "-g1"));
  Plan dev = plan({"-G", "-O3", "-c", "k.cu", "h.cpp"}, ".");
  CHECK(has(dev.steps[0].argv, "-O0"));
  CHECK(has(dev.steps[2].argv, "-O0"));
  CHECK(has(dev.steps[2].argv, "-g"));
  CHECK(has(dev.steps[7].argv, "-O3"));  // host code keeps -O3, as with nvcc
  CHECK(has(dev.steps[9].argv, "-O3"));
  Plan x = plan({"-Xcompiler", "-fopenmp", "k.cu", "-o", "app"});
  CHECK(has(x.steps[0].argv, "-fopenmp"));  // defines _OPENMP while preprocessing
  CHECK(has(x.steps[2].argv, "-fopenmp"));
  CHECK(has(x.steps[7].argv, "-fopenmp"));
  CHECK(has(x.steps[9].argv, "-fopenmp"));  // nvcc passes -Xcompiler to the link too
  CHECK(
      has(plan({"-shared", "-Xcompiler", "-fPIC", "k.cu", "-o", "l.so"}).steps[9].argv, "-shared"));
}

TEST_CASE("plan: macros from device flags", "[loomcc][plan]") {
  Plan p = plan({"-arch=sm_80", "--use_fast_math", "--extended-lambda", "--expt-relaxed-constexpr",
                 "-rdc=true", "--default-stream", "per-thread", "-c", "k.cu", "h.cpp"});
  const Args& cu = p.steps[0].argv;
  for (const char* d :
       {"-D__CUDA_ARCH_LIST__=800", "-DLOOM_EMULATED_ARCH=800", "-D__USE_FAST_MATH__=1",
        "-DLOOM_FAST_MATH=1", "-DLOOM_FTZ=1", "-DLOOM_PREC_DIV=0", "-DLOOM_PREC_SQRT=0",
        "-DLOOM_FMAD=1", "-D__CUDACC_EXTENDED_LAMBDA__=1", "-D__CUDACC_RELAXED_CONSTEXPR__=1",
        "-D__CUDACC_RDC__=1", "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"}) {
    CHECK(has(cu, d));
  }
  CHECK(has(cu, "-D__CUDA_ARCH__=800"));
  CHECK(!has(p.steps[5].argv, "-D__CUDA_ARCH__=800"));  // the .cu file's host pass
  CHECK(has(p.steps[5].argv, "-D__CUDA_ARCH_LIST__=800"));
  const Args& host = p.steps[9].argv;
  CHECK(has(host, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
  CHECK(!has(host, "-D__USE_FAST_MATH__=1"));
  CHECK(!has(host, "-DLOOM_EMULATED_ARCH=800"));
  // A macro the user defines or undefines is left to the user.
  Plan user = plan({"-DLOOM_FTZ=1", "-U__LOOM__", "-c", "k.cu"});
  CHECK(!has(user.steps[0].argv, "-DLOOM_FTZ=0"));
  CHECK(!has(user.steps[0].argv, "-D__LOOM__=1"));
  CHECK(has(user.steps[0].argv, "-DLOOM_FTZ=1"));
}

TEST_CASE("plan: dependency files", "[loomcc][plan]") {
  // -MD next to the object, naming it, as nvcc does; in step 1, which sees the includes.
  Plan md = plan({"-MD", "-c", "k.cu", "-o", "obj/k.o"});
  const Args& pre = md.steps[0].argv;
  auto at = std::find(pre.begin(), pre.end(), "-MD");
  REQUIRE(at != pre.end());
  CHECK(Args(at, at + 5) == Args{"-MD", "-MF", "obj/k.d", "-MT", "obj/k.o"});
  for (const std::string& a : md.steps[2].argv) CHECK(a.rfind("-M", 0) != 0);
  // Given -MF/-MT are kept.
  Plan given = plan({"-MMD", "-MF", "x.d", "-MT", "t", "-c", "k.cu"});
  CHECK(has(given.steps[0].argv, "x.d"));
  CHECK(!has(given.steps[0].argv, "k.d"));
  // When linking, the dependency file is named after the input.
  CHECK(has(plan({"-MD", "k.cu", "-o", "app"}).steps[0].argv, "k.d"));
  // .cpp files too.
  CHECK(has(plan({"-MD", "-c", "h.cpp"}).steps[0].argv, "h.d"));
  // -M alone: only dependencies, to stdout or -o.
  Plan m = plan({"-M", "k.cu", "h.cpp"});
  REQUIRE(m.steps.size() == 2);
  CHECK(m.steps[0].argv[1] == "-E");
  CHECK(has(m.steps[0].argv, "-M"));
  CHECK(has(m.steps[0].argv, "-include"));
  CHECK(m.steps[0].argv.back() == "k.cu");
  CHECK(m.steps[1].argv.back() == "h.cpp");
  CHECK(plan({"-M", "k.cu", "-o", "k.dep"}).steps[0].argv.back() == "k.dep");
}

TEST_CASE("plan: -ccbin and the configuration's compiler", "[loomcc][plan]") {
  auto r = loom::cc::parseNvccArgs({"-c", "k.cu"});
  Config c = testConfig();
  c.cxx = "clang++";
  Plan p = loom::cc::planBuild(r.options, c, "/t");
  CHECK(p.steps[0].argv.front() == "clang++");
  CHECK(p.steps[2].argv.front() == "clang++");
}

TEST_CASE("plan: -dlink makes an object with nothing in it", "[loomcc][plan]") {
  // nvcc's device link gathers -rdc device code; Loom's is in the objects already.
  Plan p = plan({"-dlink", "a.o", "b.o", "-o", "dlink.o"});
  REQUIRE(p.steps.size() == 1);
  CHECK(p.steps[0].argv == Args{"/usr/bin/c++", "-c", "-x", "c", "/dev/null", "-o", "dlink.o"});
  CHECK(plan({"--device-link", "a.o"}).steps[0].argv.back() == "a_dlink.o");
}
