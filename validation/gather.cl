// Weighted lookup of rows of a table through an index array (an embedding
// lookup, or the gather half of a particle sort): out[i] = w[i] *
// table[idx[i]], float4 rows, the indices uniform over the table, so
// neighbouring work-items read rows TABLE / 2 apart on average.
// Analytic counts, per work-item: idx[i] 4 B, w[i] 4 B, the row 16 B loaded;
// the scalar-by-float4 product 4 FLOPs; 16 B stored. In all: 4 N FLOPs
// (float), 0 INTOPs, global loads 24 N, stores 16 N bytes.
//
// roofline: --kernel gather --global N --local 256 -D N=8388608 -D TABLE=8388608
// roofline: --arg idx=int[N]:random=TABLE --arg w=float[N]:random --arg table=float4[TABLE]:random
// roofline: --arg out=float4[N]:zeros
__kernel void gather(__global const int* idx, __global const float* w, __global const float4* table, __global float4* out) {
  const int i = get_global_id(0);
  out[i] = w[i] * table[idx[i]];
}
