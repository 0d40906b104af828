// A kernel calls a host function: nvcc refuses it.
int hostTwice(int x) { return 2 * x; }
__global__ void twice(int* out) { out[0] = hostTwice(out[0]); }
int main() { return 0; }
