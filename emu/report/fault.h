// A kernel fault: what went wrong, where in the grid, and where in the source.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vector_types.h"

namespace loom::report {

enum class FaultKind {
  IllegalAddress,    // a load or store the device would fault on (null, unmapped, freed)
  StackOverflow,     // a CUDA thread ran off its fiber stack (guard page)
  MisalignedAddress,
  AssertFailed,      // device-side assert()
  Trap,              // __trap()
  DivideByZero,      // integer division by zero: the GPU returns garbage, a CPU traps
  Exception,         // a C++ exception escaped the kernel
  Deadlock,          // threads wait at a barrier or warp collective that can never complete
  WarpMisuse,        // a warp collective called against CUDA's rules (mask, width)
  Timeout,           // the launch made no progress for the watchdog's time (sched/watchdog.h)
  Unsupported,       // device code Loom cannot run (an inline PTX instruction it does not translate)
  OutOfResources,    // the process could not map the launch's fiber stacks
};

struct Fault {
  FaultKind kind = FaultKind::IllegalAddress;
  uint3 block{0, 0, 0};
  uint3 thread{0, 0, 0};
  std::uintptr_t address = 0;   // faulting data address, where one exists
  const void* pc = nullptr;     // faulting instruction, symbolized when reported
  std::string detail;           // kind-specific text (assert expression, exception what())
  std::string sourceLocation;   // "file:line" when known without symbolizing (assert)
  int access = -1;              // memory faults: 0 read, 1 write, -1 unknown
  unsigned size = 0;            // memory faults: access size in bytes, 0 unknown
  // Return addresses of the frames above pc, innermost first (faults caught by a signal): a
  // fault inside a library function the kernel called (an atomic, printf's %s) is reported at
  // the kernel's line that called it.
  std::vector<const void*> callers;
};

// The CUDA error a fault of this kind makes the launch (and the context) return.
int cudaErrorFor(FaultKind kind);

// "(x,y,z)": a block or thread index as every report writes it.
std::string indexText(uint3 index);

// One human-readable report for stderr, naming kernel, block, thread and source line.
std::string describe(const Fault& fault, const std::string& kernelName);

}  // namespace loom::report
