// Server start-up logs (the log explainer): parsed, recomputed and compared with the estimate
// of the model the log names, or of Llama-3.1-8B when it names none.
#include "fuzzcommon.h"
#include "presets.h"
#include "serverlog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const auto text = kvscope::fuzz::text(data, size);
        (void)kvscope::explainServerLog(text);
        (void)kvscope::explainServerLog(text, kvscope::loadPreset("llama-3.1-8b"));
    });
    return 0;
}
