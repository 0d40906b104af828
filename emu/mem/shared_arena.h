// Dynamic shared memory (`extern __shared__`) for the blocks one worker runs.
//
// Static __shared__ variables are thread_local (one copy per worker = per running block). The
// dynamic part is one mapping per worker, sized for the device maximum and followed by a
// PROT_NONE guard (kGuard). Its base never moves: loom-cc turns `extern __shared__ T x[];` into a
// thread_local pointer initialised once per worker, so every launch must find the region at the
// same place. (Overruns inside the capacity are memcheck's business, by address range.) Like
// the device, the contents are not cleared between blocks.
#pragma once

#include <cstddef>

namespace loom::mem {

class SharedArena {
public:
  // sm_90's per-block maximum with opt-in (cudaDevAttrMaxSharedMemoryPerBlockOptin).
  static constexpr std::size_t kCapacity = 232448;
  // PROT_NONE after the capacity (address space only): an overrun up to 1 MiB faults, as the
  // device's does, instead of landing in another worker's arena.
  static constexpr std::size_t kGuard = std::size_t{1} << 20;

  SharedArena();
  ~SharedArena();
  SharedArena(const SharedArena&) = delete;
  SharedArena& operator=(const SharedArena&) = delete;

  // Base of every block's dynamic shared memory on this worker (aligned to 128).
  void* base() const { return base_; }
  bool contains(const void* p) const;

private:
  char* base_ = nullptr;   // start of the usable capacity
  std::size_t mapped_ = 0;
};

}  // namespace loom::mem
