// cudaCreateChannelDesc<T>(): the channel descriptor of a texel type, and the half variants
// (CUDA's channel_descriptor.h, answers as recorded on an H100 in validate/results/h100-sm90/
// texture.api). Written for Loom; valid C++17.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __CHANNEL_DESCRIPTOR_H__

#include "cuda_runtime_api.h"

namespace loom::channel {
template <class T> struct Of;  // no descriptor for other types: a compile error, as with nvcc
template <class C, int N, cudaChannelFormatKind K> struct Desc {
  static cudaChannelFormatDesc get() {
    int b = (int)sizeof(C) * 8;
    return cudaCreateChannelDesc(b, N > 1 ? b : 0, N > 2 ? b : 0, N > 3 ? b : 0, K);
  }
};
#define LOOM_CHANNEL(C, V, K)                                             \
  template <> struct Of<C> : Desc<C, 1, K> {};                            \
  template <> struct Of<V##1> : Desc<C, 1, K> {};                         \
  template <> struct Of<V##2> : Desc<C, 2, K> {};                         \
  template <> struct Of<V##4> : Desc<C, 4, K> {};
LOOM_CHANNEL(signed char, char, cudaChannelFormatKindSigned)
LOOM_CHANNEL(unsigned char, uchar, cudaChannelFormatKindUnsigned)
LOOM_CHANNEL(short, short, cudaChannelFormatKindSigned)
LOOM_CHANNEL(unsigned short, ushort, cudaChannelFormatKindUnsigned)
LOOM_CHANNEL(int, int, cudaChannelFormatKindSigned)
LOOM_CHANNEL(unsigned int, uint, cudaChannelFormatKindUnsigned)
LOOM_CHANNEL(float, float, cudaChannelFormatKindFloat)
#undef LOOM_CHANNEL
// Plain char follows the host's signedness (signed on x86-64 Linux, as recorded).
template <> struct Of<char> : Desc<char, 1, (char)-1 < 0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned> {};
template <> struct Of<long> : Desc<int, 1, cudaChannelFormatKindSigned> {};
template <> struct Of<unsigned long> : Desc<unsigned, 1, cudaChannelFormatKindUnsigned> {};
}  // namespace loom::channel

template <class T> inline cudaChannelFormatDesc cudaCreateChannelDesc() { return loom::channel::Of<T>::get(); }

inline cudaChannelFormatDesc cudaCreateChannelDescHalf() {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf1() { return cudaCreateChannelDescHalf(); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf2() {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf4() {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
