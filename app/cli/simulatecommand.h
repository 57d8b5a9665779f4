#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

int runSimulate(const std::vector<std::string>& args); // kvscope-cli simulate

} // namespace kvscope::cli
