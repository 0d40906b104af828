#include "options.h"

#include "option_values.h"

#include <stdexcept>

namespace loom::ncu {

const char* const kUsage =
    "usage: loom-ncu [options] program [args...]\n"
    "  --metrics a,b,...              metrics to print (default: every metric Loom counts)\n"
    "  -k, --kernel-name NAME         profile launches of kernels named NAME, or regex:EXPRESSION\n"
    "  --kernel-name-base function|demangled|mangled   the name -k and --kernel-id match\n"
    "  --kernel-id C:S:[regex:]NAME:N profile the N-th launch of a matching kernel\n"
    "  -s, --launch-skip N            skip the first N matching launches\n"
    "  -c, --launch-count N           profile at most N matching launches\n"
    "  --launch-skip-before-match N   skip the first N launches of any kernel\n"
    "  --csv                          print comma-separated values\n"
    "  --page details|raw|source      a row per metric and launch, per launch, or per source line\n"
    "  --print-source cuda|cuda,sass  the source page's view: the files, or lines with counters\n"
    "  --html F                       write the source page as a self-contained HTML heat map to F\n"
    "  -o, --export NAME              write the run to NAME.loom-rep instead of printing a page\n"
    "  -f, --force-overwrite          let -o replace an existing file\n"
    "  -i, --import F                 print the pages of a run written with -o (no program)\n"
    "  --section S, --set S           accepted; Loom counts its metrics whatever the section\n"
    "  --print-units base|auto        units as counted (the same for every metric Loom counts)\n"
    "  --log-file F                   write the profiler's output to F (the program's stays)\n"
    "Launches not profiled run in Loom's fast mode.\n";

namespace {

void count(const std::string& option, const std::string& v) {
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument(option + " needs a count, not '" + v + "'");
}


std::vector<std::string> splitCommas(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t comma = s.find(',', start);
    std::string part = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!part.empty()) out.push_back(part);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

Options parseOptions(const std::vector<std::string>& args) {
  Options o;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.empty() || a[0] != '-') break;
    std::string value;
    bool inlineValue = false;
    if (auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      inlineValue = true;
    }
    auto next = [&]() -> std::string {
      if (inlineValue) return value;
      if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") throw std::invalid_argument("");
    else if (a == "--metrics") {
      for (const std::string& m : splitCommas(next())) o.metrics.push_back(m);
    } else if (a == "-k" || a == "--kernel-name") o.kernelName = next();
    else if (a == "--kernel-name-base") {
      o.kernelNameBase = next();
      loom::cli::requireOneOf(a, o.kernelNameBase, {"function", "demangled", "mangled"});
    } else if (a == "--kernel-id") o.kernelId = next();
    else if (a == "-s" || a == "--launch-skip") count(a, o.launchSkip = next());
    else if (a == "-c" || a == "--launch-count") count(a, o.launchCount = next());
    else if (a == "--launch-skip-before-match") count(a, o.launchSkipBeforeMatch = next());
    else if (a == "--csv") o.csv = true;
    else if (a == "--page") {
      o.page = next();
      if (o.page == "session")
        throw std::invalid_argument("--page session: Loom prints the details, raw and source pages (no device attributes)");
      loom::cli::requireOneOf(a, o.page, {"details", "raw", "source"});
    } else if (a == "--print-source") {
      o.printSource = next();
      if (o.printSource == "sass" || o.printSource == "ptx")
        throw std::invalid_argument("--print-source " + o.printSource + ": Loom runs no SASS or PTX; use cuda or cuda,sass (source lines)");
      loom::cli::requireOneOf(a, o.printSource, {"cuda", "cuda,sass"});
    } else if (a == "--html") o.html = next();
    else if (a == "--section" || a == "--set") next();  // Loom counts the same metrics whatever ncu would collect
    else if (a == "-f" || a == "--force-overwrite") o.force = true;
    else if (a == "-i" || a == "--import") o.importFile = next(); else if (a == "--print-units") {
      o.printUnits = next();
      loom::cli::requireOneOf(a, o.printUnits, {"base", "auto"});
    } else if (a == "--log-file") o.logFile = next();
    else if (a == "-o" || a == "--export") o.exportName = next();
    else throw std::invalid_argument("unknown option " + a);
  }
  o.program.assign(args.begin() + static_cast<long>(i), args.end());
  if (o.program.empty() && o.importFile.empty()) throw std::invalid_argument("no program to run");
  if (!o.program.empty() && !o.importFile.empty())
    throw std::invalid_argument("--import prints a run written before: give it no program");
  if (o.page != "details" && !o.csv && o.html.empty())
    throw std::invalid_argument("--page " + o.page + ": Loom prints it with --csv (the source page also as HTML with --html F)");
  return o;
}

}  // namespace loom::ncu
