// Where kernel code learns that some block runs in lockstep mode: bits 16-30 of the word every
// memory-access hook tests first (loom_access_checks, check/sanitizer/findings.h) count those
// blocks. The engine counts (sched/lockstep.cpp); a region test reads it (reconverge.h), as the
// access gates loom-cc inlines read the whole word (tools/loom-cc/inline_hooks.h).
#pragma once

namespace loom::device {

inline constexpr unsigned kLockstepBlock = 1u << 16;
inline constexpr unsigned kLockstepBlocks = 0x7fffu << 16;

}  // namespace loom::device
