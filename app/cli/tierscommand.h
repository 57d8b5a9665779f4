#pragma once

#include <string>
#include <vector>

namespace kvscope::cli {

// kvscope-cli tiers: a scenario's KV cache beyond the GPU (core/kvtiers.h): the tokens the GPU pool, host memory
// and a disk hold, and for a request's cache over each link the reload (or disaggregation hand-off) time against
// computing it again, with the lengths at which the two change places.
int runTiers(const std::vector<std::string>& args);

} // namespace kvscope::cli
