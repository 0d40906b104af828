// Host code names a __shared__ array, which decays to a pointer.
__shared__ float tile[32];
__global__ void fill() { tile[threadIdx.x] = 1.0f; }
int main() {
  float* p = tile;
  return p != nullptr ? 0 : 1;
}
