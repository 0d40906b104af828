#include "buffer_diff.h"

#include <zlib.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace loom::validate {
namespace {

std::uint64_t load(const std::vector<std::uint8_t>& buf, std::size_t i, int bytes) {
  std::uint64_t v = 0;
  std::memcpy(&v, buf.data() + i * bytes, bytes);  // little-endian host, as the files are
  return v;
}

// f16 / bf16 bits as a float, for printing only.
double halfToDouble(std::uint64_t bits, const std::string& name) {
  if (name == "bf16") return std::bit_cast<float>(static_cast<std::uint32_t>(bits << 16));
  int sign = (bits >> 15) & 1, exp = (bits >> 10) & 31, mant = bits & 1023;
  double mag = exp == 0    ? std::ldexp(mant, -24)
               : exp == 31 ? (mant ? NAN : INFINITY)
                           : std::ldexp(1024 + mant, exp - 25);
  return sign ? -mag : mag;
}

bool isNan(std::uint64_t bits, const Dtype& t) {
  switch (t.bytes) {
    case 2:
      return t.name == "bf16" ? ((bits & 0x7f80) == 0x7f80 && (bits & 0x7f)) : ((bits & 0x7c00) == 0x7c00 && (bits & 0x3ff));
    case 4: return std::isnan(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    default: return std::isnan(std::bit_cast<double>(bits));
  }
}

// Sign-magnitude bits to a line where adjacent floats are adjacent integers (+0 and -0 meet at 0).
long long ordered(std::uint64_t bits, int bytes) {
  int width = bytes * 8;
  std::uint64_t signBit = std::uint64_t{1} << (width - 1);
  long long mag = static_cast<long long>(bits & (signBit - 1));
  return (bits & signBit) ? -mag : mag;
}

}  // namespace

std::optional<Dtype> dtypeByName(const std::string& name) {
  static const Dtype all[] = {
      {"f16", 2, true, true},  {"bf16", 2, true, true}, {"f32", 4, true, true},  {"f64", 8, true, true},
      {"i8", 1, false, true},  {"i16", 2, false, true}, {"i32", 4, false, true}, {"i64", 8, false, true},
      {"u8", 1, false, false}, {"u16", 2, false, false}, {"u32", 4, false, false}, {"u64", 8, false, false}};
  for (const auto& t : all)
    if (t.name == name) return t;
  return std::nullopt;
}

long long ulpDistance(std::uint64_t a, std::uint64_t b, const Dtype& t) {
  bool na = isNan(a, t), nb = isNan(b, t);
  if (na || nb) return na && nb ? 0 : -1;
  long long d = ordered(a, t.bytes) - ordered(b, t.bytes);
  return d < 0 ? -d : d;
}

std::string formatElement(std::uint64_t bits, const Dtype& t) {
  char buf[96];
  if (t.isFloat) {
    double v = t.bytes == 2   ? halfToDouble(bits, t.name)
               : t.bytes == 4 ? std::bit_cast<float>(static_cast<std::uint32_t>(bits))
                              : std::bit_cast<double>(bits);
    std::snprintf(buf, sizeof buf, t.bytes == 8 ? "%.17g (0x%0*llx)" : "%.9g (0x%0*llx)", v, t.bytes * 2,
                  static_cast<unsigned long long>(bits));
  } else if (t.isSigned) {
    int shift = 64 - t.bytes * 8;
    long long v = static_cast<long long>(bits << shift) >> shift;
    std::snprintf(buf, sizeof buf, "%lld", v);
  } else {
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(bits));
  }
  return buf;
}

BufferDiff diffBuffers(const std::string& name, const Dtype& t, const std::vector<std::uint8_t>& device,
                       const std::vector<std::uint8_t>& loom, const BufferRule& rule) {
  if (device.size() % t.bytes != 0 || loom.size() % t.bytes != 0)
    throw std::runtime_error("buffer " + name + ": size is not a multiple of the " + t.name + " element size");
  BufferDiff d;
  d.name = name;
  d.dtype = t;
  d.deviceCount = device.size() / t.bytes;
  d.loomCount = loom.size() / t.bytes;
  std::size_t common = std::min(d.deviceCount, d.loomCount);
  for (std::size_t i = 0; i < common; ++i) {
    std::uint64_t a = load(device, i, t.bytes), b = load(loom, i, t.bytes);
    if (a == b) {
      ++d.bitExact;
      continue;
    }
    bool differs = true;
    if (t.isFloat) {
      long long u = ulpDistance(a, b, t);
      if (u < 0 || d.maxUlp < 0) d.maxUlp = -1;
      else d.maxUlp = std::max(d.maxUlp, u);
      differs = !(rule.compare == BufferCompare::Ulp && u >= 0 && u <= rule.maxUlp);
    }
    if (differs) {
      ++d.differing;
      if (!d.firstDiff) {
        d.firstDiff = i;
        d.firstDevice = formatElement(a, t);
        d.firstLoom = formatElement(b, t);
      }
    }
  }
  if (d.deviceCount != d.loomCount) {
    d.differing += d.total() - common;
    if (!d.firstDiff) {
      d.firstDiff = common;
      d.firstDevice = common < d.deviceCount ? formatElement(load(device, common, t.bytes), t) : "<none>";
      d.firstLoom = common < d.loomCount ? formatElement(load(loom, common, t.bytes), t) : "<none>";
    }
  }
  return d;
}

std::vector<std::uint8_t> readBufferFile(const std::string& path) {
  std::vector<std::uint8_t> out;
  if (path.size() > 3 && path.substr(path.size() - 3) == ".gz") {
    gzFile f = gzopen(path.c_str(), "rb");
    if (f == nullptr) throw std::runtime_error(path + ": cannot open");
    std::uint8_t buf[1 << 16];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) out.insert(out.end(), buf, buf + n);
    bool bad = n < 0;
    gzclose(f);
    if (bad) throw std::runtime_error(path + ": corrupt gzip data");
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return out;
}

}  // namespace loom::validate
