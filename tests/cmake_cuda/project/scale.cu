// Device code of a static library, called from another file's kernel (-rdc).
__device__ int scaleFactor = 3;

__device__ int scale(int x) { return x * scaleFactor; }
