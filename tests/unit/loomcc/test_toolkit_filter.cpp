// loom-cc keeps NVIDIA's CUDA Toolkit headers and runtime out of Loom builds.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "config.h"
#include "launcher.h"
#include "toolkit_filter.h"

namespace {

using Args = std::vector<std::string>;

// A fake file system in which only the toolkit's include directories hold cuda_runtime.h.
bool toolkitOnly(const std::string& dir, const std::string& name) {
  return name == "cuda_runtime.h" &&
         (dir == "/usr/local/cuda/include" || dir == "/opt/cuda/include" || dir == "/loom/inc");
}

}  // namespace

TEST_CASE("toolkit filter: include directories", "[loomcc][toolkit]") {
  Args args{"-I/usr/local/cuda/include",
            "-Iinc",
            "-DX",
            "-isystem",
            "/opt/cuda/include",
            "-I",
            "/usr/local/cuda/include",
            "-isystem/sys",
            "-I/loom/inc"};
  Args notes = loom::cc::dropToolkitIncludes(args, {"/loom/inc"}, toolkitOnly);
  CHECK(args == Args{"-Iinc", "-DX", "-isystem/sys", "-I/loom/inc"});
  CHECK(notes ==
        Args{"ignoring include directory '/usr/local/cuda/include': it holds NVIDIA's CUDA "
             "headers, which would hide Loom's",
             "ignoring include directory '/opt/cuda/include': it holds NVIDIA's CUDA headers, "
             "which would hide Loom's",
             "ignoring include directory '/usr/local/cuda/include': it holds NVIDIA's CUDA "
             "headers, which would hide Loom's"});
}

TEST_CASE("toolkit filter: CUDA libraries", "[loomcc][toolkit]") {
  Args link{"-L/usr/local/cuda/lib64", "-lcudart", "-lm",        "-Xlinker", "-lcuda",
            "-lcudart_static",         "-lcublas", "-lcudadevrt"};
  Args notes = loom::cc::dropCudaLibraries(link);
  CHECK(link == Args{"-L/usr/local/cuda/lib64", "-lm", "-lcublas"});
  CHECK(notes.size() == 4);
  CHECK(notes[0] == "ignoring '-lcudart': Loom's runtime stands for NVIDIA's");
}

TEST_CASE("toolkit filter: in launcher mode", "[loomcc][toolkit]") {
  loom::cc::Config config;
  config.includeDirs = {"/loom/inc"};
  auto plan =
      loom::cc::planLauncher({"c++", "-isystem", "/usr/local/cuda/include", "-Iinc", "-c", "k.cu"},
                             config, "/t", toolkitOnly);
  REQUIRE(plan);
  for (const std::string& a : plan->steps[0].argv) CHECK(a.find("/usr/local/cuda") == a.npos);
  CHECK(plan->notes.size() == 1);
}
