// The region markers of loom/device/reconverge.h: their addresses are what the memory-access
// hooks recognize (device/tsan_hooks.cpp); their values are never used.
#include "loom/device/reconverge.h"

extern "C" {
char loom_region_enter_marker = 0;
char loom_region_leave_marker = 0;
}
