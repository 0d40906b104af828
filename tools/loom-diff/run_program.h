// run_program.h: builds a case with loom-cc and runs it the way the device campaign does.
#pragma once
#include <string>
#include <vector>

#include "case_file.h"

namespace loom::validate {

// Runs `exe args` in the case's folder with LOOM_CASE_OUT=<work>/outputs and
// LOOM_REPORT=<work>/report.json, stdout and stderr into <work>/stdout.txt and stderr.txt, and
// writes the exit status to <work>/exit.txt (128 + signal when killed, 124 after `timeoutSeconds`,
// as the campaign's `timeout` reports it). Earlier results in <work> are removed first.
int runLoomCase(const CaseFile& c, const std::string& exe, const std::string& work, int timeoutSeconds);

// Builds the case's sources with `loomCc` (its flags, -I<include> for loom_case.h) into
// <work>/program; returns the program's path, or throws std::runtime_error with loom-cc's output.
std::string buildWithLoomCc(const CaseFile& c, const std::string& loomCc, const std::string& include,
                            const std::string& work);

}  // namespace loom::validate
