// A __host__ __device__ function calls a host function: nvcc warns only (the call is an error
// only where the device form is used).
int hostTwice(int x) { return 2 * x; }
__host__ __device__ int both(int x) { return hostTwice(x); }
int main() { return both(1) == 2 ? 0 : 1; }
