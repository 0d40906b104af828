// loom-cc's --help and --version texts.
#pragma once

#include <string>

namespace loom::cc {

std::string versionText(int arch);  // "loom-cc (Loom) 0.1.0, emulating sm_90; ..."
std::string helpText();

}  // namespace loom::cc
