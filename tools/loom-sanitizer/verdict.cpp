#include "verdict.h"

#include <regex>
#include <sstream>

namespace loom::sanitizer {

std::set<std::string> verdictClasses(const std::string& report) {
  std::set<std::string> classes;
  std::istringstream in(report);
  std::string line;
  static const std::regex sizePart(" of size [0-9,]+ bytes");
  static const std::regex race("^(Error|Warning): Race reported between (\\w+) access.*");
  std::string errorSummary, raceSummary;
  std::string pendingRace;  // the race headline's class, until its details have been read
  while (std::getline(in, line)) {
    if (line.rfind("========= ", 0) != 0) continue;
    std::string body = line.substr(10);
    std::smatch m;
    if (!pendingRace.empty() && body.rfind("    in global memory", 0) == 0) pendingRace = "Error: global race";
    if (body.empty() || body[0] == ' ') continue;  // details of the error above
    if (!pendingRace.empty()) classes.insert(pendingRace);
    pendingRace.clear();
    if (std::regex_match(body, m, race)) {
      pendingRace = m[1].str() + ": race";
    } else if (body.rfind("Invalid __", 0) == 0 || body.rfind("Uninitialized __", 0) == 0 ||
               body.rfind("Invalid host ", 0) == 0) {
      classes.insert(std::regex_replace(body, sizePart, ""));
    } else if (body.rfind("Leaked ", 0) == 0) {
      classes.insert(body.find("on the device heap") != std::string::npos ? "Leaked on the device heap" : "Leaked");
    } else if (body.rfind("Barrier error detected.", 0) == 0) {
      auto deadlock = body.find("Deadlock");
      classes.insert(deadlock == std::string::npos ? body : body.substr(0, deadlock + 8));
    } else if (body.rfind("Warning: Barrier reached after", 0) == 0) {
      classes.insert("Warning: barrier after exited threads");
    } else if (body == "Warp assert" || body == "Trace/breakpoint trap") {
      classes.insert(body);
    } else if (body.rfind("Host API memory access error", 0) == 0) {
      classes.insert("Host API memory access error");
    } else if (body.rfind("ERROR SUMMARY: ", 0) == 0) {
      errorSummary = body.rfind("ERROR SUMMARY: 0 ", 0) == 0 ? "findings: none" : "findings: some";
    } else if (body.rfind("RACECHECK SUMMARY: ", 0) == 0) {
      // racecheck's own summary counts warnings too; the device prints no ERROR SUMMARY then.
      raceSummary = body.rfind("RACECHECK SUMMARY: 0 ", 0) == 0 ? "findings: none" : "findings: some";
    }
    // COMPUTE-SANITIZER, LEAK/RACECHECK SUMMARY (counts), "Program hit ..." (API errors): dropped.
  }
  if (!pendingRace.empty()) classes.insert(pendingRace);
  if (!raceSummary.empty()) classes.insert(raceSummary);
  else if (!errorSummary.empty()) classes.insert(errorSummary);
  return classes;
}

}  // namespace loom::sanitizer
