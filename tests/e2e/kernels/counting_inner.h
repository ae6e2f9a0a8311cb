// Included by counting_helpers.h and again by counting_macros.cl (skipped the
// second time: #pragma once). A helper whose body must be counted where it runs.
#pragma once
float half_of(float x) { return x * 0.5f; }
