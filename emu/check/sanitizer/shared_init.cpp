#include "check/sanitizer/shared_init.h"

#include <algorithm>

#include "check/sanitizer/findings.h"

namespace loom::check::sanitizer {

namespace {

void reset(std::vector<std::uint64_t>& words, std::size_t bytes) {
  words.resize((bytes + 63) / 64);
  std::fill(words.begin(), words.end(), 0);
}
}  // namespace

void SharedInitShadow::beginBlock(mem::AddressRange statics, std::uintptr_t dynamicBegin, std::size_t dynamicBytes) {
  statics_ = statics;
  dynamic_ = {dynamicBegin, dynamicBegin + dynamicBytes};
  reset(staticWords_, statics.end - statics.begin);
  reset(dynamicWords_, dynamicBytes);
  staticBits_ = InitBits(statics.begin, statics.end - statics.begin, staticWords_.data());
  dynamicBits_ = InitBits(dynamicBegin, dynamicBytes, dynamicWords_.data());
}

SharedInitShadow::Access SharedInitShadow::access(std::uintptr_t address, unsigned size, bool write) {
  InitBits* bits = nullptr;
  if (address >= statics_.begin && address + size <= statics_.end) {
    // The pointer of a namespace-scope extern __shared__ lives there too; the engine, not the
    // kernel, writes it at each block's start (mem::bindExternShared).
    if (size == 8 && mem::isExternSharedSlot(address)) return Access::NotShared;
    bits = &staticBits_;
  } else if (address >= dynamic_.begin && address + size <= dynamic_.end) {
    bits = &dynamicBits_;
  } else {
    return Access::NotShared;
  }
  if (write) {
    bits->mark(address, size);
    return Access::Written;
  }
  return bits->initialised(address, size) ? Access::Written : Access::Unwritten;
}

std::uintptr_t SharedInitShadow::windowAddress(std::uintptr_t address) const {
  if (address >= statics_.begin && address < statics_.end) return address - statics_.begin + kSharedWindowBase;
  return address - dynamic_.begin + kSharedWindowBase;
}

}  // namespace loom::check::sanitizer
