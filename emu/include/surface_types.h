// CUDA's surface types live with the texture types in Loom.
#pragma once
#include "texture_types.h"
