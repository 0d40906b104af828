#include "report.h"

#include <cstdlib>
#include <cstdio>
#include <sstream>

namespace loom::sanitizer {

namespace {

const char* const kPrefix = "========= ";

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// compute-sanitizer groups the digits of sizes and distances: 1,000 bytes.
std::string grouped(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string dim(const nlohmann::json& d) {
  return "(" + std::to_string(d[0].get<unsigned>()) + "," + std::to_string(d[1].get<unsigned>()) + "," +
         std::to_string(d[2].get<unsigned>()) + ")";
}

std::string basename(const std::string& location) {
  auto slash = location.rfind('/');
  return slash == std::string::npos ? location : location.substr(slash + 1);
}

// "at k(int*) in f.cu:3": Loom knows the access's source line, not a SASS offset, so no +0x...
std::string site(const nlohmann::json& f) {
  std::string kernel = f.value("kernel", "");
  std::string loc = basename(f.value("location", ""));
  return "    at " + (kernel.empty() ? std::string("<unknown kernel>") : kernel) + (loc.empty() ? "" : " in " + loc);
}

std::string memoryHeadline(const nlohmann::json& f) {
  int access = f.value("access", -1);
  std::size_t size = f.value("size", 0u);
  std::string space = f.value("space", "global");
  std::string what = access == 1 ? "write" : access == 0 ? "read" : "access";
  return "Invalid __" + space + "__ " + what + (size ? " of size " + std::to_string(size) + " bytes" : "");
}

std::string nearestLine(const nlohmann::json& f) {
  std::uint64_t base = f.value("allocation", 0ull), size = f.value("allocation_size", 0ull);
  std::uint64_t addr = f.value("address", 0ull);
  if (base == 0 && size == 0) return "";
  std::string where = " the nearest allocation at " + hex(base) + " of size " + grouped(size) + " bytes";
  if (addr < base) return "    and is " + grouped(base - addr) + " bytes before" + where;
  if (addr >= base + size) return "    and is " + grouped(addr - (base + size) + 1) + " bytes after" + where;
  return "    and is inside" + where;
}

}  // namespace

Report formatReport(const std::vector<nlohmann::json>& findings, const Options& o) {
  std::vector<std::vector<std::string>> blocks;  // one per error, without the prefix
  long errors = 0, warnings = 0, leaks = 0, leakedBytes = 0;
  for (const auto& f : findings) {
    std::string kind = f.value("kind", "");
    if (kind == "api_error" && o.reportApiErrors == "no") continue;
    std::vector<std::string> b;
    if (kind == "invalid_access" || kind == "misaligned") {
      b = {memoryHeadline(f), site(f), "    by thread " + dim(f["thread"]) + " in block " + dim(f["block"]),
           "    Access to " + hex(f.value("address", 0ull)) + (kind == "misaligned" ? " is misaligned" : " is out of bounds")};
      if (f.value("space", "") == "global")
        if (std::string n = nearestLine(f); !n.empty()) b.push_back(n);
    } else if (kind == "uninitialized") {
      // initcheck: "Uninitialized __global__ memory read of size 4 bytes" ... "Address 0x..".
      b = {"Uninitialized __" + f.value("space", std::string("global")) + "__ memory read of size " +
               std::to_string(f.value("size", 0u)) + " bytes",
           site(f), "    by thread " + dim(f["thread"]) + " in block " + dim(f["block"]),
           "    Address " + hex(f.value("address", 0ull))};
    } else if (kind == "host_uninitialized") {
      // initcheck: a copy to the host of device memory nothing wrote (allocation: the whole copy).
      b = {"Host API memory access error at host access to " + hex(f.value("allocation", 0ull)) + " of size " +
               grouped(f.value("allocation_size", 0ull)) + " bytes",
           "    Uninitialized access to " + hex(f.value("address", 0ull)) + " on access by " +
               f.value("detail", std::string())};
    } else if (kind == "leak") {
      // space "device_heap": a block of in-kernel malloc, which the device reports as such.
      b = {"Leaked " + grouped(f.value("allocation_size", 0ull)) + " bytes at " + hex(f.value("address", 0ull)) +
           (f.value("space", std::string()) == "device_heap" ? " on the device heap" : "")};
      ++leaks;
      leakedBytes += f.value("allocation_size", 0l);
    } else if (kind == "barrier_divergent_warp" || kind == "barrier_divergent_block") {
      b = {std::string("Barrier error detected. Divergent thread(s) in ") +
               (kind == "barrier_divergent_warp" ? "warp." : "block."),
           site(f), "    by thread " + dim(f["thread"]) + " in block " + dim(f["block"])};
    } else if (kind == "barrier_invalid_arguments") {
      b = {"Barrier error detected. Invalid arguments.", site(f),
           "    by thread " + dim(f["thread"]) + " in block " + dim(f["block"])};
    } else if (kind == "race" || kind == "warning_race") {
      // detail: first access|second access|second site|hazard count (check/sanitizer/racecheck.cpp)
      std::vector<std::string> parts;
      std::istringstream d(f.value("detail", std::string()));
      for (std::string p; std::getline(d, p, '|');) parts.push_back(p);
      parts.resize(4);
      std::string kernel = f.value("kernel", "");
      b = {std::string(kind == "race" ? "Error" : "Warning") + ": Race reported between " + parts[0] +
               " access at " + kernel + " in " + basename(f.value("location", "")),
           "    and " + parts[1] + " access at " + kernel + " in " + basename(parts[2]) + " [" + parts[3] +
               " hazards]"};
    } else if (kind == "race_global") {
      // detail: first access|second access|second site|hazard count|first block
      // (check/sanitizer/global_races.h). The third line tells it from a shared-memory race.
      std::vector<std::string> parts;
      std::istringstream d(f.value("detail", std::string()));
      for (std::string p; std::getline(d, p, '|');) parts.push_back(p);
      parts.resize(5);
      std::string kernel = f.value("kernel", "");
      b = {"Error: Race reported between " + parts[0] + " access at " + kernel + " in " +
               basename(f.value("location", "")),
           "    and " + parts[1] + " access at " + kernel + " in " + basename(parts[2]) + " [" + parts[3] + " hazards]",
           "    in global memory at " + hex(f.value("address", 0ull)) + ", between blocks " + parts[4] + " and " +
               dim(f["block"])};
    } else if (kind == "host_access") {
      // Loom's own (check/sanitizer/memcheck.h): on a GPU machine the host process faults here.
      int access = f.value("access", -1);
      b = {std::string("Invalid host ") + (access == 1 ? "write" : "read") + " of size " +
               std::to_string(f.value("size", 0u)) + " bytes",
           site(f),
           "    Address " + hex(f.value("address", 0ull)) + " is device memory (the allocation at " +
               hex(f.value("allocation", 0ull)) + " of size " + grouped(f.value("allocation_size", 0ull)) +
               " bytes): host code cannot dereference it on a GPU machine"};
    } else if (kind == "warning_barrier_exited") {
      // Loom's own (check/sanitizer/synccheck.h): the device's synccheck is silent here.
      b = {"Warning: Barrier reached after " + f.value("detail", std::string("some")) +
               " thread(s) of the block exited (undefined by the CUDA Programming Guide; sm_70+ does not "
               "wait for exited threads)",
           site(f), "    in block " + dim(f["block"])};
    } else if (kind == "deadlock") {
      b = {"Barrier error detected. Deadlock: " + f.value("detail", std::string()), site(f)};
    } else if (kind == "device_assert" || kind == "trap") {
      // memcheck: the thread that failed an assert or trapped (the device names __assertfail's
      // offset for an assert; Loom gives the assert's line).
      b = {kind == "trap" ? "Trace/breakpoint trap" : "Warp assert", site(f),
           "    by thread " + dim(f["thread"]) + " in block " + dim(f["block"])};
    } else if (kind == "api_error") {
      // memcheck: an API call returned an error (check/sanitizer/memcheck.h).
      // detail: error name|number|error string|API function.
      std::vector<std::string> parts;
      std::istringstream d(f.value("detail", std::string()));
      for (std::string p; std::getline(d, p, '|');) parts.push_back(p);
      parts.resize(4);
      b = {"Program hit " + parts[0] + " (error " + parts[1] + ") due to \"" + parts[2] + "\" on CUDA API call to " +
           parts[3] + "."};
    } else {
      b = {"Error: " + kind + " " + f.value("detail", std::string()), site(f)};
    }
    bool warning = kind.rfind("warning_", 0) == 0;
    (warning ? warnings : errors) += 1;
    blocks.push_back(std::move(b));
  }
  std::ostringstream out;
  out << kPrefix << "COMPUTE-SANITIZER\n";
  // A random schedule or weak memory: the findings are those of this seed, which replays them.
  const char* envSchedule = std::getenv("LOOM_SCHEDULE");
  const char* envMemory = std::getenv("LOOM_MEMORY");
  std::string schedule = !o.schedule.empty() ? o.schedule : envSchedule ? envSchedule : "";
  std::string memory = !o.memory.empty() ? o.memory : envMemory ? envMemory : "";
  if (schedule.rfind("random:", 0) == 0 || memory == "weak")
    out << kPrefix << "Loom schedule: " << (schedule.empty() ? "index" : schedule)
        << (memory == "weak" ? ", weak memory" : "") << " (LOOM_SCHEDULE=" << (schedule.empty() ? "index" : schedule)
        << (memory == "weak" ? " LOOM_MEMORY=weak" : "") << " replays these findings)\n";
  long shown = 0;
  for (const auto& b : blocks) {
    if (o.printLimit > 0 && shown >= o.printLimit) break;
    ++shown;
    for (const auto& line : b) out << kPrefix << line << "\n";
    out << kPrefix << "\n";
  }
  if (o.printLimit > 0 && static_cast<long>(blocks.size()) > o.printLimit)
    out << kPrefix << "Too many errors; " << blocks.size() - o.printLimit << " not printed (--print-limit)\n";
  if (o.tool == "memcheck" && o.leakCheck)
    out << kPrefix << "LEAK SUMMARY: " << leakedBytes << " bytes leaked in " << leaks << " allocations\n";
  if (o.tool == "racecheck")
    out << kPrefix << "RACECHECK SUMMARY: " << errors + warnings << (errors + warnings == 1 ? " hazard" : " hazards")
        << " displayed (" << errors << (errors == 1 ? " error, " : " errors, ") << warnings
        << (warnings == 1 ? " warning)" : " warnings)") << "\n";
  out << kPrefix << "ERROR SUMMARY: " << errors << (errors == 1 ? " error" : " errors") << "\n";
  return {out.str(), errors};
}

}  // namespace loom::sanitizer
