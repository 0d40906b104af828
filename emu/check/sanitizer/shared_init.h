// initcheck for shared memory, one block at a time per worker: which bytes of the block's
// static __shared__ variables (the executable's thread-local block, mem/address_space.h) and of
// its dynamic shared memory the block has written. Shared memory is not cleared between blocks
// (on the device as under Loom), so a read of a byte this block did not write reads what an
// earlier block left, or garbage. compute-sanitizer's initcheck does not check shared memory
// (the device record of tests/sanitizer/init_shared.cu is silent): this is a finding beyond it.
#pragma once

#include <cstdint>
#include <vector>

#include "check/sanitizer/init_bits.h"
#include "mem/address_space.h"

namespace loom::check::sanitizer {

class SharedInitShadow {
public:
  // A new block: nothing of its shared memory is written yet.
  void beginBlock(mem::AddressRange statics, std::uintptr_t dynamicBegin, std::size_t dynamicBytes);

  enum class Access { NotShared, Written, Unwritten };
  // One access of the running block: a store marks its bytes; a load says whether all of them
  // were written. Accesses not wholly inside the block's shared memory are NotShared.
  Access access(std::uintptr_t address, unsigned size, bool write);
  // The address compute-sanitizer would print: an offset in the block's window, from 0x400.
  std::uintptr_t windowAddress(std::uintptr_t address) const;

private:
  mem::AddressRange statics_, dynamic_;
  std::vector<std::uint64_t> staticWords_, dynamicWords_;
  InitBits staticBits_, dynamicBits_;
};

}  // namespace loom::check::sanitizer
