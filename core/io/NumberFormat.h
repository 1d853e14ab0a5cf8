// NumberFormat — how our files and messages write a double.
#pragma once

#include <string>

namespace mr {

// A readable number: integral values print without a fraction ("4" not "4.0"), others with the
// shortest text that reads back to the same double.
std::string formatNumber(double value);

}  // namespace mr
