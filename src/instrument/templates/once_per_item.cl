//! The counting wrapper's charges that every work-item makes exactly once
//! (instrument/wrapper_emitter): one work-item adds them times the number of
//! items in the NDRange.
//! @ADDS@  "    __rl_add(__rl_out, SLOT, AMOUNTUL * __rl_items);" for each slot, one a line
  // Charged once by every work-item (statements outside branches and loops, before any return).
  if (__rl_l == 0 && get_group_id(0) == 0 && get_group_id(1) == 0 && get_group_id(2) == 0) {
    const ulong __rl_items = (ulong)get_global_size(0) * get_global_size(1) * get_global_size(2);
@ADDS@  }
