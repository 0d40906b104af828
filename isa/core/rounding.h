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

}  // namespace loom::isa
