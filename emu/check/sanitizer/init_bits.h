// initcheck's shadow: one bit per byte of a memory range, set once the byte has been written
// (by a host copy or memset, or a store of kernel code). A view over storage its owner provides
// (the global shadow maps it, a block's shared shadow is a vector), so the same bookkeeping serves
// both. Marking is atomic: the blocks of a launch run on several workers, and two of them may
// write bytes that share a shadow word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace loom::check::sanitizer {

class InitBits {
public:
  InitBits() = default;
  // words must hold ceil(size / 64) words, zero (nothing written) or as the owner keeps them.
  InitBits(std::uintptr_t begin, std::size_t size, std::uint64_t* words)
      : begin_(begin), size_(size), words_(words) {}

  bool covers(std::uintptr_t address) const { return address - begin_ < size_; }
  // The bytes [address, address + n) have been written. All of them must be covered.
  void mark(std::uintptr_t address, std::size_t n);
  // Whether every byte of [address, address + n) has been written.
  bool initialised(std::uintptr_t address, std::size_t n) const {
    return !firstUninitialised(address, n).has_value();
  }
  // The first byte of [address, address + n) never written, if there is one.
  std::optional<std::uintptr_t> firstUninitialised(std::uintptr_t address, std::size_t n) const;
  // Forgets that [address, address + n) was written.
  void clear(std::uintptr_t address, std::size_t n);
  // The written state of n bytes at src becomes that of n bytes at dst (a device-to-device copy
  // moves the bytes and what is known of them). Both ranges must be covered.
  void copy(std::uintptr_t dst, std::uintptr_t src, std::size_t n);

private:
  bool bit(std::size_t index) const;
  std::uintptr_t begin_ = 0;
  std::size_t size_ = 0;
  std::uint64_t* words_ = nullptr;
};

}  // namespace loom::check::sanitizer
