// launch/kernel_args: the host data of a user kernel's arguments, made from
// their specs (launch/launch_spec.hpp) deterministically, so a counting run
// on one machine and a timed run on another see the same data: `random` draws
// from a generator seeded by the argument's name (floating types uniform in
// [0, 1), integer types uniform in [0, 256)).
#pragma once
#include <cstdint>
#include <vector>

#include "launch/launch_spec.hpp"

namespace roofline {

// The bytes of a buffer argument's initial data. Throws LaunchSpecError when a
// file= source cannot be read or has the wrong size.
std::vector<unsigned char> make_buffer_data(const ArgSpec& arg);

// The bytes of a scalar argument (its type's size).
std::vector<unsigned char> make_scalar_bytes(const ArgSpec& arg);

}  // namespace roofline
