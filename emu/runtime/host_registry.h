// Host memory registered with cudaHostRegister: device-accessible, like pinned memory.
#pragma once

#include <cstddef>

namespace loom::runtime {

bool registerHost(void* p, std::size_t size, unsigned flags);  // false if it overlaps a registration
bool unregisterHost(void* p);
bool isRegisteredHost(const void* p);

}  // namespace loom::runtime
