// The four IEEE-754 rounding directions that device instructions name in their opcode
// (PTX .rn, .rz, .rm, .rp). isa/ passes the direction as a parameter instead of reading the
// host's MXCSR, so results never depend on whichever fiber or TBB worker last touched it.
#pragma once

namespace loom::isa {

enum class Rounding {
  NearestEven,  // .rn: to nearest, ties to the even neighbour
  TowardZero,   // .rz: truncate the magnitude
  Down,         // .rm: toward -infinity
  Up,           // .rp: toward +infinity
};

// The suffixes of CUDA's intrinsic names (__fadd_rn, __float2int_rz, ...), for table rows
// and template arguments.
inline constexpr Rounding kRn = Rounding::NearestEven;
inline constexpr Rounding kRz = Rounding::TowardZero;
inline constexpr Rounding kRd = Rounding::Down;
inline constexpr Rounding kRu = Rounding::Up;

}  // namespace loom::isa
