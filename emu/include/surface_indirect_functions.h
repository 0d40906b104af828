// Included by cuda_runtime.h under Loom; kept for programs that name it.
#pragma once
#include "cuda_runtime.h"
