// samples_managed_memory: unified memory with cudaMallocManaged and __managed__ variables.
//   1. The host fills a managed array, a kernel transforms it in place, and after
//      cudaDeviceSynchronize the host reads the result through the same pointer.
//   2. A __managed__ counter, bumped with atomicAdd by the same kernel, is read directly by the
//      host.
//   3. Linked lists built by the host in managed memory (the pointers mean the same thing on both
//      sides) are walked by the device, one thread per list.
// All checks are exact.
//
// Options: -n=<elements> (default 10000), -lists=<count> (default 64), -device=<id>.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "helper_corpus.h"

struct Node {
  int value;
  Node *next;
};

__managed__ unsigned int g_visits = 0;

__global__ void saxpyInPlace(int *data, int a, int b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    data[i] = a * data[i] + b;
    atomicAdd(&g_visits, 1u);
  }
}

// heads[k] starts list k; sums[k] receives the sum of its values, lengths[k] its length.
__global__ void walkLists(Node *const *heads, long long *sums, int *lengths, int lists) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= lists) return;
  long long sum = 0;
  int length = 0;
  for (const Node *node = heads[k]; node != NULL; node = node->next) {
    sum += node->value;
    ++length;
  }
  sums[k] = sum;
  lengths[k] = length;
}

int main(int argc, char **argv) {
  printf("[samples_managed_memory] - Starting...\n");
  int dev = findCudaDevice(argc, argv);

  int managedMemory = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&managedMemory, cudaDevAttrManagedMemory, dev));
  if (!managedMemory) {
    printf("samples_managed_memory: FAIL device %d does not support managed memory\n", dev);
    return EXIT_FAILURE;
  }

  int n = 10000;
  int lists = 64;
  if (checkCmdLineFlag(argc, argv, "n")) n = getCmdLineArgumentInt(argc, argv, "n");
  if (checkCmdLineFlag(argc, argv, "lists")) lists = getCmdLineArgumentInt(argc, argv, "lists");
  if (n <= 0 || lists <= 0) {
    fprintf(stderr, "invalid -n or -lists\n");
    return EXIT_FAILURE;
  }

  bool ok = true;

  // 1. In-place transform of a managed array.
  int *data = NULL;
  checkCudaErrors(cudaMallocManaged(&data, n * sizeof(int)));
  for (int i = 0; i < n; i++) data[i] = i - n / 2;
  g_visits = 0;
  saxpyInPlace<<<8, 128>>>(data, 3, -7, n);
  getLastCudaError("saxpyInPlace launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int expected = 3 * (i - n / 2) - 7;
    if (data[i] != expected) {
      if (bad < 5) fprintf(stderr, "  data[%d] = %d, expected %d\n", i, data[i], expected);
      ++bad;
    }
  }
  if (bad == 0) {
    printf("samples_managed_memory: PASS managed array\n");
  } else {
    printf("samples_managed_memory: FAIL managed array, %d of %d wrong\n", bad, n);
    ok = false;
  }

  // 2. The __managed__ counter, read straight from host code.
  if (g_visits == (unsigned int)n) {
    printf("samples_managed_memory: PASS __managed__ counter\n");
  } else {
    printf("samples_managed_memory: FAIL __managed__ counter = %u, expected %d\n", g_visits, n);
    ok = false;
  }

  // 3. Linked lists: list k holds k % 17 + 1 nodes, nodes interleaved across lists in memory.
  int totalNodes = 0;
  for (int k = 0; k < lists; k++) totalNodes += k % 17 + 1;
  Node *pool = NULL;
  Node **heads = NULL;
  long long *sums = NULL;
  int *lengths = NULL;
  checkCudaErrors(cudaMallocManaged(&pool, totalNodes * sizeof(Node)));
  checkCudaErrors(cudaMallocManaged(&heads, lists * sizeof(Node *)));
  checkCudaErrors(cudaMallocManaged(&sums, lists * sizeof(long long)));
  checkCudaErrors(cudaMallocManaged(&lengths, lists * sizeof(int)));

  long long *goldSums = (long long *)malloc(lists * sizeof(long long));
  Node **tails = (Node **)malloc(lists * sizeof(Node *));
  for (int k = 0; k < lists; k++) {
    heads[k] = NULL;
    tails[k] = NULL;
    goldSums[k] = 0;
  }
  // Hand out nodes round-robin so that consecutive pool entries belong to different lists.
  int used = 0;
  for (int round = 0; used < totalNodes; round++) {
    for (int k = 0; k < lists; k++) {
      if (round >= k % 17 + 1) continue;
      Node *node = &pool[used++];
      node->value = (k * 131 + round * 7) % 1000 - 300;
      node->next = NULL;
      if (tails[k])
        tails[k]->next = node;
      else
        heads[k] = node;
      tails[k] = node;
      goldSums[k] += node->value;
    }
  }

  walkLists<<<(lists + 31) / 32, 32>>>(heads, sums, lengths, lists);
  getLastCudaError("walkLists launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  bad = 0;
  for (int k = 0; k < lists; k++) {
    if (sums[k] != goldSums[k] || lengths[k] != k % 17 + 1) {
      if (bad < 5)
        fprintf(stderr, "  list %d: sum %lld length %d, expected %lld and %d\n", k, sums[k],
                lengths[k], goldSums[k], k % 17 + 1);
      ++bad;
    }
  }
  if (bad == 0) {
    printf("samples_managed_memory: PASS linked lists\n");
  } else {
    printf("samples_managed_memory: FAIL linked lists, %d of %d wrong\n", bad, lists);
    ok = false;
  }

  free(goldSums);
  free(tails);
  checkCudaErrors(cudaFree(data));
  checkCudaErrors(cudaFree(pool));
  checkCudaErrors(cudaFree(heads));
  checkCudaErrors(cudaFree(sums));
  checkCudaErrors(cudaFree(lengths));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
