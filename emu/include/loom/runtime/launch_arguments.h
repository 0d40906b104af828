// What a launch `kernel<<<...>>>(args)` does with its arguments before it knows the kernel.
//
// loom-cc turns the launch into `kernel ->* ::loom::launchConfig(...)(args)` (launch.h): the
// arguments are bound first, as values (so a bit-field or a packed member passes, as in a call),
// and operator->* then receives the kernel. When `kernel` names one function, its parameter types
// are deduced from it and each argument is converted as a call converts it. When it names an
// overload set or a template whose arguments the call must deduce (`fill<<<g, b>>>(d, 7)` for
// `template <class T> __global__ void fill(T*, T)`, a kernel taking a lambda), C++ can only pick
// the function by a target type: the operators below offer `void (*)(A...)` with the arguments'
// own types, then the same with const added to the pointees of pointer arguments (a kernel's
// `const T* in`), each combination for the first four pointer arguments and then all of them.
// BoundLaunch derives from a chain of LaunchRank bases, one per target, so that a nearer base
// (fewer consts) is the better conversion when two targets both name a function.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cuda_runtime_api.h"

namespace loom {

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  size_t sharedBytes;
  cudaStream_t stream;
};

// Rank 0: the arguments' own types; 1 to 15: const pointees by mask over the first four pointer
// arguments; 16: every pointer argument's pointee const.
inline constexpr unsigned kAllConstPointees = 16;

template <unsigned Rank, class... A>
struct LaunchRank : LaunchRank<Rank + 1, A...> {
  using LaunchRank<Rank + 1, A...>::LaunchRank;
};
template <class... A>
struct LaunchRank<kAllConstPointees + 1, A...> {
  LaunchRank(LaunchConfig c, A... a) : config(c), arguments(std::move(a)...) {}
  LaunchConfig config;
  std::tuple<A...> arguments;  // by value: lives until the launch has bound its own copy
};
template <class... A>
struct BoundLaunch : LaunchRank<0, A...> {
  using LaunchRank<0, A...>::LaunchRank;
};

struct LaunchConfigBinder {
  LaunchConfig config;
  template <class... A>
  BoundLaunch<A...> operator()(A... arguments) const {
    return BoundLaunch<A...>(config, std::move(arguments)...);
  }
};

inline LaunchConfigBinder launchConfig(dim3 grid, dim3 block, size_t sharedBytes = 0,
                                       cudaStream_t stream = 0) {
  return LaunchConfigBinder{LaunchConfig{grid, block, sharedBytes, stream}};
}

namespace launch_detail {

template <class T>
struct ConstPointee {
  using type = T;
};
template <class T>
struct ConstPointee<T*> {
  using type = const T*;
};

// void (*)(A...) with const added to the pointees that `Mask` selects.
template <unsigned Mask, class... A>
struct ConstPointees {
  static constexpr bool kPointer[] = {std::is_pointer_v<A>..., false};
  static constexpr bool selected(std::size_t i) {
    unsigned ordinal = 0;  // pointer arguments before i
    for (std::size_t j = 0; j < i; ++j) ordinal += kPointer[j] ? 1u : 0u;
    if (!kPointer[i]) return false;
    return Mask == kAllConstPointees || (ordinal < 4 && ((Mask >> ordinal) & 1u) != 0);
  }
  template <std::size_t... I>
  static auto pointer(std::index_sequence<I...>)
      -> void (*)(std::conditional_t<selected(I), typename ConstPointee<A>::type, A>...);
  using type = decltype(pointer(std::index_sequence_for<A...>{}));
};

// Whether argument I (type A) converts to parameter type P as in a call. An integer passed for
// a pointer (`NULL`, `0`: null pointer constants in the call, plain integers once bound) is
// accepted and converted by value.
template <std::size_t I, class P, class A>
constexpr bool argumentConverts() {
  using Param = std::decay_t<P>;
  constexpr bool ok = std::is_convertible_v<A, Param> || (std::is_pointer_v<Param> && std::is_integral_v<A>);
  static_assert(ok,
                "kernel launch: an argument does not convert to its parameter's type (I is the "
                "argument's index from 0, A its type, P the parameter's)");
  return ok;
}

template <class P, class A>
std::decay_t<P> convertArgument(A&& a) {
  using Param = std::decay_t<P>;
  if constexpr (std::is_pointer_v<Param> && std::is_integral_v<std::remove_reference_t<A>>) {
    return reinterpret_cast<Param>(static_cast<std::uintptr_t>(a));
  } else {
    Param p = std::forward<A>(a);
    return p;
  }
}

}  // namespace launch_detail

}  // namespace loom
