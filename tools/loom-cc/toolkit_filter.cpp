#include "toolkit_filter.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <string_view>

namespace loom::cc {

bool fileExistsIn(const std::string& dir, const std::string& name) {
  return access((dir + "/" + name).c_str(), F_OK) == 0;
}

std::vector<std::string> dropToolkitIncludes(std::vector<std::string>& args,
                                             const std::vector<std::string>& loomDirs,
                                             const FileExists& exists) {
  std::vector<std::string> notes;
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string dir;
    std::size_t used = 1;
    for (std::string_view flag : {"-isystem", "-I"}) {
      if (!a.starts_with(flag)) continue;
      if (a.size() > flag.size()) {
        dir = a.substr(flag.size());
      } else if (i + 1 < args.size()) {
        dir = args[i + 1];
        used = 2;
      }
      break;
    }
    bool loomDir = std::find(loomDirs.begin(), loomDirs.end(), dir) != loomDirs.end();
    if (!dir.empty() && !loomDir && exists(dir, "cuda_runtime.h")) {
      notes.push_back("ignoring include directory '" + dir +
                      "': it holds NVIDIA's CUDA headers, which would hide Loom's");
      i += used - 1;
      continue;
    }
    kept.insert(kept.end(), args.begin() + static_cast<std::ptrdiff_t>(i),
                args.begin() + static_cast<std::ptrdiff_t>(i + used));
    i += used - 1;
  }
  args = std::move(kept);
  return notes;
}

std::vector<std::string> dropCudaLibraries(std::vector<std::string>& linkerArgs) {
  constexpr std::array<std::string_view, 4> kCudaLibraries{"-lcudart", "-lcudart_static",
                                                           "-lcuda", "-lcudadevrt"};
  std::vector<std::string> notes;
  std::vector<std::string> kept;
  for (const std::string& a : linkerArgs) {
    bool cuda = std::find(kCudaLibraries.begin(), kCudaLibraries.end(), a) != kCudaLibraries.end();
    if (!cuda) {
      kept.push_back(a);
      continue;
    }
    notes.push_back("ignoring '" + a + "': Loom's runtime stands for NVIDIA's");
    if (!kept.empty() && kept.back() == "-Xlinker") kept.pop_back();
  }
  linkerArgs = std::move(kept);
  return notes;
}

}  // namespace loom::cc
