// style_host_device: __host__ __device__ functions and a small math struct with
// __host__ __device__ members, shared between the CPU reference and the kernels, plus
// #ifdef __CUDA_ARCH__ branches that take a different path on each side.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CK(x)                                                                           \
  do {                                                                                  \
    cudaError_t rc_ = (x);                                                              \
    if (rc_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                    \
                   cudaGetErrorString(rc_));                                            \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

#define HD __host__ __device__

struct Vec3 {
  float x, y, z;
  HD Vec3() : x(0), y(0), z(0) {}
  HD Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
  HD Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  HD Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  HD Vec3 operator*(float s) const { return Vec3(x * s, y * s, z * s); }
  HD float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  HD Vec3 cross(const Vec3& o) const {
    return Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
  }
  HD bool operator==(const Vec3& o) const { return x == o.x && y == o.y && z == o.z; }
};

// A hash used by both sides (integer arithmetic only, so both sides agree bit for bit).
HD inline uint32_t mix32(uint32_t v) {
  v ^= v >> 16;
  v *= 0x7feb352dU;
  v ^= v >> 15;
  v *= 0x846ca68bU;
  v ^= v >> 16;
  return v;
}

HD inline int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Which side compiled this call: 1 on the host, 900+ on the device.
HD inline int compiled_for() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return 1;
#endif
}

// A function whose two paths compute the same thing differently: the device path uses
// the __popc intrinsic, the host path a loop.
HD inline int popcount32(uint32_t v) {
#if defined(__CUDA_ARCH__)
  return __popc(v);
#else
  int c = 0;
  while (v) { v &= v - 1; ++c; }
  return c;
#endif
}

// A function that tags its result with the side, so the test can see each side took
// its own branch.
HD inline int tagged(int v) {
#ifdef __CUDA_ARCH__
  return v * 2 + 1;   // device
#else
  return v * 2;       // host
#endif
}

struct Particle {
  Vec3 pos, vel;
  HD void step(float dt) { pos = pos + vel * dt; }
  HD float energy() const { return 0.5f * vel.dot(vel); }
};

__global__ void kernel_vec(const Vec3* a, const Vec3* b, Vec3* cr, float* dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cr[i] = a[i].cross(b[i]);
    dt[i] = (a[i] - b[i]).dot(a[i] + b[i]);
  }
}

__global__ void kernel_particles(Particle* p, int n, int steps, float dt, float* e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Particle q = p[i];
    for (int s = 0; s < steps; ++s) q.step(dt);
    p[i] = q;
    e[i] = q.energy();
  }
}

__global__ void kernel_side(uint32_t* hashes, int* pops, int* arch, int* tags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    uint32_t h = mix32(static_cast<uint32_t>(i));
    hashes[i] = h;
    pops[i] = popcount32(h);
    arch[i] = compiled_for();
    tags[i] = tagged(clampi(i - 10, 0, 100));
  }
}

static int fails = 0;
static void check(const char* name, bool ok, const char* detail = "") {
  std::printf("style_host_device: %s %s%s%s\n", name, ok ? "PASS" : "FAIL", ok ? "" : " ",
              ok ? "" : detail);
  if (!ok) ++fails;
}

int main() {
  const int n = 1024;
  // Vectors with small integer components: products and sums are exact in float.
  std::vector<Vec3> ha(n), hb(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = Vec3(float(i % 7 - 3), float(i % 5 - 2), float(i % 11 - 5));
    hb[i] = Vec3(float(i % 3 - 1), float(i % 13 - 6), float(i % 4));
  }
  Vec3 *da, *db, *dc;
  float* dd;
  CK(cudaMalloc(&da, n * sizeof(Vec3)));
  CK(cudaMalloc(&db, n * sizeof(Vec3)));
  CK(cudaMalloc(&dc, n * sizeof(Vec3)));
  CK(cudaMalloc(&dd, n * sizeof(float)));
  CK(cudaMemcpy(da, ha.data(), n * sizeof(Vec3), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, hb.data(), n * sizeof(Vec3), cudaMemcpyHostToDevice));
  kernel_vec<<<(n + 127) / 128, 128>>>(da, db, dc, dd, n);
  CK(cudaGetLastError());
  std::vector<Vec3> hc(n);
  std::vector<float> hd(n);
  CK(cudaMemcpy(hc.data(), dc, n * sizeof(Vec3), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hd.data(), dd, n * sizeof(float), cudaMemcpyDeviceToHost));
  {
    bool ok_c = true, ok_d = true;
    for (int i = 0; i < n; ++i) {
      if (!(hc[i] == ha[i].cross(hb[i]))) ok_c = false;
      if (hd[i] != (ha[i] - hb[i]).dot(ha[i] + hb[i])) ok_d = false;
    }
    check("Vec3::cross host==device", ok_c);
    check("Vec3::dot host==device", ok_d);
  }

  // Particles: velocities and dt are powers of two, so every step is exact.
  std::vector<Particle> hp(n);
  for (int i = 0; i < n; ++i) {
    hp[i].pos = Vec3(float(i), float(-i), 0.5f * float(i % 9));
    hp[i].vel = Vec3(float(i % 3), 0.25f * float(i % 8), -1.0f);
  }
  Particle* dp;
  float* de;
  CK(cudaMalloc(&dp, n * sizeof(Particle)));
  CK(cudaMalloc(&de, n * sizeof(float)));
  CK(cudaMemcpy(dp, hp.data(), n * sizeof(Particle), cudaMemcpyHostToDevice));
  const int steps = 16;
  const float dt = 0.125f;
  kernel_particles<<<(n + 127) / 128, 128>>>(dp, n, steps, dt, de);
  CK(cudaGetLastError());
  std::vector<Particle> gp(n);
  std::vector<float> ge(n);
  CK(cudaMemcpy(gp.data(), dp, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ge.data(), de, n * sizeof(float), cudaMemcpyDeviceToHost));
  {
    bool ok_p = true, ok_e = true;
    for (int i = 0; i < n; ++i) {
      Particle q = hp[i];
      for (int s = 0; s < steps; ++s) q.step(dt);
      if (!(gp[i].pos == q.pos) || !(gp[i].vel == q.vel)) ok_p = false;
      if (ge[i] != q.energy()) ok_e = false;
    }
    check("Particle::step host==device", ok_p);
    check("Particle::energy host==device", ok_e);
  }

  // __CUDA_ARCH__ branches.
  uint32_t* dh;
  int *dpop, *darch, *dtag;
  CK(cudaMalloc(&dh, n * sizeof(uint32_t)));
  CK(cudaMalloc(&dpop, n * sizeof(int)));
  CK(cudaMalloc(&darch, n * sizeof(int)));
  CK(cudaMalloc(&dtag, n * sizeof(int)));
  kernel_side<<<(n + 255) / 256, 256>>>(dh, dpop, darch, dtag, n);
  CK(cudaGetLastError());
  std::vector<uint32_t> gh(n);
  std::vector<int> gpop(n), garch(n), gtag(n);
  CK(cudaMemcpy(gh.data(), dh, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gpop.data(), dpop, n * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(garch.data(), darch, n * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(gtag.data(), dtag, n * sizeof(int), cudaMemcpyDeviceToHost));
  {
    bool ok_h = true, ok_pop = true, ok_arch = true, ok_tag = true;
    for (int i = 0; i < n; ++i) {
      uint32_t h = mix32(static_cast<uint32_t>(i));
      if (gh[i] != h) ok_h = false;
      if (gpop[i] != popcount32(h)) ok_pop = false;
      if (garch[i] < 900) ok_arch = false;   // sm_90 or later compiled this
      if (gtag[i] != tagged(clampi(i - 10, 0, 100)) + 1) ok_tag = false;
    }
    check("mix32 host==device", ok_h);
    check("popcount32 (__popc vs loop)", ok_pop);
    char detail[64];
    std::snprintf(detail, sizeof detail, "device reports %d", garch[0]);
    check("device path sees __CUDA_ARCH__>=900", ok_arch, detail);
    std::snprintf(detail, sizeof detail, "host reports %d", compiled_for());
    check("host path has no __CUDA_ARCH__", compiled_for() == 1, detail);
    check("tagged() takes device branch in kernel, host branch on CPU", ok_tag &&
          tagged(5) == 10);
  }

  CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc)); CK(cudaFree(dd));
  CK(cudaFree(dp)); CK(cudaFree(de));
  CK(cudaFree(dh)); CK(cudaFree(dpop)); CK(cudaFree(darch)); CK(cudaFree(dtag));
  std::printf("style_host_device: %s\n", fails ? "FAIL" : "PASS");
  return fails ? 1 : 0;
}
