// Scenario files (and the saved last scenario, which uses the same format).
#include "fuzzcommon.h"
#include "scenario.h"
#include "scenariofile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const kvscope::Scenario scenario = kvscope::scenarioFromText(kvscope::fuzz::text(data, size), "fuzz.kvscope");
        (void)kvscope::estimate(scenario);
        (void)kvscope::capacity(scenario);
        // What is saved must load back.
        const kvscope::Scenario again = kvscope::scenarioFromText(kvscope::scenarioToText(scenario), "round trip");
        if (kvscope::scenarioToText(again) != kvscope::scenarioToText(scenario)) {
            std::fprintf(stderr, "fuzz: a scenario does not survive a save and load\n");
            std::abort();
        }
    });
    return 0;
}
