// samples_nbody: all-pairs gravitational N-body with float4 bodies (xyz position, w mass).
// Each block stages tiles of bodies in shared memory; every thread accumulates the acceleration
// of its body from all bodies with rsqrtf and a softening term, then a second kernel integrates
// velocities and positions. Accelerations after one evaluation and positions after a few steps
// are compared against a double-precision CPU reference with a tolerance.
//
// Options: -n=<bodies> (default 500), -steps=<integration steps> (default 3), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define BLOCK_SIZE 128
#define SOFTENING_SQUARED 0.01f

__device__ float3 bodyBodyInteraction(float3 ai, float4 bi, float4 bj) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING_SQUARED;
  float invDist = rsqrtf(distSqr);
  float invDistCube = invDist * invDist * invDist;
  float s = bj.w * invDistCube;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void computeAccelerations(float4 *accel, const float4 *pos, int numBodies) {
  __shared__ float4 shPosition[BLOCK_SIZE];
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 myPosition = (gtid < numBodies) ? pos[gtid] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float3 acc = {0.0f, 0.0f, 0.0f};

  for (int tile = 0; tile * BLOCK_SIZE < numBodies; tile++) {
    int idx = tile * BLOCK_SIZE + threadIdx.x;
    // Padding bodies have zero mass, so they add nothing.
    shPosition[threadIdx.x] = (idx < numBodies) ? pos[idx] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < BLOCK_SIZE; j++) acc = bodyBodyInteraction(acc, myPosition, shPosition[j]);
    __syncthreads();
  }

  if (gtid < numBodies) accel[gtid] = make_float4(acc.x, acc.y, acc.z, 0.0f);
}

__global__ void integrateBodies(float4 *pos, float4 *vel, const float4 *accel, float deltaTime,
                                float damping, int numBodies) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= numBodies) return;
  float4 p = pos[i];
  float4 v = vel[i];
  float4 a = accel[i];
  v.x = (v.x + a.x * deltaTime) * damping;
  v.y = (v.y + a.y * deltaTime) * damping;
  v.z = (v.z + a.z * deltaTime) * damping;
  p.x += v.x * deltaTime;
  p.y += v.y * deltaTime;
  p.z += v.z * deltaTime;
  pos[i] = p;
  vel[i] = v;
}

static void accelerationsCPU(double *acc, const double *pos, int n) {
  for (int i = 0; i < n; i++) {
    double ax = 0, ay = 0, az = 0;
    for (int j = 0; j < n; j++) {
      double rx = pos[4 * j + 0] - pos[4 * i + 0];
      double ry = pos[4 * j + 1] - pos[4 * i + 1];
      double rz = pos[4 * j + 2] - pos[4 * i + 2];
      double d2 = rx * rx + ry * ry + rz * rz + (double)SOFTENING_SQUARED;
      double inv = 1.0 / sqrt(d2);
      double s = pos[4 * j + 3] * inv * inv * inv;
      ax += rx * s;
      ay += ry * s;
      az += rz * s;
    }
    acc[3 * i + 0] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
  }
}

// Largest component error over the largest component magnitude: a scale-aware comparison for
// vectors whose individual components can cancel to near zero.
static double maxRelativeError(const float4 *gpu, const double *cpu, int stride, int n,
                               double *scaleOut) {
  double scale = 0, err = 0;
  for (int i = 0; i < n; i++) {
    const float g[3] = {gpu[i].x, gpu[i].y, gpu[i].z};
    for (int c = 0; c < 3; c++) {
      double ref = cpu[stride * i + c];
      scale = fmax(scale, fabs(ref));
      double e = fabs((double)g[c] - ref);
      if (!(e == e)) e = INFINITY;  // NaN counts as a failure
      err = fmax(err, e);
    }
  }
  *scaleOut = scale;
  return scale > 0 ? err / scale : err;
}

int main(int argc, char **argv) {
  printf("samples_nbody: all-pairs N-body simulation\n");
  findCudaDevice(argc, argv);

  int numBodies = 500;
  int steps = 3;
  if (checkCmdLineFlag(argc, argv, "n")) numBodies = getCmdLineArgumentInt(argc, argv, "n");
  if (checkCmdLineFlag(argc, argv, "steps")) steps = getCmdLineArgumentInt(argc, argv, "steps");
  if (numBodies <= 0 || steps < 0) {
    fprintf(stderr, "invalid -n or -steps\n");
    return EXIT_FAILURE;
  }
  const float deltaTime = 0.01f;
  const float damping = 0.995f;
  printf("%d bodies, %d steps\n", numBodies, steps);

  float4 *h_pos = (float4 *)malloc(numBodies * sizeof(float4));
  float4 *h_vel = (float4 *)malloc(numBodies * sizeof(float4));
  float4 *h_result = (float4 *)malloc(numBodies * sizeof(float4));
  double *cpuPos = (double *)malloc(numBodies * 4 * sizeof(double));
  double *cpuVel = (double *)malloc(numBodies * 3 * sizeof(double));
  double *cpuAcc = (double *)malloc(numBodies * 3 * sizeof(double));

  // Bodies in a unit-ish cube with small random velocities and masses in [0.5, 1.5).
  srand(4242);
  for (int i = 0; i < numBodies; i++) {
    float x = rand() / (float)RAND_MAX * 2.0f - 1.0f;
    float y = rand() / (float)RAND_MAX * 2.0f - 1.0f;
    float z = rand() / (float)RAND_MAX * 2.0f - 1.0f;
    float m = 0.5f + rand() / (float)RAND_MAX;
    h_pos[i] = make_float4(x, y, z, m);
    h_vel[i] = make_float4(0.1f * (rand() / (float)RAND_MAX - 0.5f),
                           0.1f * (rand() / (float)RAND_MAX - 0.5f),
                           0.1f * (rand() / (float)RAND_MAX - 0.5f), 0.0f);
    cpuPos[4 * i + 0] = x;
    cpuPos[4 * i + 1] = y;
    cpuPos[4 * i + 2] = z;
    cpuPos[4 * i + 3] = m;
    cpuVel[3 * i + 0] = h_vel[i].x;
    cpuVel[3 * i + 1] = h_vel[i].y;
    cpuVel[3 * i + 2] = h_vel[i].z;
  }

  float4 *d_pos, *d_vel, *d_acc;
  size_t bytes = numBodies * sizeof(float4);
  checkCudaErrors(cudaMalloc((void **)&d_pos, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_vel, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_acc, bytes));
  checkCudaErrors(cudaMemcpy(d_pos, h_pos, bytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_vel, h_vel, bytes, cudaMemcpyHostToDevice));

  int blocks = (numBodies + BLOCK_SIZE - 1) / BLOCK_SIZE;
  bool ok = true;

  // Check 1: the accelerations of the initial configuration.
  computeAccelerations<<<blocks, BLOCK_SIZE>>>(d_acc, d_pos, numBodies);
  getLastCudaError("computeAccelerations launch failed");
  checkCudaErrors(cudaMemcpy(h_result, d_acc, bytes, cudaMemcpyDeviceToHost));
  accelerationsCPU(cpuAcc, cpuPos, numBodies);
  double scale;
  double accErr = maxRelativeError(h_result, cpuAcc, 3, numBodies, &scale);
  if (accErr < 1e-4) {
    printf("samples_nbody: PASS accelerations (max error %.2e of scale %.3g)\n", accErr, scale);
  } else {
    printf("samples_nbody: FAIL accelerations, max error %.2e of scale %.3g\n", accErr, scale);
    ok = false;
  }

  // Check 2: positions after integrating a few steps.
  for (int s = 0; s < steps; s++) {
    if (s > 0) {
      computeAccelerations<<<blocks, BLOCK_SIZE>>>(d_acc, d_pos, numBodies);
      getLastCudaError("computeAccelerations launch failed");
    }
    integrateBodies<<<blocks, BLOCK_SIZE>>>(d_pos, d_vel, d_acc, deltaTime, damping, numBodies);
    getLastCudaError("integrateBodies launch failed");

    if (s > 0) accelerationsCPU(cpuAcc, cpuPos, numBodies);
    for (int i = 0; i < numBodies; i++)
      for (int c = 0; c < 3; c++) {
        cpuVel[3 * i + c] = (cpuVel[3 * i + c] + cpuAcc[3 * i + c] * deltaTime) * damping;
        cpuPos[4 * i + c] += cpuVel[3 * i + c] * deltaTime;
      }
  }
  checkCudaErrors(cudaMemcpy(h_result, d_pos, bytes, cudaMemcpyDeviceToHost));
  double posErr = maxRelativeError(h_result, cpuPos, 4, numBodies, &scale);
  if (posErr < 1e-4) {
    printf("samples_nbody: PASS positions after %d steps (max error %.2e of scale %.3g)\n", steps,
           posErr, scale);
  } else {
    printf("samples_nbody: FAIL positions after %d steps, max error %.2e of scale %.3g\n", steps,
           posErr, scale);
    ok = false;
  }

  checkCudaErrors(cudaFree(d_pos));
  checkCudaErrors(cudaFree(d_vel));
  checkCudaErrors(cudaFree(d_acc));
  free(h_pos);
  free(h_vel);
  free(h_result);
  free(cpuPos);
  free(cpuVel);
  free(cpuAcc);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
