#include "arch.h"

#include <algorithm>
#include <string_view>

namespace loom::cc {
namespace {

struct Named {
  std::vector<int> real;      // sm_XX
  std::vector<int> virtual_;  // compute_XX, lto_XX
  int count = 0;
};

bool isAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// Collects every sm_XX / compute_XX / lto_XX word of `value`, whatever separates them (',', '[',
// '"', '='), so `arch=compute_90,code=[sm_90,compute_90]` and `code=\"sm_90,compute_90\"`
// both work.
void collect(std::string_view value, Named& named) {
  for (std::size_t i = 0; i < value.size();) {
    if (!isAlnum(value[i])) {
      ++i;
      continue;
    }
    std::size_t b = i;
    while (i < value.size() && isAlnum(value[i])) ++i;
    std::string_view word = value.substr(b, i - b);
    std::size_t underscore = word.find('_');
    if (underscore == std::string_view::npos) continue;
    std::string_view kind = word.substr(0, underscore);
    std::string_view rest = word.substr(underscore + 1);
    std::size_t digits = 0;
    while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
    if (digits < 2 || digits > 3) continue;
    int number = std::stoi(std::string(rest.substr(0, digits))) * 10;
    if (kind == "sm") {
      named.real.push_back(number);
    } else if (kind == "compute" || kind == "lto") {
      named.virtual_.push_back(number);
    } else {
      continue;
    }
    ++named.count;
  }
}

bool isAlias(std::string_view v) { return v == "native" || v == "all" || v == "all-major"; }

}  // namespace

std::string smName(int arch) { return "sm_" + std::to_string(arch / 10); }

ArchChoice chooseArch(const ArchRequest& request) {
  Named named;
  ArchChoice choice;
  auto check = [&](const std::string& value, const char* option) {
    int before = named.count;
    if (isAlias(value)) {
      named.real.push_back(kDefaultArch);  // Loom's one real device
      return true;
    }
    collect(value, named);
    if (named.count == before) {
      choice.error = "unsupported GPU architecture '" + value + "' for option '" + option +
                     "' (expected sm_XX, compute_XX, native, all or all-major)";
      return false;
    }
    return true;
  };
  if (request.arch && !check(*request.arch, "-arch")) return choice;
  for (const std::string& c : request.codes) {
    if (!check(c, "-code")) return choice;
  }
  for (const std::string& g : request.gencodes) {
    if (g.find("arch=") == std::string::npos) {
      choice.error = "malformed value '" + g +
                     "' for option '-gencode' (expected "
                     "arch=compute_XX,code=sm_XX)";
      return choice;
    }
    if (!check(g, "-gencode")) return choice;
  }
  if (!named.real.empty()) {
    choice.arch = *std::max_element(named.real.begin(), named.real.end());
  } else if (!named.virtual_.empty()) {
    choice.arch = *std::max_element(named.virtual_.begin(), named.virtual_.end());
  } else {
    choice.arch = kDefaultArch;
  }
  return choice;
}

}  // namespace loom::cc
