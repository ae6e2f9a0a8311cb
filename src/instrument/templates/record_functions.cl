//! The address-recording copy's functions (instrument/access_recorder),
//! written at the top of the file, before any function that calls them; the
//! #line after them numbers the file's own lines as before.
//! @CURSOR@ @BASE@ @CAP@  the counter array's words past the counters: the
//!                        item's next record, where its records start, its cap
//! @BRANCHES@             the word counting the item's branch outcomes
//! @BRANCH_CAP@           how many of them are recorded (kTraceBranchesPerItem)
// Writes one address record of the work-item: the address, then meta | bytes << 32
// (past its cap, it only counts it).
void __rl_note(ulong __rl_a, uint __rl_meta, uint __rl_bytes, __private ulong *__rl_c, __global ulong *__rl_r) {
  const ulong __rl_k = __rl_c[@CURSOR@]++;
  if (__rl_k < __rl_c[@CAP@]) {
    __global ulong *__rl_e = __rl_r + __rl_c[@BASE@] + 2 * __rl_k;
    __rl_e[0] = __rl_a;
    __rl_e[1] = (ulong)__rl_meta | ((ulong)__rl_bytes << 32);
  }
}
// A branch's condition: records its outcome (1 taken, 0 not), among the
// item's first @BRANCH_CAP@, and returns it.
int __rl_br(uint __rl_meta, __private ulong *__rl_c, __global ulong *__rl_r, int __rl_taken) {
  if (__rl_c[@BRANCHES@]++ < @BRANCH_CAP@UL) __rl_note((ulong)__rl_taken, __rl_meta, 0u, __rl_c, __rl_r);
  return __rl_taken;
}
#line 1
