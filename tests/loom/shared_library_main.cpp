// A host program that runs the kernels of a shared library (shared_library.cu).
extern "C" int runCase(const char* mode);

int main(int argc, char** argv) { return argc > 1 ? runCase(argv[1]) : 2; }
