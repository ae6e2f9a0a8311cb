//! The counting wrapper's sum over the work-group of the slots the source
//! charges (instrument/wrapper_emitter), one after the other: items past the
//! largest power of two p <= n fold onto the first ones, then halving steps
//! over p keep the active items contiguous. Only the slots charged are
//! summed: each is a tree of barriers per work-group, most of the counting
//! run's time for a kernel of little work per work-item.
//! @SLOTS@  the slots summed, "1, 4, 5"
  const uint __rl_n = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
  uint __rl_p = 1;
  while (2 * __rl_p <= __rl_n) __rl_p *= 2;
  const int __rl_used[] = {@SLOTS@};
  for (int __rl_j = 0; __rl_j < (int)(sizeof __rl_used / sizeof __rl_used[0]); ++__rl_j) {
    const int __rl_k = __rl_used[__rl_j];
    barrier(CLK_LOCAL_MEM_FENCE);
    __rl_scratch[__rl_l] = __rl_c[__rl_k];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (__rl_l >= __rl_p) __rl_scratch[__rl_l - __rl_p] += __rl_scratch[__rl_l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint __rl_s = __rl_p / 2; __rl_s > 0; __rl_s >>= 1) {
      if (__rl_l < __rl_s) __rl_scratch[__rl_l] += __rl_scratch[__rl_l + __rl_s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (__rl_l == 0) __rl_add(__rl_out, __rl_k, __rl_scratch[0]);
  }
