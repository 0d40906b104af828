// The isa sweep probe's rows of isa/table/simd.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "simd"
#define LOOM_ISA_PROBE_NS loom_isa_probe_simd
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/simd.def"
#include "isa_probe_rows_end.h"
