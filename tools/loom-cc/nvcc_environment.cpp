#include "nvcc_environment.h"

#include "paths.h"

namespace loom::cc {

std::string runtimeLibraryDir(const Config& config) {
  for (const std::string& a : config.linkArgs) {
    if (a.size() > 2 && a.compare(a.size() - 2, 2, ".a") == 0 && a.find('/') != std::string::npos) return dirName(a);
  }
  return "";
}

std::vector<std::string> nvccEnvironmentLines(const Config& config, const std::string& configFile, int arch) {
  std::string top = dirName(configFile) + "/toolkit";
  std::string includes;
  for (const std::string& d : config.includeDirs) includes += (includes.empty() ? "" : " ") + ("-I" + d);
  std::string libraries = runtimeLibraryDir(config);
  std::vector<std::string> lines{
      "#$ TOP=" + top,
      // No libdevice: Loom's math is isa/math. CMake only needs the path's shape.
      "#$ NVVMIR_LIBRARY_DIR=" + top + "/nvvm/libdevice",
      "#$ INCLUDES=" + includes,
  };
  if (!libraries.empty()) lines.push_back("#$ LIBRARIES=-L" + libraries);
  lines.push_back("#$ # device code: -arch compute_" + std::to_string(arch / 10) + ", emulated by Loom");
  return lines;
}

}  // namespace loom::cc
