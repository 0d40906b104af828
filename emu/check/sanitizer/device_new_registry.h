// memcheck: the blocks device code got from operator new (device/device_new_interpose.cpp), which
// may lie in the host's brk heap; the host-pointer check (host_memory.h) must not report them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace loom::check::sanitizer {

void recordDeviceNew(std::uintptr_t block, std::size_t bytes);
void forgetDeviceNew(const void* p);  // any pointer: one never recorded is ignored
// Whether address lies in a live block device code got from operator new.
bool inDeviceNew(std::uintptr_t address);

}  // namespace loom::check::sanitizer
