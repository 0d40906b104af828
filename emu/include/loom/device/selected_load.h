// The one load NVVM makes of `c ? a[x] : a[y]`: it selects the address and loads once (LLVM's
// SimplifyCFG sinks the two loads into one), so lanes of both sides make one request
// (recorded: tests.cuda.reconvergence's ternaryLoads). loom-cc writes such a conditional as
// `(*(c ? ::loom::device::selectable(a[x]) : ::loom::device::selectable(a[y])))`
// (tools/loom-cc/selected_loads.h): an element's address on each side, one load after. An
// operator[] that returns a value (a proxy) gets it held instead, and means what it meant.
#pragma once

#include <memory>
#include <type_traits>
#include <utility>

namespace loom::device {

template <class T>
struct HeldElement {
  T value;
  constexpr T& operator*() { return value; }
};

template <class T>
[[gnu::always_inline]] constexpr T* selectable(T& element) {
  return std::addressof(element);
}
template <class T, std::enable_if_t<!std::is_lvalue_reference<T>::value, int> = 0>
[[gnu::always_inline]] constexpr HeldElement<T> selectable(T&& element) {
  return HeldElement<T>{std::move(element)};
}

}  // namespace loom::device
