// Undefines the row macros after a .def file has been expanded, so the next includer can
// define them its own way.
#undef LOOM_ISA_ROW1
#undef LOOM_ISA_ROW2
#undef LOOM_ISA_ROW3
#undef LOOM_ISA_ROW2_PRED1
#undef LOOM_ISA_ROW2_PRED2
