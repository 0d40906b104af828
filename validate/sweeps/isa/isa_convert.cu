// The isa sweep probe's rows of isa/table/convert.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "convert"
#define LOOM_ISA_PROBE_NS loom_isa_probe_convert
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/convert.def"
#include "isa_probe_rows_end.h"
