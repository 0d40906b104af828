// The isa sweep probe's rows of isa/table/half.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "half"
#define LOOM_ISA_PROBE_NS loom_isa_probe_half
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/half.def"
#include "isa_probe_rows_end.h"
