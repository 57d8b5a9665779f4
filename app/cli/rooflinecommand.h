#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

// kvscope-cli roofline [--quick] [--json] [--backend cpu|cuda|auto]: this machine's roofline measured,
// with our small GPT's steps on it; kvscope-cli roofline --predict ...: the data-sheet TPOT lower bound.
int runRoofline(const std::vector<std::string>& args);

} // namespace kvscope::cli
