// Where the chain counters are updated (instrument/chain_writer), per
// work-item g of 8:
//  - 4 turns of j: the inner loop's initialisation `acc = 0.0f, i = 0`
//    starts acc again, then 16 contracted steps acc = acc * a + 1.0f: 16 each
//    turn, not 64; y = acc: 16. 2 FLOPs a step: 128; i++ 64 and j++ 4 INTOPs;
//  - 8 turns of y = (j & 1) ? y * a : y: a conditional starts a path at 0;
//    y * a in 4 turns, 4 FLOPs; j & 1 and j++ 16 INTOPs;
//  - u = (float4)(a) 0, 12 steps u = u * a + 1.0f: 12; its four components
//    overwritten with loads: 0; 12 steps more: 12, not 24. 8 FLOPs a step
//    (4 lanes): 192; j++ 24 INTOPs; 16 B loaded;
//  - switch (g & 1), 1 INTOP: even items run a for loop whose declaration
//    follows a label, t = acc (16; t += 8.0f, its increment, is not
//    followed): t = 2 - 2^-15, 10 - ..., 18 - ...: 3 stores of 4 B and 3
//    FLOPs; odd items store u.x, 4 B.
// The longest 16 in each work-item, 128 in all. FLOPs 8 x 324 + 4 x 3 = 2604;
// INTOPs 8 x 109 = 872; 128 B loaded; 4 x 12 + 4 x 4 = 64 B stored.
// roofline: --global 8 --local 8 --arg out=float[8]:zeros --arg a=float:0.5
__kernel void chain_statements(__global float* out, const float a) {
  const int g = get_global_id(0);
  float acc, y;
  int i;
  for (int j = 0; j < 4; j++) {
    for (acc = 0.0f, i = 0; i < 16; i++) acc = acc * a + 1.0f;
    y = acc;
  }
  for (int j = 0; j < 8; j++) y = (j & 1) ? y * a : y;
  float4 u = (float4)(a);
  for (int j = 0; j < 12; j++) u = u * a + 1.0f;
  u.x = out[g];
  u.y = out[g];
  u.z = out[g];
  u.w = out[g];
  for (int j = 0; j < 12; j++) u = u * a + 1.0f;
  switch (g & 1) {
    case 0:
      for (float t = acc; t < 20.0f; t += 8.0f) out[g] = t;
      break;
    default:
      out[g] = u.x;
  }
}
