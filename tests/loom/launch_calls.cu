// Launches are calls of their kernel (loom/runtime/launch_scope.h): what nvcc refuses to
// compile or leaves unspecified, as Loom answers it. Checked against C++'s call semantics.
#include <cstdio>

__global__ void store(int* out, int value) { out[threadIdx.x] = value; }
__global__ void twice(int* out) { out[threadIdx.x] *= 2; }

int host(int* p) { return p != nullptr; }

struct Tagged {
  int value;
  friend __global__ void friendKernel(int* out, Tagged t) { out[threadIdx.x] = t.value; }
};

static int fetch(const int* d) {  // the last thread's value
  int h = 0;
  cudaMemcpy(&h, d + 31, sizeof h, cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // in order with Loom's report on stderr
  int* d;
  cudaMalloc(&d, 32 * sizeof(int));

  // A launch inside another launch's arguments runs first, as the arguments are evaluated before
  // the call; each keeps its own configuration (the inner one's single thread stores 5 at 0).
  store<<<1, 32>>>(d, (store<<<1, 1>>>(d, 5), 7));
  cudaDeviceSynchronize();
  std::printf("nested %d %s\n", fetch(d), cudaGetErrorName(cudaGetLastError()));

  // A synchronization inside the arguments runs kernels on this thread while a launch is pending:
  // they run as CUDA threads, not as launches.
  store<<<1, 32>>>(d, 3);
  twice<<<1, 32>>>(d);
  store<<<1, 32>>>(d, (cudaDeviceSynchronize(), fetch(d) + 1));
  cudaDeviceSynchronize();
  std::printf("synchronized %d %s\n", fetch(d), cudaGetErrorName(cudaGetLastError()));

  // <<<>>> on a host function (nvcc refuses it): called once, reported, the launch fails.
  host<<<1, 1>>>(d);
  std::printf("host %s\n", cudaGetErrorName(cudaGetLastError()));
  store<<<1, 32>>>(d, 9);
  cudaDeviceSynchronize();
  std::printf("after %d %s\n", fetch(d), cudaGetErrorName(cudaGetLastError()));

  // A kernel defined inside its class (a friend, found by its argument's type): refused with a
  // report, its body not run on the host.
  friendKernel<<<1, 32>>>(d, Tagged{4});
  cudaDeviceSynchronize();
  std::printf("friend %d %s\n", fetch(d), cudaGetErrorName(cudaGetLastError()));
  return 0;
}
