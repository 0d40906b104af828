// Loops nvcc unrolls by four. loom-cc marks an innermost `for` loop of the user's code whose
// trip count NVVM can compute (tools/loom-cc/counted_loops.h) in two places:
//   for (int j = a; j < ::loom::device::countedBound(b); ++j) {
//     <region mark> ::loom::device::countedIteration<descriptor>(j); ... }
// In lockstep mode the engine then numbers each iteration as the device's unrolled code meets
// it (sched/counted_loops.cpp); otherwise each mark is a compare and a branch not taken, as a
// region's (reconverge.h). countedBound returns its argument unchanged, as the same value
// category, so the condition means what it meant.
#pragma once

#include <cstdint>
#include <type_traits>

#include "loom/device/reconverge.h"

namespace loom::device {

template <class T>
inline constexpr bool kCountable = std::is_integral<T>::value || std::is_enum<T>::value;
template <class T>
using CountableBase = std::remove_cv_t<std::remove_reference_t<T>>;

// Not constexpr (an asm is C++20 there), as reconverge.h's marks.
[[gnu::always_inline]] inline void countedBoundMark(std::int64_t value) {
  asm volatile("cmpb $0, %[marks]\n\tjne 2f\n1:\n\t.subsection 1\n2:\tpushq %%rdi\n\tmovq %[value], %%rdi\n\t"
               "call loom_counted_bound\n\tpopq %%rdi\n\tjmp 1b\n\t.subsection 0"
               :
               : [marks] "m"(loom_region_marks), [value] "r"(value)
               : "cc");
}

template <unsigned Descriptor>
[[gnu::always_inline]] inline void countedIterationMark(std::int64_t value) {
  asm volatile("cmpb $0, %[marks]\n\tjne 2f\n1:\n\t.subsection 1\n2:\tpushq %%rdi\n\tpushq %%rsi\n\t"
               "movq %[value], %%rsi\n\tmovl %[descriptor], %%edi\n\tcall loom_counted_iteration\n\t"
               "popq %%rsi\n\tpopq %%rdi\n\tjmp 1b\n\t.subsection 0"
               :
               : [marks] "m"(loom_region_marks), [value] "r"(value), [descriptor] "i"(Descriptor)
               : "cc");
}

// A bound of integer type is taken by value (a bit-field cannot be bound to a reference),
// anything else passed through untouched.
template <class T, std::enable_if_t<kCountable<T>, int> = 0>
[[gnu::always_inline]] constexpr T countedBound(T bound) {
  if (!__builtin_is_constant_evaluated()) countedBoundMark(static_cast<std::int64_t>(bound));
  return bound;
}
template <class T, std::enable_if_t<!kCountable<CountableBase<T>>, int> = 0>
[[gnu::always_inline]] constexpr T&& countedBound(T&& bound) {
  return static_cast<T&&>(bound);
}

template <unsigned Descriptor, class T>
[[gnu::always_inline]] constexpr void countedIteration(const T& iv) {
  if constexpr (kCountable<T>) {
    if (!__builtin_is_constant_evaluated()) countedIterationMark<Descriptor>(static_cast<std::int64_t>(iv));
  }
}

}  // namespace loom::device
