// One inline-PTX template, translated to C++ (inline_ptx.h finds the `asm` statements). The PTX
// ISA manual is the reference; the C++ calls loom/device/ptx.h and Loom's CUDA functions, so the
// instructions are counted, checked and sanitized like the CUDA functions they stand for.
//
// Operands `%N` are the C++ variables `loom_ptx_N` that inline_ptx.h declares; `.reg`
// declarations become C++ locals; `@p`/`@!p` guards become `if`s. Supported instructions:
// mov, add, sub, mul(.lo, .wide), mad.lo, min, max, neg, not, and, or, xor, shl, shr, setp, selp,
// bfe, bfi, brev, popc, clz, prmt (default mode), shfl.sync, vote(.sync), activemask, membar,
// fence, bar.sync/barrier.sync 0, bar.warp.sync, ld and st through 64-bit addresses (with
// .volatile, .relaxed, .acquire, .release), and the special registers %laneid, %warpid,
// %lanemask_*, %tid, %ntid, %ctaid, %nctaid, %clock, %clock64, %globaltimer.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loom::cc {

struct PtxOperand {
  char constraint = 'r';  // r, l, h, f, d, n, ...
  bool output = false;
};

struct PtxTranslation {
  std::string code;                  // C++ statements, on one line
  std::optional<std::string> error;  // what is not supported, when translation failed
};

PtxTranslation translatePtx(const std::string& ptx, const std::vector<PtxOperand>& operands);

}  // namespace loom::cc
