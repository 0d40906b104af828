// The plain C++ side of a fuzz program (program.h): the CUDA names its kernels and main use,
// for g++ without loom-cc, and FZ_LAUNCH running a launch's threads one after another, thread 0
// first. The runner writes this text next to each program and compiles the program with
// `-include` of it.
#pragma once

namespace loom::fuzz {

extern const char* const kReferenceHeader;

}  // namespace loom::fuzz
