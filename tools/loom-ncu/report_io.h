// What loom-ncu keeps of a profiled run: the launches (read from the runtime's JSON report), the
// process, and the text of the source files their counters point into, so that a run exported
// with -o prints every page later with -i, as ncu's reports do, even where the sources have
// moved. The file is JSON (`NAME.loom-rep`); Nsight Compute cannot open it.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "details_page.h"

namespace loom::ncu {

using SourceFiles = std::map<std::string, std::vector<std::string>>;  // path -> its lines

struct ProfiledRun {
  Process process;
  std::vector<ProfiledLaunch> launches;
  SourceFiles sources;
};

// The launches of a runtime report (LOOM_REPORT); none when the file is missing or malformed.
std::vector<ProfiledLaunch> readReport(const std::filesystem::path& report);

// The lines of every file the launches' counters name, read from disk (missing files are left out).
SourceFiles readSources(const std::vector<ProfiledLaunch>& launches);

// -o NAME writes NAME.loom-rep (NAME as given when it already ends so); returns the path.
std::filesystem::path exportPath(const std::string& name);
void writeRun(const std::filesystem::path& path, const ProfiledRun& run);
// Throws std::runtime_error naming the file when it cannot be read as an exported run.
ProfiledRun readRun(const std::filesystem::path& path);

}  // namespace loom::ncu
