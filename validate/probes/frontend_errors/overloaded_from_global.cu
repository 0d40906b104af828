// A host function and a __device__ overload of the same name: the kernel's call takes the device
// one, and nvcc accepts it.
int scale(int x) { return 2 * x; }
__device__ int scale(float x) { return 3 * static_cast<int>(x); }
__global__ void run(int* out) { out[0] = scale(1.0f); }
int main() { return 0; }
