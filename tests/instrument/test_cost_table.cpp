// What an OpenCL C builtin counts for by its name (instrument/cost_table, the
// counting rules of docs/methodology.md).
#include <doctest/doctest.h>

#include "instrument/cost_table.hpp"

using namespace roofline;

TEST_CASE("builtin cost table") {
  CHECK(builtin_ops("mad", 4, 4) == 8);
  CHECK(builtin_ops("fma", 1, 1) == 2);
  CHECK(builtin_ops("dot", 4, 1) == 7);
  CHECK(builtin_ops("dot", 1, 1) == 1);
  CHECK(builtin_ops("length", 3, 1) == 6);
  CHECK(builtin_ops("normalize", 4, 4) == 12);
  CHECK(builtin_ops("cross", 4, 4) == 9);
  CHECK(builtin_ops("native_sqrt", 2, 2) == 2);
  CHECK(builtin_ops("half_exp", 1, 1) == 1);
  CHECK(builtin_ops("min", 4, 4) == 0);
  CHECK(builtin_ops("get_global_id", 1, 1) == 0);
  CHECK(atomic_kind("atomic_add").arithmetic);
  CHECK(atomic_kind("atom_inc").stores);
  CHECK(!atomic_kind("atomic_xchg").arithmetic);
  CHECK(atomic_kind("atomic_load_explicit").loads);
  CHECK(!atomic_kind("atomic_load_explicit").stores);
  CHECK(!atomic_kind("atomic_work_item_fence").is_atomic);
  CHECK(!atomic_kind("add_sat").is_atomic);
  // Values read from memory (the dependent chains start there again).
  CHECK(returns_loaded_value("vload4"));
  CHECK(returns_loaded_value("vload_half"));
  CHECK(returns_loaded_value("read_imagef"));
  CHECK(returns_loaded_value("atomic_add"));
  CHECK(!returns_loaded_value("atomic_store"));
  CHECK(!returns_loaded_value("vstore4"));
  CHECK(!returns_loaded_value("mad"));
}
