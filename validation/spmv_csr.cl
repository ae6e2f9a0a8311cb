// y = A x for a sparse ROWS x ROWS matrix in CSR form (row_ptr, col, val),
// one row per work-item (the "scalar" CSR kernel): a work-item walks its
// row's nonzeros, neighbouring work-items are a row's length apart in col and
// val, and x is read at the columns, scattered over the whole vector. The
// launch's matrix has NNZ_ROW nonzeros in every row (row_ptr = iota=NNZ_ROW)
// at random columns.
// Analytic counts, K = NNZ_ROW, per row: row_ptr[row] 4 B; the loop's test
// K + 1 times, each loading row_ptr[row + 1] (4 B, 1 INTOP); j++ K INTOPs;
// per nonzero val[j], col[j] and x[col[j]] 12 B and 2 FLOPs; y[row] 4 B
// stored. In all: 2 K ROWS FLOPs (float), (2 K + 1) ROWS INTOPs, global loads
// (16 K + 8) ROWS, stores 4 ROWS bytes.
//
// roofline: --kernel spmv_csr --global ROWS --local 128 -D ROWS=2097152 -D NNZ_ROW=16
// roofline: --arg row_ptr=int[ROWS+1]:iota=NNZ_ROW --arg col=int[ROWS*NNZ_ROW]:random=ROWS
// roofline: --arg val=float[ROWS*NNZ_ROW]:random --arg x=float[ROWS]:random --arg y=float[ROWS]:zeros
__kernel void spmv_csr(__global const int* row_ptr, __global const int* col, __global const float* val,
                       __global const float* x, __global float* y) {
  const int row = get_global_id(0);
  float sum = 0.0f;
  for (int j = row_ptr[row]; j < row_ptr[row + 1]; j++) sum += val[j] * x[col[j]];
  y[row] = sum;
}
