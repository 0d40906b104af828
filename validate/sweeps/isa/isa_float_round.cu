// The isa sweep probe's rows of isa/table/float_round.def (see isa_probe_rows_begin.h).
#define LOOM_ISA_PROBE_FAMILY "float_round"
#define LOOM_ISA_PROBE_NS loom_isa_probe_float_round
#include "isa_probe_rows_begin.h"
#include "../../../isa/table/float_round.def"
#include "isa_probe_rows_end.h"
