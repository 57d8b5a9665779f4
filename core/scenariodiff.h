#pragma once

#include "scenario.h"

#include <cstdint>
#include <vector>

namespace kvscope {

// What one change of the controls did, for the status bar's narration
// ("batch 8 -> 16: KV cache 8 -> 16 GiB (x2), weights unchanged"). The figures are the
// two estimates' own; the ratios are after / before (0 when before is 0).
struct ScenarioDiff {
    using Field = ScenarioField; // Gpu covers the card's preset and memory together
    std::vector<Field> changed;  // in the order above; empty when nothing a user sees changed
    std::uint64_t kvBefore = 0, kvAfter = 0;
    std::uint64_t weightsBefore = 0, weightsAfter = 0;
    std::uint64_t totalBefore = 0, totalAfter = 0;
    double kvRatio = 0.0;
    double weightsRatio = 0.0;
    bool fitsBefore = false, fitsAfter = false;
};

ScenarioDiff diffScenarios(const Scenario& before, const Estimate& estimateBefore, const Scenario& after,
                           const Estimate& estimateAfter);

} // namespace kvscope
