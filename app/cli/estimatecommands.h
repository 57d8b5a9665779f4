#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

int runEstimate(const std::vector<std::string>& args); // kvscope-cli estimate
int runCapacity(const std::vector<std::string>& args); // kvscope-cli capacity
int runPresets(const std::vector<std::string>& args);  // kvscope-cli presets

} // namespace kvscope::cli
