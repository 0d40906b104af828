// A kernel that returns a value: nvcc refuses it.
__global__ int value() { return 1; }
int main() { return 0; }
