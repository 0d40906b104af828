// The isa sweep probe's rows of isa/table/bfloat16.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "bfloat16"
#define LOOM_ISA_PROBE_NS loom_isa_probe_bfloat16
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/bfloat16.def"
#include "isa_probe_rows_end.h"
