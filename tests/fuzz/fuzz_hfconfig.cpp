// config.json import, then every figure the window derives from the imported shape.
#include "fuzzcommon.h"
#include "hfconfig.h"
#include "scenario.h"

#include <algorithm>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        // The input's first line names the file too: a file name need not be UTF-8.
        const std::string_view input = kvscope::fuzz::text(data, size);
        const std::string_view source = input.substr(0, std::min<std::size_t>(input.find('\n'), 64));
        const kvscope::ImportResult imported = kvscope::importHfConfigText(input, source);
        kvscope::fuzz::requireValidUtf8(imported.shape.id, "the model's id");
        kvscope::fuzz::requireValidUtf8(imported.shape.displayName, "the model's name");
        for (const kvscope::ImportNote& note : imported.notes) {
            kvscope::fuzz::requireValidUtf8(note.text, "a note");
            for (const std::string& value : note.values)
                kvscope::fuzz::requireValidUtf8(value, "a note's value");
        }
        for (const std::string& key : imported.ignoredKeys)
            kvscope::fuzz::requireValidUtf8(key, "an ignored key");
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
