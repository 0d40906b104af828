// Host code calls a __device__ function: nvcc refuses it.
__device__ int deviceTwice(int x) { return 2 * x; }
int main() { return deviceTwice(1); }
