// A kernel calls a host function template: nvcc refuses it.
template <typename T> T hostSquare(T x) { return x * x; }
__global__ void square(float* out) { out[0] = hostSquare(out[0]); }
int main() { return 0; }
