// Scenario files (and the saved last scenario, which uses the same format), and scenario codes (an input that
// starts with kvscope:), which carry a scenario file inside them for a model that is not a preset.
#include "fuzzcommon.h"
#include "scenario.h"
#include "scenariocode.h"
#include "scenariofile.h"

namespace {

void mustSurvive(const kvscope::SharedScreen& screen, const char* what) {
    // What is saved or shared must load back as it was.
    const kvscope::Scenario again = kvscope::scenarioFromText(kvscope::scenarioToText(screen.scenario), "round trip");
    const kvscope::SharedScreen shared = kvscope::decodeScenarioCode(kvscope::encodeScenarioCode(screen));
    if (kvscope::scenarioToText(again) != kvscope::scenarioToText(screen.scenario) ||
        kvscope::scenarioToText(shared.scenario) != kvscope::scenarioToText(screen.scenario) ||
        shared.page != screen.page || shared.lesson != screen.lesson || shared.step != screen.step) {
        std::fprintf(stderr, "fuzz: %s does not survive a save and load or a scenario code\n", what);
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const std::string text(kvscope::fuzz::text(data, size));
        if (kvscope::isScenarioCode(text)) {
            const kvscope::SharedScreen screen = kvscope::decodeScenarioCode(text);
            (void)kvscope::estimate(screen.scenario);
            mustSurvive(screen, "a scenario code");
            return;
        }
        const kvscope::Scenario scenario = kvscope::scenarioFromText(text, "fuzz.kvscope");
        (void)kvscope::estimate(scenario);
        (void)kvscope::capacity(scenario);
        mustSurvive({scenario, "memory", "course:3", 7}, "a scenario");
    });
    return 0;
}
