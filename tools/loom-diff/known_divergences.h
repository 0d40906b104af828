// known_divergences.h: where Loom knowingly differs from a device record.
//
// One file per record folder (validate/results/<gpu>-<sm>/known_divergences.txt), one entry a line:
//   <case> <what> <differing>/<total> <reason...>
// <what> is "stdout:<first word of the line>", "exit", "output:<buffer>" or
// "ncu:<kernel>:<metric>"; it may be a glob ("ncu:*:l1tex__data_bank_conflicts_*"), which covers
// every matching key of the case that no exact entry names, its rate summed over them. The rate is
// what was measured (lines, elements or launches that differ, out of how many). '#' starts a
// comment line. An entry accepts up to its rate of difference; more is a regression, less or none
// is reported so that --rebaseline can lower it. A rate written `~<differing>/<total>` is a
// run-dependent one: the key differs in some runs and not in others (the order in which blocks
// reach an atomic decides it), so a run that matches counts as the known divergence too, and
// --rebaseline keeps the entry as it is.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace loom::validate {

struct Rate {
  long long differing = 0, total = 0;
  bool exceeds(const Rate& allowed) const {  // differing/total > allowed.differing/allowed.total
    return static_cast<long double>(differing) * allowed.total >
           static_cast<long double>(allowed.differing) * total;
  }
  std::string text() const { return std::to_string(differing) + "/" + std::to_string(total); }
};

struct Divergence {
  std::string caseName, what, reason;
  Rate rate;
  bool runDependent = false;  // `~` before the rate
  int line = 0;  // in the file, for messages
};

struct DivergenceFile {
  std::string path;
  std::vector<std::string> lines;  // the file as read, to rewrite it in place
  std::vector<Divergence> entries;

  // The entry for a key: the one naming it exactly, else the first glob that matches it.
  const Divergence* find(const std::string& caseName, const std::string& what) const;
};

// Reads the file (a missing file is an empty list). Throws std::runtime_error on a malformed line.
DivergenceFile readDivergences(const std::string& path);
// Parses text (for tests); `path` only names it in messages.
DivergenceFile parseDivergences(const std::string& text, const std::string& path);

// --rebaseline: the file's text with this case's entries set to the measured rates (`measured`
// gives an entry's what (a key, or a glob's pattern) -> rate; an entry whose difference is gone is removed). Other lines are untouched,
// and no entry is added: a new divergence needs a reason written by a person.
std::string rebaselined(const DivergenceFile& file, const std::string& caseName,
                        const std::vector<std::pair<std::string, Rate>>& measured);

}  // namespace loom::validate
