// Matrix multiply C = A x B, N x N floats: the "simple" kernel of the AIWC
// seed (Johnston et al.). Each work-item computes one element of C; row-major
// indexing with the row on dimension 0, so neighbouring work-items read B's
// column elements coalesced and A's row elements with stride N.
// Analytic counts: 2 N^3 FLOPs (float), 2 N^3 x 4 bytes loaded, N^2 x 4 stored.
//
// roofline: --kernel simpleMultiply --global DIM,DIM --local 16,16 -D DIM=1024
// roofline: --arg A=float[DIM*DIM]:random --arg B=float[DIM*DIM]:random --arg C=float[DIM*DIM]:zeros --arg N=int:DIM
__kernel void simpleMultiply(__global float *A, __global float *B, __global float *C, int N) {
  const int globalRow = get_global_id(1);  // row of C (0..N-1)
  const int globalCol = get_global_id(0);  // column of C (0..N-1)
  float acc = 0.0f;
  for (int k = 0; k < N; ++k) {
    acc += B[k * N + globalCol] * A[globalRow * N + k];
  }
  C[globalRow * N + globalCol] = acc;
}
