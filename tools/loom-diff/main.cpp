// loom-diff: compares a Loom run of a validation case with the device's record of it
// (validate/CASES.md, validate/README.md).
//
//   loom-diff --case C.case.json --record DIR (--program EXE | --loom-cc LOOM-CC | --loom-run DIR)
//             [--known FILE] [--work DIR] [--json FILE] [--rebaseline] [--timeout S]
//   loom-diff table --json-dir DIR [--cases FILE] [--out table.md] [--check README | --update README]
//   loom-diff profile DEVICE.csv LOOM.csv [--known FILE]   (ncu --csv against loom-ncu --csv)
//   loom-diff source DEVICE.csv LOOM.csv [--known FILE]    (ncu's source page against loom-ncu's)
//
// Exit status: 0 when every difference is a listed known divergence, 1 on an unexpected one (or a
// README whose table is out of date), 2 on bad input.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "case_diff.h"
#include "profile_diff.h"
#include "source_diff.h"
#include "report_format.h"
#include "run_program.h"

namespace fs = std::filesystem;
using namespace loom::validate;

namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeAll(const std::string& path, const std::string& text) {
  if (fs::path(path).has_parent_path()) fs::create_directories(fs::path(path).parent_path());
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text)) throw std::runtime_error(path + ": cannot write");
}

struct DiffOptions {
  std::string casePath, record, known, program, loomCc, loomRun, work, json, include = LOOM_CASE_INCLUDE_DIR;
  bool rebaseline = false;
  int timeout = 0;
};

int runDiff(const DiffOptions& o) {
  CaseFile c = readCaseFile(fs::absolute(o.casePath).lexically_normal().string());
  if (!fs::is_directory(o.record)) throw std::runtime_error(o.record + ": no such record folder");
  std::string knownPath = o.known.empty() ? (fs::path(o.record).parent_path() / "known_divergences.txt").string() : o.known;
  DivergenceFile known = readDivergences(knownPath);
  RunData device = readRunData(o.record, "ncu.json");
  std::size_t fromBase = 0;
  if (!c.base.empty()) fromBase = addBaseBuffers(device, (fs::path(o.record).parent_path() / c.base).string());

  std::string loomDir = o.loomRun;
  if (loomDir.empty()) {
    std::string work = o.work.empty() ? "loom-diff-work/" + c.name : o.work;
    std::string exe = o.program;
    if (exe.empty()) exe = buildWithLoomCc(c, o.loomCc, o.include, work);
    runLoomCase(c, exe, work, o.timeout > 0 ? o.timeout : c.timeoutSeconds * 10);
    loomDir = work;
  }
  RunData loom = readRunData(loomDir, "report.json");
  CaseReport r = diffCase(c, device, loom, known);
  if (!c.base.empty())
    r.notes.push_back("outputs: " + std::to_string(fromBase) + " of " + std::to_string(device.buffers.size()) +
                      " buffers are the base record's (" + c.base + "), the others this record's own");
  std::cout << formatText(r);
  if (!o.json.empty()) {
    std::string text = formatJson(r).dump(1) + "\n";
    if (o.json == "-") std::cout << text;
    else writeAll(o.json, text);
  }
  if (o.rebaseline) {
    std::string text = rebaselined(known, c.name, r.measured);
    if (text != readAll(knownPath)) {
      writeAll(knownPath, text);
      std::cout << "rebaseline: rewrote " << c.name << "'s entries in " << knownPath << "\n";
    }
    // Differences without an entry stay unexpected: a new divergence needs a reason.
  }
  return r.ok() ? 0 : 1;
}

int runTable(const std::string& jsonDir, const std::string& caseList, const std::string& out,
             const std::string& check, const std::string& update) {
  std::vector<nlohmann::json> cases;
  std::vector<std::string> files;
  if (!caseList.empty()) {  // exactly these cases: a stale JSON of a removed case is not counted
    std::istringstream names(readAll(caseList));
    for (std::string name; std::getline(names, name);)
      if (!name.empty()) {
        std::string f = jsonDir + "/" + name + ".json";
        if (!fs::exists(f)) throw std::runtime_error(f + ": no result for case " + name + " (did validate." + name + " run?)");
        files.push_back(f);
      }
  } else {
    for (const auto& e : fs::directory_iterator(jsonDir))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) cases.push_back(nlohmann::json::parse(readAll(f)));
  std::string table = tableMarkdown(cases);
  if (!out.empty()) writeAll(out, table);
  std::cout << table;
  for (const auto& [path, write] : {std::pair{check, false}, std::pair{update, true}}) {
    if (path.empty()) continue;
    std::string readme = readAll(path);
    bool found = false;
    std::string wanted = replaceTable(readme, table, &found);
    if (!found) throw std::runtime_error(path + ": no table markers (" + kTableBegin + " ... " + kTableEnd + ")");
    if (write) {
      if (wanted != readme) writeAll(path, wanted);
      std::cout << "updated the table in " << path << "\n";
    } else if (wanted != readme) {
      std::cout << path << ": the validate table is out of date; update it with\n"
                << "  cmake --build build --target validate-table-update\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"loom-diff: compare a Loom run of a validation case with a device record"};
  DiffOptions o;
  app.add_option("--case", o.casePath, "the case file (<name>.case.json)");
  app.add_option("--record", o.record, "the device record folder (validate/results/<gpu>-<sm>/<name>)");
  app.add_option("--known", o.known, "known divergences (default: known_divergences.txt beside the record)");
  auto* program = app.add_option("--program", o.program, "the case built with loom-cc: run it");
  auto* loomCc = app.add_option("--loom-cc", o.loomCc, "build the case with this loom-cc, then run it");
  auto* loomRun = app.add_option("--loom-run", o.loomRun, "read an earlier Loom run from this folder");
  program->excludes(loomCc, loomRun);
  loomCc->excludes(loomRun);
  app.add_option("--work", o.work, "where Loom's run goes (default: loom-diff-work/<name>)");
  app.add_option("--include", o.include, "the folder holding loom_case.h");
  app.add_option("--json", o.json, "also write the comparison as JSON to this file ('-': stdout)");
  app.add_option("--timeout", o.timeout, "seconds before Loom's run is killed (default: 10x the case's timeout)");
  app.add_flag("--rebaseline", o.rebaseline,
               "rewrite this case's known-divergence rates to the measured ones (never the device record)");

  auto* table = app.add_subcommand("table", "aggregate loom-diff --json files into the README's table");
  std::string jsonDir, caseList, out, check, update;
  table->add_option("--json-dir", jsonDir, "folder of loom-diff --json files")->required();
  table->add_option("--cases", caseList, "file naming the cases to count, one a line (default: every file)");
  table->add_option("--out", out, "write the markdown table here");
  table->add_option("--check", check, "fail if this README's table differs");
  table->add_option("--update", update, "rewrite this README's table");
  auto* profile = app.add_subcommand("profile", "compare ncu --csv with loom-ncu --csv, launch by launch");
  std::string deviceCsv, loomCsv, knownProfile;
  profile->add_option("device", deviceCsv, "ncu's CSV (its other output lines are skipped)")->required();
  profile->add_option("loom", loomCsv, "loom-ncu's CSV with the same arguments")->required();
  profile->add_option("--known", knownProfile, "known divergences: lines `<launch|*> <metric>  # why`");
  bool loomColumns = false;
  profile->add_flag("--loom-columns", loomColumns, "compare only the metrics Loom's page has (ncu's --page raw)");
  auto* source = app.add_subcommand("source", "compare ncu's source page (cuda,sass) with loom-ncu's, line by line");
  std::string deviceSource, loomSource, knownSource;
  source->add_option("device", deviceSource, "ncu --page source --csv --print-source cuda,sass")->required();
  source->add_option("loom", loomSource, "loom-ncu's source page with the same arguments")->required();
  source->add_option("--known", knownSource, "known divergences: lines `<function|*> <line> <column>  # why`");
  app.require_subcommand(0, 1);
  CLI11_PARSE(app, argc, argv);

  try {
    if (table->parsed()) return runTable(jsonDir, caseList, out, check, update);
    if (source->parsed()) {
      SourceDiff d = diffSourcePages(readAll(deviceSource), readAll(loomSource), knownSource.empty() ? "" : readAll(knownSource));
      for (const std::string& line : d.lines) std::cout << line << "\n";
      return d.ok() ? 0 : 1;
    }
    if (profile->parsed()) {
      ProfileDiff d = diffProfiles(readAll(deviceCsv), readAll(loomCsv), knownProfile.empty() ? "" : readAll(knownProfile),
                                   loomColumns);
      for (const std::string& line : d.lines) std::cout << line << "\n";
      return d.ok() ? 0 : 1;
    }
    if (o.casePath.empty() || o.record.empty()) throw std::runtime_error("--case and --record are required");
    if (o.program.empty() && o.loomCc.empty() && o.loomRun.empty())
      throw std::runtime_error("give --program, --loom-cc or --loom-run");
    return runDiff(o);
  } catch (const std::exception& e) {
    std::cerr << "loom-diff: " << e.what() << "\n";
    return 2;
  }
}
