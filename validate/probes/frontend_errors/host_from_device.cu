// A __device__ function calls a host function: nvcc refuses it.
int hostTwice(int x) { return 2 * x; }
__device__ int deviceTwice(int x) { return hostTwice(x); }
__global__ void twice(int* out) { out[0] = deviceTwice(out[0]); }
int main() { return 0; }
