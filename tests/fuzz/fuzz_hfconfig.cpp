// config.json import, then every figure the window derives from the imported shape.
#include "fuzzcommon.h"
#include "hfconfig.h"
#include "scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const kvscope::ImportResult imported =
            kvscope::importHfConfigText(kvscope::fuzz::text(data, size), "fuzz.json");
        kvscope::Scenario scenario = kvscope::defaultScenario();
        scenario.model = imported.shape;
        const kvscope::Estimate e = kvscope::estimate(scenario);
        (void)e;
        (void)kvscope::capacity(scenario);
        (void)kvscope::maxBatchForContext(scenario);
        (void)kvscope::maxContextForBatch(scenario);
    });
    return 0;
}
