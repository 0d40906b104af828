// The isa sweep probe's rows of isa/table/int.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "int"
#define LOOM_ISA_PROBE_NS loom_isa_probe_int
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/int.def"
#include "isa_probe_rows_end.h"
