// run_data.h: one run of a case as files: the device record, or Loom's run of the same case.
//
// Both have the layout of validate/CASES.md: stdout.txt, exit.txt, outputs/<buffer>.<dtype>[.gz],
// and counters (ncu.json on the device, Loom's report.json), whose "launches" share one schema.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::validate {

struct Launch {
  std::string kernel;  // normalised: no parameter list, no return type
  std::map<std::string, nlohmann::json> metrics;
};

struct RunData {
  std::string dir;
  bool buildFailed = false;                   // the record holds build_failed.txt instead
  std::optional<std::vector<std::string>> stdoutLines;
  std::optional<std::string> exitStatus;
  std::map<std::string, std::string> buffers;  // "<name>.<dtype>" -> file path
  std::optional<std::vector<Launch>> launches;  // nullopt: no counters file
};

// Reads a run folder; `countersFile` is "ncu.json" (device) or "report.json" (Loom).
RunData readRunData(const std::string& dir, const std::string& countersFile);

// A variant's record (CaseFile::base) holds only the output buffers that differ from its base
// case's record `baseDir`: the base's buffers fill in the others. Returns how many it filled in;
// throws std::runtime_error when the base record is missing or holds no outputs.
std::size_t addBaseBuffers(RunData& record, const std::string& baseDir);

// The launches of a {"launches": [...]} document (ncu.json or Loom's report).
std::vector<Launch> parseLaunches(const nlohmann::json& doc);

// "void k<int>(float*, int)" -> "k<int>"; "k" stays "k".
std::string normaliseKernelName(const std::string& name);

// Splits text into lines (a final newline does not make an empty last line).
std::vector<std::string> splitLines(const std::string& text);

}  // namespace loom::validate
