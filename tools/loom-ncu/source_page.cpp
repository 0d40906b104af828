#include "source_page.h"

#include <set>

namespace loom::ncu {

namespace {

std::uint64_t sum(const ProfiledLaunch::Line& l, std::initializer_list<const char*> names) {
  std::uint64_t total = 0;
  for (const char* n : names)
    if (auto it = l.metrics.find(n); it != l.metrics.end()) total += it->second;
  return total;
}

std::uint64_t wavefronts(const ProfiledLaunch::Line& l) {
  return sum(l, {"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                 "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                 "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"});
}

// Wavefronts beyond the fewest the accesses could take: Loom's bank conflicts.
std::uint64_t excessive(const ProfiledLaunch::Line& l) {
  return sum(l, {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
                 "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
                 "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum"});
}

std::string field(const std::string& s) { return "\"" + s + "\""; }

std::string trimmed(const std::string& s) {
  std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  std::size_t last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

}  // namespace

const std::vector<SourceColumn>& sourceColumns() {
  static const std::vector<SourceColumn> columns = {
      {"L1 Wavefronts Shared Excessive", excessive},
      {"L1 Wavefronts Shared", wavefronts},
      {"L1 Wavefronts Shared Ideal", [](const ProfiledLaunch::Line& l) { return wavefronts(l) - excessive(l); }},
      {"L2 Theoretical Sectors Global",
       [](const ProfiledLaunch::Line& l) {
         return sum(l, {"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"});
       }},
  };
  return columns;
}

std::string sourceText(const SourceFiles& sources, const std::string& file, unsigned line) {
  auto it = sources.find(file);
  if (it == sources.end() || line == 0 || line > it->second.size()) return "";
  return it->second[line - 1];
}

std::string sourcePageCuda(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources) {
  std::string out;
  std::set<std::string> printed;
  for (const auto& launch : launches)
    for (const auto& l : launch.lines) {
      auto it = sources.find(l.file);
      if (it == sources.end() || !printed.insert(l.file).second) continue;
      out += field("File Name") + "," + field(l.file) + "\n" + field("Line No") + "," + field("Source") + "\n";
      for (std::size_t i = 0; i < it->second.size(); ++i)
        out += field(std::to_string(i + 1)) + "," + field(it->second[i]) + "\n";
    }
  return out;
}

std::string sourcePageCorrelated(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources) {
  std::string out;
  for (const auto& launch : launches) {
    std::string file = launch.lines.empty() ? std::string("?") : launch.lines.front().file;
    out += field("File Path") + "," + field(file) + "\n";
    out += field("Function Name") + "," + field(launch.kernel) + "\n";
    out += field("Line No") + "," + field("Source");
    for (const auto& c : sourceColumns()) out += "," + field(c.name);
    out += "\n";
    for (const auto& l : launch.lines) {
      if (l.file != file) {  // a line of a header the kernel calls into: ncu starts a new file block
        file = l.file;
        out += field("File Path") + "," + field(file) + "\n";
      }
      out += field(std::to_string(l.line)) + "," + field(trimmed(sourceText(sources, l.file, l.line)));
      for (const auto& c : sourceColumns()) out += "," + field(std::to_string(c.value(l)));
      out += "\n";
    }
  }
  return out;
}

}  // namespace loom::ncu
