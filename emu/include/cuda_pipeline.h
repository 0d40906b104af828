// Loom's cuda_pipeline.h: the pipeline primitives (cuda_pipeline_primitives.h).
#pragma once
#define _CUDA_PIPELINE_H_

#include "cuda_pipeline_primitives.h"
