#include "report/fault.h"

#include <cstdio>
#include <sstream>

#include "driver_types.h"
#include "report/symbolize.h"

namespace loom::report {

int cudaErrorFor(FaultKind kind) {
  switch (kind) {
    case FaultKind::IllegalAddress: return cudaErrorIllegalAddress;
    case FaultKind::MisalignedAddress: return cudaErrorMisalignedAddress;
    case FaultKind::AssertFailed: return cudaErrorAssert;
    // The device has no stack-overflow error of its own: an overflowing thread writes past its
    // local memory window and the launch fails with an illegal address.
    case FaultKind::StackOverflow: return cudaErrorIllegalAddress;
    case FaultKind::Trap: return cudaErrorLaunchFailure;
    case FaultKind::DivideByZero: return cudaErrorLaunchFailure;
    case FaultKind::Exception: return cudaErrorLaunchFailure;
    case FaultKind::Deadlock: return cudaErrorLaunchFailure;
    case FaultKind::WarpMisuse: return cudaErrorLaunchFailure;
    // What a kernel killed by the device's watchdog returns (display GPUs; the H100 has none).
    case FaultKind::Timeout: return cudaErrorLaunchTimeout;
    // What the device answers for an instruction it cannot execute.
    case FaultKind::Unsupported: return cudaErrorIllegalInstruction;
    // What the device answers for a launch it cannot give resources to.
    case FaultKind::OutOfResources: return cudaErrorLaunchOutOfResources;
  }
  return cudaErrorLaunchFailure;
}

namespace {
const char* kindText(FaultKind kind) {
  switch (kind) {
    case FaultKind::IllegalAddress: return "illegal memory access";
    case FaultKind::StackOverflow: return "stack overflow";
    case FaultKind::MisalignedAddress: return "misaligned address";
    case FaultKind::AssertFailed: return "device-side assertion failed";
    case FaultKind::Trap: return "__trap() called";
    case FaultKind::DivideByZero: return "integer division by zero";
    case FaultKind::Exception: return "C++ exception escaped the kernel";
    case FaultKind::Deadlock: return "deadlock";
    case FaultKind::WarpMisuse: return "invalid warp collective";
    case FaultKind::Timeout: return "launch timed out";
    case FaultKind::Unsupported: return "not supported by Loom";
    case FaultKind::OutOfResources: return "out of resources";
  }
  return "fault";
}
}  // namespace

std::string indexText(uint3 i) {
  return "(" + std::to_string(i.x) + "," + std::to_string(i.y) + "," + std::to_string(i.z) + ")";
}

std::string describe(const Fault& fault, const std::string& kernelName) {
  std::ostringstream out;
  out << "loom: error: kernel " << kernelName << " failed: " << kindText(fault.kind);
  if (fault.kind == FaultKind::IllegalAddress || fault.kind == FaultKind::MisalignedAddress) {
    out << " at address 0x" << std::hex << fault.address << std::dec;
    if (fault.address < 4096) out << " (null pointer)";
  }
  if (!fault.detail.empty()) out << ": " << fault.detail;
  out << "\n  in block (" << fault.block.x << "," << fault.block.y << "," << fault.block.z
      << ") thread (" << fault.thread.x << "," << fault.thread.y << "," << fault.thread.z << ")";
  std::string where = fault.sourceLocation;
  if (where.empty() && fault.pc) {
    where = sourceLine(fault.pc);
    for (std::size_t i = 0; i < fault.callers.size() && !isUserSource(where); ++i) {
      std::string up = sourceLine(static_cast<const char*>(fault.callers[i]) - 1);
      if (isUserSource(up)) where = up;
    }
  }
  const char* unknown = fault.kind == FaultKind::Exception
                            ? "<unknown source line: an exception does not record where it was thrown>"
                            : "<unknown source line: build with loom-cc>";
  out << "\n  at " << (where.empty() ? unknown : where) << "\n";
  return out.str();
}

}  // namespace loom::report
