// case_file.h: a validation case (validate/CASES.md), as read from <name>.case.json.
//
// Shared by loom-diff (C++20, Loom's build) and the device campaign (validate/campaign, built with
// the GPU machine's g++), so this file and case_file.cpp stay valid C++17 with nlohmann-json only.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace loom::validate {

// How one output buffer compares: bit for bit, or by ulp distance (floating dtypes only), where
// elements up to maxUlp apart count as equal (0: report the distance, accept only bit-exact).
enum class BufferCompare { Exact, Ulp };
struct BufferRule {
  BufferCompare compare = BufferCompare::Exact;
  long long maxUlp = 0;
};

struct CaseFile {
  std::string name;                  // unique; names the record folder
  std::string path;                  // the .case.json file
  std::string dir;                   // its directory: relative paths and the program's cwd
  std::vector<std::string> sources;  // absolute (resolved against dir)
  std::vector<std::string> flags;    // nvcc / loom-cc flags (without -arch)
  std::vector<std::string> args;     // the program's arguments
  bool compareStdout = true;         // "stdout": "exact" (default) or "ignore"
  std::map<std::string, BufferRule> outputs;  // buffer name (or "*") -> comparison
  std::vector<std::string> ncuMetrics;
  std::vector<std::string> sanitizerTools;
  int timeoutSeconds = 120;          // "timeout": per run of the program
  // "base": the case whose record (a sibling folder of this case's record) holds every output
  // buffer this case's record does not: a variant's record (isa.float_round.ftz, built with
  // -ftz=true) keeps only the buffers that differ from its base case's. Empty: none.
  std::string base;

  // How buffer `name` compares ("*" entry, else exact).
  BufferRule ruleFor(const std::string& buffer) const;
};

// Reads and checks a case file; throws std::runtime_error naming the file and the bad field.
CaseFile readCaseFile(const std::string& path);

// True if `name` matches the glob `pattern` ('*' and '?'; a pattern without wildcards also
// matches as a suite prefix: "kernels" matches "kernels.add.add").
bool caseNameMatches(const std::string& pattern, const std::string& name);

// Glob match of the whole string ('*' any run of characters, '?' one character).
bool globMatches(const std::string& pattern, const std::string& s);

}  // namespace loom::validate
