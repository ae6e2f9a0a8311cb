// Macros as the bodies of if and else, of one statement (with or without its
// semicolon) or a braced block: the braces the counting copy adds enclose
// exactly the macro, so each body is charged only when it runs.
// 64 work-items, p[i] on int: each += is 1 INTOP and 4 B loaded and stored.
// ONE (i < 4) or ONE_STMT (the other 60): 64 updates; BLOCK, two updates, for
// the 2 with i < 2: 4 more. 68 INTOPs, 272 B each way.
// roofline: --global 64 --local 16 --arg p=int[64]:zeros
#define ONE p[i] += 1
#define ONE_STMT p[i] += 2;
#define BLOCK { p[i] += 1; p[i] += 1; }
__kernel void macro_bodies(__global int* p) {
  int i = get_global_id(0);
  if (i < 4) ONE; else ONE_STMT
  if (i < 2) BLOCK
}
