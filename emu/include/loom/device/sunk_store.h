// The one store NVVM makes of an if/else whose two branches end by storing to the same element
// (tools/loom-cc/diamond_stores.h): each branch puts its value here, and one store after the
// branches' region writes it, so lockstep warps make it one request for the lanes of both, as the
// device's single STG after the BSYNC (tests.cuda.reconvergence's ifElseInLoop). A volatile or
// class-type element is stored in its branch as written (LLVM sinks only simple stores; a class's
// assignment may do anything).
#pragma once

#include <type_traits>

namespace loom::device {

template <class Reference>
struct SunkStore;

template <class T>
struct SunkStore<T&> {
  static constexpr bool kSunk = std::is_scalar<T>::value && !std::is_volatile<T>::value;
  std::conditional_t<kSunk, std::remove_const_t<T>, char> value{};

  template <class V>
  [[gnu::always_inline]] constexpr void put(T& target, V&& v) {
    if constexpr (kSunk) value = static_cast<V&&>(v);
    else target = static_cast<V&&>(v);
  }
  [[gnu::always_inline]] constexpr void sink(T& target) {
    if constexpr (kSunk) target = value;
  }
};

}  // namespace loom::device
