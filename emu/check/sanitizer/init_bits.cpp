#include "check/sanitizer/init_bits.h"

#include <atomic>

namespace loom::check::sanitizer {

namespace {
// Bits [from, to) of one word, 0 <= from < to <= 64.
std::uint64_t span(std::size_t from, std::size_t to) {
  std::uint64_t high = to == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << to) - 1;
  return high & ~((std::uint64_t{1} << from) - 1);
}

// Calls f(wordIndex, mask) for each shadow word the bit range [first, first + n) touches.
template <class F>
void forWords(std::size_t first, std::size_t n, F&& f) {
  std::size_t end = first + n;
  while (first < end) {
    std::size_t word = first / 64, from = first % 64;
    std::size_t to = end - word * 64 < 64 ? end - word * 64 : 64;
    if (!f(word, span(from, to))) return;
    first = word * 64 + to;
  }
}
}  // namespace

bool InitBits::bit(std::size_t index) const {
  return (std::atomic_ref(words_[index / 64]).load(std::memory_order_relaxed) >> (index % 64)) & 1;
}

void InitBits::mark(std::uintptr_t address, std::size_t n) {
  forWords(address - begin_, n, [&](std::size_t word, std::uint64_t mask) {
    std::atomic_ref w(words_[word]);
    // Most stores rewrite bytes already written: a load spares the locked instruction.
    if ((w.load(std::memory_order_relaxed) & mask) != mask) w.fetch_or(mask, std::memory_order_relaxed);
    return true;
  });
}

std::optional<std::uintptr_t> InitBits::firstUninitialised(std::uintptr_t address, std::size_t n) const {
  std::optional<std::uintptr_t> found;
  forWords(address - begin_, n, [&](std::size_t word, std::uint64_t mask) {
    std::uint64_t missing = ~std::atomic_ref(words_[word]).load(std::memory_order_relaxed) & mask;
    if (missing == 0) return true;
    found = begin_ + word * 64 + static_cast<std::size_t>(__builtin_ctzll(missing));
    return false;
  });
  return found;
}

void InitBits::clear(std::uintptr_t address, std::size_t n) {
  forWords(address - begin_, n, [&](std::size_t word, std::uint64_t mask) {
    std::atomic_ref(words_[word]).fetch_and(~mask, std::memory_order_relaxed);
    return true;
  });
}

void InitBits::copy(std::uintptr_t dst, std::uintptr_t src, std::size_t n) {
  // The usual case, all written, is one scan and one mark.
  if (initialised(src, n)) return mark(dst, n);
  // Overlapping ranges (memmove): walk away from the bytes still to be read.
  std::size_t from = src - begin_;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t i = dst > src ? n - 1 - k : k;
    if (bit(from + i)) mark(dst + i, 1);
    else clear(dst + i, 1);
  }
}

}  // namespace loom::check::sanitizer
