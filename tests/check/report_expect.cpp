// Runs a CUDA program built with Loom under LOOM_REPORT and checks its JSON report against a
// file of expected values: `report_expect EXPECTATIONS PROGRAM [ARGS...]`. Prints one
// "<check>: PASS|FAIL" line per expectation; exits 0 only if the program and every check passed.
//
// Expectation lines (# starts a comment):
//   launches N                     the report holds N launches
//   I kernel NAME...               launch I's demangled kernel name
//   I METRIC VALUE                 launch I's metric (ncu's name) has VALUE
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include <unistd.h>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: report_expect EXPECTATIONS PROGRAM [ARGS...]\n");
    return 2;
  }
  std::string report = "report_expect." + std::to_string(getpid()) + ".json";
  setenv("LOOM_REPORT", report.c_str(), 1);
  std::string command;
  for (int i = 2; i < argc; ++i) command += std::string("'") + argv[i] + "' ";
  int status = std::system(command.c_str());
  unsetenv("LOOM_REPORT");
  int failures = 0;
  if (status != 0) {
    std::printf("program: FAIL %s exited with status %d\n", argv[2], status);
    ++failures;
  }
  nlohmann::json j;
  try {
    std::ifstream in(report);
    j = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::printf("report: FAIL cannot read %s: %s\n", report.c_str(), e.what());
    return 1;
  }
  std::remove(report.c_str());
  const nlohmann::json& launches = j["launches"];

  std::ifstream expectations(argv[1]);
  if (!expectations) {
    std::printf("expectations: FAIL cannot read %s\n", argv[1]);
    return 1;
  }
  std::string line;
  int checks = 0;
  while (std::getline(expectations, line)) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string first, what;
    if (!(words >> first)) continue;
    std::string name = line;
    while (!name.empty() && name.back() == ' ') name.pop_back();
    ++checks;
    bool ok = false;
    std::string got;
    if (first == "launches") {
      std::size_t n = 0;
      words >> n;
      ok = launches.size() == n;
      got = std::to_string(launches.size());
    } else {
      std::size_t index = std::stoul(first);
      words >> what;
      if (index >= launches.size()) {
        got = "no such launch";
      } else if (what == "kernel") {
        std::string kernel;
        std::getline(words >> std::ws, kernel);
        got = launches[index]["kernel"].get<std::string>();
        ok = got == kernel;
      } else {
        unsigned long long want = 0;
        words >> want;
        const nlohmann::json& metrics = launches[index]["metrics"];
        if (metrics.contains(what)) {
          got = std::to_string(metrics[what].get<unsigned long long>());
          ok = metrics[what].get<unsigned long long>() == want;
        } else {
          got = "no such metric";
        }
      }
    }
    if (ok) {
      std::printf("%s: PASS\n", name.c_str());
    } else {
      std::printf("%s: FAIL got %s\n", name.c_str(), got.c_str());
      ++failures;
    }
  }
  if (checks == 0) {
    std::printf("expectations: FAIL %s holds no checks\n", argv[1]);
    ++failures;
  }
  return failures ? 1 : 0;
}
