// Loom's builtin_types.h: the runtime's types in one include, as NVIDIA's header of this name.
// Written for Loom.
#pragma once
#define __BUILTIN_TYPES_H__

#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"
