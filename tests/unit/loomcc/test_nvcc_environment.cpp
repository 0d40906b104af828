// What loom-cc -v says about its installation, in the lines nvcc prints and CMake's CUDA language
// reads (CMakeDetermineCUDACompiler.cmake: TOP, NVVMIR_LIBRARY_DIR ending in nvvm/libdevice,
// INCLUDES, LIBRARIES, and "-arch compute_NN" for the default architecture).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "nvcc_environment.h"

TEST_CASE("nvcc's environment lines for CMake", "[loomcc][nvcc_environment]") {
  loom::cc::Config c;
  c.includeDirs = {"/loom/include", "/loom/src"};
  c.linkArgs = {"-lfoo", "/loom/lib/libloom_runtime.a", "-ltbb"};
  CHECK(loom::cc::runtimeLibraryDir(c) == "/loom/lib");
  CHECK(loom::cc::nvccEnvironmentLines(c, "/p/share/loom/loom-cc.conf", 800) ==
        std::vector<std::string>{"#$ TOP=/p/share/loom/toolkit",
                                 "#$ NVVMIR_LIBRARY_DIR=/p/share/loom/toolkit/nvvm/libdevice",
                                 "#$ INCLUDES=-I/loom/include -I/loom/src", "#$ LIBRARIES=-L/loom/lib",
                                 "#$ # device code: -arch compute_80, emulated by Loom"});
  // No runtime library configured: no LIBRARIES line.
  c.linkArgs = {"-ltbb"};
  CHECK(loom::cc::runtimeLibraryDir(c).empty());
  CHECK(loom::cc::nvccEnvironmentLines(c, "/p/share/loom/loom-cc.conf", 900).size() == 4);
}
