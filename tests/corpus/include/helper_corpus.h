// helper_corpus.h: the corpus's stand-in for the CUDA samples' helper_cuda.h and helper_string.h.
//
// Include it after <cuda_runtime.h>. As in NVIDIA's header, the error-checking macros exist only
// when the runtime's driver_types.h has been seen (__DRIVER_TYPES_H__), and findCudaDevice only
// when cuda_runtime.h has (__CUDA_RUNTIME_H__). The command-line helpers accept options written
// as -name=value or --name=value, and a bare -name for flags.
#ifndef HELPER_CORPUS_H
#define HELPER_CORPUS_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

// ---------------------------------------------------------------------------------------------
// Command-line parsing (helper_string.h style)
// ---------------------------------------------------------------------------------------------

// Returns the option text after its leading dashes, or NULL when argv[i] is not an option.
inline const char *corpusStripDashes(const char *arg) {
  if (arg == NULL || arg[0] != '-') return NULL;
  int skip = (arg[1] == '-') ? 2 : 1;
  return arg + skip;
}

// True when the option's name (up to '=' or the end) equals name.
inline bool corpusOptionMatches(const char *option, const char *name) {
  size_t length = strlen(name);
  if (strncmp(option, name, length) != 0) return false;
  return option[length] == '\0' || option[length] == '=';
}

inline bool checkCmdLineFlag(const int argc, const char **argv, const char *name) {
  for (int i = 1; i < argc; ++i) {
    const char *option = corpusStripDashes(argv[i]);
    if (option != NULL && corpusOptionMatches(option, name)) return true;
  }
  return false;
}

inline bool checkCmdLineFlag(const int argc, char **argv, const char *name) {
  return checkCmdLineFlag(argc, (const char **)argv, name);
}

// The text after "name=", or NULL when the option is absent or has no value.
inline const char *getCmdLineArgumentString(const int argc, const char **argv, const char *name) {
  for (int i = 1; i < argc; ++i) {
    const char *option = corpusStripDashes(argv[i]);
    if (option != NULL && corpusOptionMatches(option, name)) {
      const char *equals = option + strlen(name);
      return (*equals == '=') ? equals + 1 : NULL;
    }
  }
  return NULL;
}

inline const char *getCmdLineArgumentString(const int argc, char **argv, const char *name) {
  return getCmdLineArgumentString(argc, (const char **)argv, name);
}

// The integer value of -name=value, or 0 when absent (as the samples' helper answers).
inline int getCmdLineArgumentInt(const int argc, const char **argv, const char *name) {
  const char *value = getCmdLineArgumentString(argc, argv, name);
  return value ? atoi(value) : 0;
}

inline int getCmdLineArgumentInt(const int argc, char **argv, const char *name) {
  return getCmdLineArgumentInt(argc, (const char **)argv, name);
}

inline float getCmdLineArgumentFloat(const int argc, const char **argv, const char *name) {
  const char *value = getCmdLineArgumentString(argc, argv, name);
  return value ? (float)atof(value) : 0.0f;
}

inline float getCmdLineArgumentFloat(const int argc, char **argv, const char *name) {
  return getCmdLineArgumentFloat(argc, (const char **)argv, name);
}

// ---------------------------------------------------------------------------------------------
// Result comparison (helper_image.h / helper_functions.h style)
// ---------------------------------------------------------------------------------------------

// Relative L2 error of data against reference: ||data - reference|| / ||reference||. Returns
// true when it is at most epsilon. A reference of all zeros compares the absolute norm instead.
inline bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len,
                           const float epsilon) {
  double error = 0.0;
  double norm = 0.0;
  for (unsigned int i = 0; i < len; ++i) {
    double diff = (double)reference[i] - (double)data[i];
    error += diff * diff;
    norm += (double)reference[i] * (double)reference[i];
  }
  error = sqrt(error);
  norm = sqrt(norm);
  if (norm < 1e-30) {
    if (error > epsilon) {
      fprintf(stderr, "sdkCompareL2fe: reference is all zeros, error norm %g\n", error);
      return false;
    }
    return true;
  }
  double relative = error / norm;
  if (relative > epsilon) {
    fprintf(stderr, "sdkCompareL2fe: relative L2 error %g exceeds %g\n", relative,
            (double)epsilon);
    return false;
  }
  return true;
}

// Element-wise comparison with a mixed absolute/relative tolerance; prints the first few
// mismatches and returns the number of them.
inline unsigned int sdkCountMismatches(const float *reference, const float *data,
                                       const unsigned int len, const float absTol,
                                       const float relTol, const char *label = "value") {
  unsigned int bad = 0;
  for (unsigned int i = 0; i < len; ++i) {
    float diff = fabsf(reference[i] - data[i]);
    float bound = absTol + relTol * fabsf(reference[i]);
    if (!(diff <= bound)) {  // also catches NaN
      if (bad < 5)
        fprintf(stderr, "  %s[%u]: expected %.7g, got %.7g\n", label, i, reference[i], data[i]);
      ++bad;
    }
  }
  return bad;
}

// ---------------------------------------------------------------------------------------------
// CUDA runtime error checking (helper_cuda.h style); only with the runtime's types in scope
// ---------------------------------------------------------------------------------------------

#ifdef __DRIVER_TYPES_H__
template <typename T>
void corpusCheck(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
            static_cast<unsigned int>(result), cudaGetErrorName(result), func);
    exit(EXIT_FAILURE);
  }
}

#define checkCudaErrors(val) corpusCheck((val), #val, __FILE__, __LINE__)

#define getLastCudaError(msg) corpusGetLastCudaError(msg, __FILE__, __LINE__)

inline void corpusGetLastCudaError(const char *errorMessage, const char *file, const int line) {
  cudaError_t err = cudaGetLastError();
  if (cudaSuccess != err) {
    fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line,
            errorMessage, static_cast<int>(err), cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}
#endif  // __DRIVER_TYPES_H__

#ifdef __CUDA_RUNTIME_H__
// Picks the device named by -device=N (default 0), makes it current, prints its name and
// returns its ordinal.
inline int findCudaDevice(int argc, const char **argv) {
  int deviceCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    fprintf(stderr, "findCudaDevice: no CUDA-capable device\n");
    exit(EXIT_FAILURE);
  }
  int devID = 0;
  if (checkCmdLineFlag(argc, argv, "device")) {
    devID = getCmdLineArgumentInt(argc, argv, "device");
    if (devID < 0 || devID >= deviceCount) {
      fprintf(stderr, "findCudaDevice: -device=%d is out of range (%d device(s))\n", devID,
              deviceCount);
      exit(EXIT_FAILURE);
    }
  }
  checkCudaErrors(cudaSetDevice(devID));
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));
  printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n", devID, deviceProp.name,
         deviceProp.major, deviceProp.minor);
  return devID;
}

inline int findCudaDevice(int argc, char **argv) {
  return findCudaDevice(argc, (const char **)argv);
}
#endif  // __CUDA_RUNTIME_H__

#endif  // HELPER_CORPUS_H
