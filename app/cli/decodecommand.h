#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

int runDecodeCommand(const std::vector<std::string>& args); // kvscope-cli decode

} // namespace kvscope::cli
