// A kernel parameter shadows a host function's name: nvcc accepts the call of the parameter.
int twice(int x) { return 2 * x; }
struct Twice { __device__ int operator()(int x) const { return 2 * x; } };
__global__ void run(int* out, Twice twice) { out[0] = twice(out[0]); }
int main() { return 0; }
