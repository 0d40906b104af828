// The one store NVVM makes of an if/else whose two branches end by storing to the same element
// (tools/loom-cc/diamond_stores.h): each branch keeps its value here, and one store after the
// branches' region writes it, so lockstep warps make it one request for the lanes of both, as the
// device's single STG after the BSYNC (tests.cuda.reconvergence's ifElseInLoop). loom-cc writes
//   if (c) loom_sunk_1.put([&](auto& s) {
//            if constexpr (::loom::device::kSunk<decltype(s)>) s.held = x; else a[i] = x; });
//   ... loom_sunk_1.sink([&](auto& s) { if constexpr (::loom::device::kSunk<decltype(s)>) a[i] = s.held; });
// so the store is always written as the user wrote it (a bit-field, a proxy's operator= and a
// class's assignment work as before), and the held value is used only where the element is a
// scalar that is not volatile, the stores LLVM sinks. Otherwise each branch stores as written.
#pragma once

#include <type_traits>

namespace loom::device {

// Target is decltype((element)): a reference for an lvalue, a class type for a proxy.
template <class Target>
struct SunkStore {
  static constexpr bool kSunk = false;
  char held = 0;
  template <class F>
  [[gnu::always_inline]] constexpr void put(F&& f) { f(*this); }
  template <class F>
  [[gnu::always_inline]] constexpr void sink(F&& f) { f(*this); }
};

template <class T>
struct SunkStore<T&> {
  static constexpr bool kSunk = std::is_scalar<T>::value && !std::is_volatile<T>::value;
  std::conditional_t<kSunk, std::remove_const_t<T>, char> held{};
  template <class F>
  [[gnu::always_inline]] constexpr void put(F&& f) { f(*this); }
  template <class F>
  [[gnu::always_inline]] constexpr void sink(F&& f) { f(*this); }
};

template <class Store>
inline constexpr bool kSunk = std::remove_reference_t<Store>::kSunk;

}  // namespace loom::device
