// The operators cg::reduce and the scans take: cg::plus (sum), cg::less (minimum),
// cg::greater (maximum), cg::bit_and, cg::bit_or, cg::bit_xor. Any callable op(a, b) works too.
#pragma once

namespace cooperative_groups {

template <class T>
struct plus {
  constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  constexpr T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  constexpr T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  constexpr T operator()(const T& a, const T& b) const { return a ^ b; }
};

}  // namespace cooperative_groups
