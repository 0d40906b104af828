// A kernel calls a constexpr host function: allowed only with --expt-relaxed-constexpr.
constexpr int hostTwice(int x) { return 2 * x; }
__global__ void twice(int* out) { out[0] = hostTwice(out[0]); }
int main() { return 0; }
