// Closes isa_probe_rows_begin.h.
}  // namespace LOOM_ISA_PROBE_NS
#include "../../../isa/table/undef_rows.h"
#undef LOOM_ISA_PROBE_PRESENT
#undef LOOM_ISA_PROBE_REGISTER
#undef LOOM_ISA_DOM
