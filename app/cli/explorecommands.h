#pragma once

#include <string>
#include <vector>

// The window's comparison pages as commands, from the same core/ functions (core/sweep.h):
// the attention page (MHA/GQA/MQA/MLA), the scaling page's sweep and its fit map.
namespace kvscope::cli {

int runAttention(const std::vector<std::string>& args); // kvscope-cli attention
int runSweep(const std::vector<std::string>& args);     // kvscope-cli sweep --over context|batch
int runFitMap(const std::vector<std::string>& args);    // kvscope-cli fitmap

} // namespace kvscope::cli
