// The built-in indices' storage, and debug information naming them threadIdx, blockIdx,
// blockDim, gridDim and warpSize, so that gdb prints them and takes them in breakpoint
// conditions (`break k.cu:42 if blockIdx.x == 1 && threadIdx.x == 5`).
//
// Kernel code reads `threadIdx` & co. as variables declared with the assembler names loom_tid
// & co. (loom/device/builtins.h). The compiler's debug information for such a declaration, C or
// C++, carries the assembler name as the linkage name, and gdb names a global variable by its
// linkage name: `print threadIdx` found nothing. The debug information here is written by hand
// without one: one compilation unit whose variables are called by CUDA's names and located at
// the engine's thread-local storage (DW_OP_form_tls_address of loom_tid@dtpoff), so gdb reads
// the running CUDA thread's values, and no symbol named threadIdx reaches the linker (programs
// may use the names themselves, nvcc allows it). warpSize is a constant (DW_AT_const_value).
// The scheduler writes the variables as before (loom/device/lane_builtins.h); nothing here runs.
//
// DWARF 4, one unit: uint3 {x, y, z} of unsigned int, five variables.
asm(R"dwarf(
    .section .tbss,"awT",@nobits
    .p2align 2
    .globl loom_tid, loom_ctaid, loom_ntid, loom_nctaid
    .type loom_tid, @object
    .size loom_tid, 12
loom_tid:
    .zero 12
    .type loom_ctaid, @object
    .size loom_ctaid, 12
loom_ctaid:
    .zero 12
    .type loom_ntid, @object
    .size loom_ntid, 12
loom_ntid:
    .zero 12
    .type loom_nctaid, @object
    .size loom_nctaid, 12
loom_nctaid:
    .zero 12

    .section .debug_abbrev,"",@progbits
.Lloom_names_abbrev:
    .uleb128 1, 0x11            # 1: DW_TAG_compile_unit, with children
    .byte 1
    .uleb128 0x25, 0x08         #    DW_AT_producer, DW_FORM_string
    .uleb128 0x13, 0x05         #    DW_AT_language, DW_FORM_data2
    .uleb128 0x03, 0x08         #    DW_AT_name, DW_FORM_string
    .byte 0, 0
    .uleb128 2, 0x13            # 2: DW_TAG_structure_type, with children
    .byte 1
    .uleb128 0x03, 0x08         #    DW_AT_name
    .uleb128 0x0b, 0x0b         #    DW_AT_byte_size, DW_FORM_data1
    .byte 0, 0
    .uleb128 3, 0x0d            # 3: DW_TAG_member
    .byte 0
    .uleb128 0x03, 0x08         #    DW_AT_name
    .uleb128 0x49, 0x13         #    DW_AT_type, DW_FORM_ref4
    .uleb128 0x38, 0x0b         #    DW_AT_data_member_location, DW_FORM_data1
    .byte 0, 0
    .uleb128 4, 0x24            # 4: DW_TAG_base_type
    .byte 0
    .uleb128 0x03, 0x08         #    DW_AT_name
    .uleb128 0x3e, 0x0b         #    DW_AT_encoding, DW_FORM_data1
    .uleb128 0x0b, 0x0b         #    DW_AT_byte_size
    .byte 0, 0
    .uleb128 5, 0x34            # 5: DW_TAG_variable at an address
    .byte 0
    .uleb128 0x03, 0x08         #    DW_AT_name
    .uleb128 0x49, 0x13         #    DW_AT_type
    .uleb128 0x3f, 0x19         #    DW_AT_external, DW_FORM_flag_present
    .uleb128 0x02, 0x18         #    DW_AT_location, DW_FORM_exprloc
    .byte 0, 0
    .uleb128 6, 0x34            # 6: DW_TAG_variable of a constant value
    .byte 0
    .uleb128 0x03, 0x08         #    DW_AT_name
    .uleb128 0x49, 0x13         #    DW_AT_type
    .uleb128 0x3f, 0x19         #    DW_AT_external
    .uleb128 0x1c, 0x0b         #    DW_AT_const_value, DW_FORM_data1
    .byte 0, 0
    .byte 0

    .section .debug_info,"",@progbits
.Lloom_names_cu:
    .long .Lloom_names_end - .Lloom_names_version
.Lloom_names_version:
    .value 4
    .long .Lloom_names_abbrev
    .byte 8
    .uleb128 1
    .string "Loom (emu/debug/builtin_names.cpp)"
    .value 0x0c                 # DW_LANG_C99
    .string "loom-builtin-names"
.Lloom_names_uint:
    .uleb128 4
    .string "unsigned int"
    .byte 0x08, 4               # DW_ATE_unsigned
.Lloom_names_int:
    .uleb128 4
    .string "int"
    .byte 0x05, 4               # DW_ATE_signed
.Lloom_names_uint3:
    .uleb128 2
    .string "uint3"
    .byte 12
    .uleb128 3
    .string "x"
    .long .Lloom_names_uint - .Lloom_names_cu
    .byte 0
    .uleb128 3
    .string "y"
    .long .Lloom_names_uint - .Lloom_names_cu
    .byte 4
    .uleb128 3
    .string "z"
    .long .Lloom_names_uint - .Lloom_names_cu
    .byte 8
    .byte 0
    .uleb128 5
    .string "threadIdx"
    .long .Lloom_names_uint3 - .Lloom_names_cu
    .uleb128 10
    .byte 0x0e                  # DW_OP_const8u
    .quad loom_tid@dtpoff
    .byte 0x9b                  # DW_OP_form_tls_address
    .uleb128 5
    .string "blockIdx"
    .long .Lloom_names_uint3 - .Lloom_names_cu
    .uleb128 10
    .byte 0x0e
    .quad loom_ctaid@dtpoff
    .byte 0x9b
    .uleb128 5
    .string "blockDim"
    .long .Lloom_names_uint3 - .Lloom_names_cu
    .uleb128 10
    .byte 0x0e
    .quad loom_ntid@dtpoff
    .byte 0x9b
    .uleb128 5
    .string "gridDim"
    .long .Lloom_names_uint3 - .Lloom_names_cu
    .uleb128 10
    .byte 0x0e
    .quad loom_nctaid@dtpoff
    .byte 0x9b
    .uleb128 6
    .string "warpSize"
    .long .Lloom_names_int - .Lloom_names_cu
    .byte 32
    .byte 0
.Lloom_names_end:
    .text
)dwarf");
