#include "options.h"

#include "option_values.h"

#include <cstdlib>
#include <stdexcept>

namespace loom::sanitizer {

const char* const kUsage =
    "usage: loom-sanitizer [options] program [args...]\n"
    "  --tool memcheck|racecheck|synccheck|initcheck   (default memcheck)\n"
    "  --print-limit N            print at most N errors (0: all); all are counted\n"
    "  --error-exitcode N         exit with N when an error was found\n"
    "  --racecheck-report analysis|hazard|all\n"
    "  --show-backtrace yes|no|host|device   accepted (Loom reports the access site)\n"
    "  --leak-check full|no       memcheck: report device allocations live at exit\n"
    "  --report-api-errors explicit|all|no   memcheck: report CUDA API calls that return an error\n"
    "                             (default explicit; all is the same for Loom)\n"
    "  --watchdog S               fail a launch in which no thread makes progress for S seconds,\n"
    "                             reporting where every thread is (default: LOOM_WATCHDOG, else 30; 0: never)\n"
    "  --schedule index|random:N  the program's block order (LOOM_SCHEDULE); the report names it\n"
    "  --memory sc|weak           the program's memory (LOOM_MEMORY)\n"
    "  --log-file F               write the report to F instead of stdout\n"
    "  --save F                   write the findings as JSON to F\n"
    "  --verdict LOG              print the normalised verdict of a report (Loom's or the device's)\n";

namespace {
long toNumber(const std::string& option, const std::string& v) {
  try {
    std::size_t used = 0;
    long n = std::stol(v, &used);
    if (used == v.size()) return n;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(option + " needs a number, not '" + v + "'");
}
}  // namespace

Options parseOptions(const std::vector<std::string>& args) {
  Options o;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.rfind("--", 0) != 0) break;
    std::string value;
    bool inlineValue = false;
    if (auto eq = a.find('='); eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      inlineValue = true;
    }
    auto next = [&]() -> std::string {
      if (inlineValue) return value;
      if (i + 1 >= args.size()) throw std::invalid_argument(a + " needs a value");
      return args[++i];
    };
    if (a == "--help") throw std::invalid_argument("");
    else if (a == "--tool") {
      o.tool = next();
      loom::cli::requireOneOf(a, o.tool, {"memcheck", "racecheck", "synccheck", "initcheck"});
    } else if (a == "--print-limit") o.printLimit = toNumber(a, next());
    else if (a == "--error-exitcode") o.errorExitCode = static_cast<int>(toNumber(a, next()));
    else if (a == "--racecheck-report") {
      o.racecheckReport = next();
      loom::cli::requireOneOf(a, o.racecheckReport, {"analysis", "hazard", "all"});
    } else if (a == "--show-backtrace") {
      o.showBacktrace = next();
      loom::cli::requireOneOf(a, o.showBacktrace, {"yes", "no", "host", "device"});
    } else if (a == "--leak-check") {
      std::string v = next();
      loom::cli::requireOneOf(a, v, {"full", "no"});
      o.leakCheck = v == "full";
    } else if (a == "--report-api-errors") {
      o.reportApiErrors = next();
      loom::cli::requireOneOf(a, o.reportApiErrors, {"explicit", "all", "no"});
    } else if (a == "--watchdog") {
      o.watchdog = next();
      char* end = nullptr;
      double seconds = std::strtod(o.watchdog.c_str(), &end);
      if (o.watchdog.empty() || *end != '\0' || seconds < 0)
        throw std::invalid_argument("--watchdog needs a number of seconds, not '" + o.watchdog + "'");
    } else if (a == "--schedule") {
      o.schedule = next();
      if (o.schedule != "index" && (o.schedule.rfind("random:", 0) != 0 || o.schedule.size() == 7 ||
                                    o.schedule.find_first_not_of("0123456789", 7) != std::string::npos))
        throw std::invalid_argument("--schedule needs index or random:<seed>, not '" + o.schedule + "'");
    } else if (a == "--memory") {
      o.memory = next();
      loom::cli::requireOneOf(a, o.memory, {"sc", "weak"});
    } else if (a == "--log-file") o.logFile = next();
    else if (a == "--save") o.save = next();
    else if (a == "--verdict") o.verdict = next();
    else throw std::invalid_argument("unknown option " + a);
  }
  o.program.assign(args.begin() + static_cast<long>(i), args.end());
  if (o.program.empty() && o.verdict.empty()) throw std::invalid_argument("no program to run");
  return o;
}

}  // namespace loom::sanitizer
