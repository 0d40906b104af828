// Surface reads and writes (surf1Dread ... surf2DLayeredwrite). x is a byte offset; the
// boundary mode decides what an out-of-range access does (recorded on an H100: trap fails the
// launch with cudaErrorIllegalAddress; a byte offset that is not a multiple of the element size
// fails with cudaErrorMisalignedAddress in every mode).
#include <cstring>

#include "loom/texture/surface_access.h"
#include "report/fault.h"
#include "sched/block_runner.h"
#include "texture/texture_object.h"

namespace loom::texture {
namespace {

[[noreturn]] void surfaceFault(report::FaultKind kind, const void* pc, const std::string& detail,
                               std::uintptr_t address = 0) {
  report::Fault fault;
  fault.kind = kind;
  fault.address = address;
  fault.pc = pc;
  fault.detail = detail;
  auto* runner = sched::BlockRunner::current();
  if (!runner) {
    std::fprintf(stderr, "loom: %s outside a kernel\n", detail.c_str());
    std::abort();
  }
  runner->fault(std::move(fault));
}

}  // namespace

__attribute__((noinline)) void surfaceAccess(cudaSurfaceObject_t handle, const SurfaceRequest& q, void* data,
                                             size_t size, bool write) {
  const void* pc = __builtin_return_address(0);
  const SurfaceObject* o = findSurface(handle);
  if (!o) surfaceFault(report::FaultKind::IllegalAddress, pc, "surface access through an invalid surface object");
  const Resource& r = o->resource;
  const size_t es = r.format.elementSize();
  // Where the access would go (reported with a fault): base + x + y * pitch + z * slice pitch.
  int64_t yy = q.dim == SurfaceDim::D1 || q.dim == SurfaceDim::D1Layered ? 0 : q.y;
  int64_t zz = q.dim == SurfaceDim::D3 ? q.z : (q.dim == SurfaceDim::D1Layered || q.dim == SurfaceDim::D2Layered ? q.layer : 0);
  std::uintptr_t target = (std::uintptr_t)r.base + (std::uintptr_t)((int64_t)q.x + yy * (int64_t)r.rowPitch +
                                                                    zz * (int64_t)r.slicePitch);
  if (q.x % (int64_t)es != 0 || size != es)
    surfaceFault(report::FaultKind::MisalignedAddress, pc,
                 size != es ? "surface access of " + std::to_string(size) + " bytes to elements of " +
                                  std::to_string(es) + " bytes"
                            : "surface byte offset " + std::to_string(q.x) + " is not a multiple of the element size",
                 target);
  int64_t idx[3] = {q.x / (int64_t)es, 0, 0};
  int64_t size3[3] = {(int64_t)r.width, 1, 1};
  int dims = 1;
  switch (q.dim) {
    case SurfaceDim::D1: break;
    case SurfaceDim::D2: idx[1] = q.y; size3[1] = (int64_t)r.rows(); dims = 2; break;
    case SurfaceDim::D3: idx[1] = q.y; idx[2] = q.z; size3[1] = (int64_t)r.rows(); size3[2] = (int64_t)r.slices(); dims = 3; break;
    case SurfaceDim::D1Layered: idx[2] = q.layer; size3[2] = (int64_t)r.slices(); dims = 3; break;
    case SurfaceDim::D2Layered: idx[1] = q.y; idx[2] = q.layer; size3[1] = (int64_t)r.rows(); size3[2] = (int64_t)r.slices(); dims = 3; break;
  }
  bool inside = true;
  for (int d = 0; d < dims; ++d) inside = inside && idx[d] >= 0 && idx[d] < size3[d];
  if (!inside) {
    switch (q.mode) {
      case cudaBoundaryModeZero:
        if (!write) std::memset(data, 0, size);
        return;
      case cudaBoundaryModeClamp: {
        // Coordinates clamp to [0, size-1]; a layer index is unsigned, so -1 clamps to the last
        // layer (recorded).
        bool layered = q.dim == SurfaceDim::D1Layered || q.dim == SurfaceDim::D2Layered;
        for (int d = 0; d < dims; ++d) {
          if (layered && d == 2 && idx[d] < 0) idx[d] = size3[d] - 1;
          idx[d] = idx[d] < 0 ? 0 : (idx[d] >= size3[d] ? size3[d] - 1 : idx[d]);
        }
        break;
      }
      default:
        surfaceFault(report::FaultKind::IllegalAddress, pc,
                     "surface access out of range in cudaBoundaryModeTrap (byte offset " + std::to_string(q.x) + ")",
                     target);
    }
  }
  uint8_t* p = const_cast<uint8_t*>(r.at((size_t)idx[0], (size_t)idx[1], (size_t)idx[2]));
  if (write) std::memcpy(p, data, size);
  else std::memcpy(data, p, size);
}

}  // namespace loom::texture
