#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

// `kvscope-cli explain-log FILE|-`: a server's start-up log read back, recomputed, checked and
// set against KV Scope's estimate for the same model and settings (core/serverlog.h).
int runExplainLog(const std::vector<std::string>& args);

} // namespace kvscope::cli
