// cli/ceiling_table: the table of ceilings `roofline build` prints.
#pragma once
#include <string>

#include "model/roofs.hpp"

namespace roofline {

std::string format_ceiling_table(const RoofsDocument& doc);

}  // namespace roofline
