// Host code takes the address of a __shared__ variable: nvcc refuses it.
__shared__ int tile[32];
__global__ void fill() { tile[threadIdx.x] = 1; }
int main() {
  int* p = &tile[0];
  return p != nullptr ? 0 : 1;
}
