// The emulated GPU architecture, chosen from nvcc's -arch / -code / -gencode values.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loom::cc {

// What the command line asked for. nvcc uses the last -arch when it is given twice.
struct ArchRequest {
  std::optional<std::string> arch;    // last -arch / --gpu-architecture value
  std::vector<std::string> codes;     // every -code / --gpu-code value
  std::vector<std::string> gencodes;  // every -gencode / --generate-code value
};

struct ArchChoice {
  int arch = 900;  // as __CUDA_ARCH__ spells it: sm_90 -> 900, sm_100 -> 1000
  std::optional<std::string> error;
};

constexpr int kDefaultArch = 900;

// The highest real architecture (sm_XX) named anywhere; if none is named, the highest virtual one
// (compute_XX, lto_XX); sm_90 when nothing is given. `native`, `all` and `all-major` mean sm_90,
// the architecture Loom models. Suffixes (sm_90a, sm_100f) are dropped.
ArchChoice chooseArch(const ArchRequest& request);

// "sm_90" for 900.
std::string smName(int arch);

}  // namespace loom::cc
