// Host code reads a __shared__ variable.
__shared__ int counter;
__global__ void bump() { counter += 1; }
int main() { return counter; }
