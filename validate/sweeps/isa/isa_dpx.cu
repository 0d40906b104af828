// The isa sweep probe's rows of isa/table/dpx.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "dpx"
#define LOOM_ISA_PROBE_NS loom_isa_probe_dpx
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/dpx.def"
#include "isa_probe_rows_end.h"
