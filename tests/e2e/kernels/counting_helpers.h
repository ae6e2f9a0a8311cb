// Included twice by counting_macros.cl (the guard skips the second), includes
// counting_inner.h. Per call of scaled: two 4-byte global loads and 3 FLOPs.
#ifndef COUNTING_HELPERS_H
#define COUNTING_HELPERS_H
#include "counting_inner.h"
float scaled(__global const float* p, int k) { return half_of(p[k]) + p[k] * 3.0f; }
#endif
