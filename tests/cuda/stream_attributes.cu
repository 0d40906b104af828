// Stream attributes (cudaStreamSetAttribute/GetAttribute/CopyAttributes: the L2 access policy
// window, synchronization policy, priority) and a few runtime queries (cudaFuncGetName,
// cudaOccupancyAvailableDynamicSMemPerBlock, PCI bus ids, stream ids and devices). The values
// are printed, not judged: the H100's record is the answer. Under Loom the attributes are kept
// and read back; an L2 policy has nothing to act on.
#include <cstring>

#include "conformance.h"

__global__ void scale(float* p, float f) { p[threadIdx.x] *= f; }

static void showWindow(const char* when, cudaStream_t s) {
  cudaStreamAttrValue v;
  std::memset(&v, 0x5a, sizeof v);
  cudaError_t e = cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v);
  const cudaAccessPolicyWindow& w = v.accessPolicyWindow;
  std::printf("%s: %s base %s bytes %zu hit %.3f props %d %d\n", when, cudaGetErrorName(e),
              w.base_ptr ? "set" : "null", w.num_bytes, w.hitRatio, int(w.hitProp), int(w.missProp));
  cudaGetLastError();
}

int main() {
  float* d;
  CK(cudaMalloc(&d, 4 << 20));
  int least = 0, greatest = 0;
  CK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s, t;
  CK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest));
  CK(cudaStreamCreate(&t));

  cudaStreamAttrValue v = {};
  CK(cudaStreamGetAttribute(s, cudaStreamAttributePriority, &v));
  std::printf("priority_attribute %d (range %d..%d)\n", v.priority, least, greatest);
  CK(cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &v));
  std::printf("sync_policy_default %d\n", int(v.syncPolicy));
  showWindow("window_default", s);

  cudaStreamAttrValue w = {};
  w.accessPolicyWindow.base_ptr = d;
  w.accessPolicyWindow.num_bytes = 1 << 20;
  w.accessPolicyWindow.hitRatio = 0.6f;
  w.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  w.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  std::printf("set_window %s\n", cudaGetErrorName(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &w)));
  showWindow("window_set", s);
  scale<<<1, 256, 0, s>>>(d, 2.0f);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(s));

  int maxWindow = 0;
  CK(cudaDeviceGetAttribute(&maxWindow, cudaDevAttrMaxAccessPolicyWindowSize, 0));
  cudaStreamAttrValue big = w;
  big.accessPolicyWindow.num_bytes = size_t(maxWindow) + 1;
  std::printf("set_window_too_big %s\n", cudaGetErrorName(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &big)));
  cudaGetLastError();
  cudaStreamAttrValue ratio = w;
  ratio.accessPolicyWindow.hitRatio = 1.5f;
  std::printf("set_window_hit_ratio_1.5 %s\n", cudaGetErrorName(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &ratio)));
  cudaGetLastError();
  showWindow("window_after_refusals", s);

  cudaStreamAttrValue policy = {};
  policy.syncPolicy = cudaSyncPolicyYield;
  CK(cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &policy));
  CK(cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &v));
  std::printf("sync_policy_set %d\n", int(v.syncPolicy));

  CK(cudaStreamCopyAttributes(t, s));
  showWindow("window_copied", t);
  CK(cudaStreamGetAttribute(t, cudaStreamAttributeSynchronizationPolicy, &v));
  std::printf("sync_policy_copied %d\n", int(v.syncPolicy));
  CK(cudaStreamGetAttribute(t, cudaStreamAttributePriority, &v));
  std::printf("priority_copied %d\n", v.priority);
  showWindow("window_default_stream", 0);

  std::printf("reset_persisting_l2 %s\n", cudaGetErrorName(cudaCtxResetPersistingL2Cache()));

  const char* name = nullptr;
  CK(cudaFuncGetName(&name, reinterpret_cast<const void*>(scale)));
  std::printf("func_name %s\n", name);
  std::printf("func_name_of_host_function %s\n",
              cudaGetErrorName(cudaFuncGetName(&name, reinterpret_cast<const void*>(showWindow))));
  cudaGetLastError();
  const int shapes[][2] = {{1, 256}, {2, 256}, {4, 256}, {5, 256}, {7, 256}, {8, 256}, {9, 256}, {16, 64},
                           {24, 64}, {32, 64}, {33, 32}, {1, 1024}, {2, 1024}, {3, 1024}};
  for (const auto& shape : shapes) {
    size_t smem = 0;
    cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&smem, scale, shape[0], shape[1]);
    std::printf("available_dynamic_smem blocks %d threads %d: %s %zu\n", shape[0], shape[1], cudaGetErrorName(e),
                e == cudaSuccess ? smem : 0);
    cudaGetLastError();
  }
  CK(cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000));
  for (int blocks : {1, 2, 3}) {
    size_t smem = 0;
    CK(cudaOccupancyAvailableDynamicSMemPerBlock(&smem, scale, blocks, 128));
    std::printf("available_dynamic_smem opted_in_100000 blocks %d threads 128: %zu\n", blocks, smem);
  }

  char bus[32] = {};
  CK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  int device = -1;
  CK(cudaDeviceGetByPCIBusId(&device, bus));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  char expect[32];
  std::snprintf(expect, sizeof expect, "%04x:%02x:%02x.0", prop.pciDomainID, prop.pciBusID, prop.pciDeviceID);
  check("pci_bus_id_from_properties", std::strcmp(bus, expect) == 0 || strcasecmp(bus, expect) == 0,
        "%s against %s", bus, expect);
  std::printf("pci_bus_id_device %d\n", device);
  std::printf("pci_bus_id_unknown %s\n", cudaGetErrorName(cudaDeviceGetByPCIBusId(&device, "0000:ff:1f.0")));
  cudaGetLastError();

  unsigned long long idS = 0, idT = 0;
  CK(cudaStreamGetId(s, &idS));
  CK(cudaStreamGetId(t, &idT));
  check("stream_ids_differ", idS != idT);
  int streamDevice = -1;
  CK(cudaStreamGetDevice(s, &streamDevice));
  std::printf("stream_device %d\n", streamDevice);

  CK(cudaStreamDestroy(s));
  CK(cudaStreamDestroy(t));
  CK(cudaFree(d));
  return finish("stream_attributes");
}
