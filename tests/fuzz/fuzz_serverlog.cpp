// Server start-up logs (the log explainer): parsed once, then recomputed and compared with the
// estimate of the model the log names, and of Llama-3.1-8B as if the user had chosen it.
#include "fuzzcommon.h"
#include "presets.h"
#include "serverlog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const kvscope::ModelShape chosen = kvscope::loadPreset("llama-3.1-8b");
    kvscope::fuzz::expectOnlyErrors([&] {
        kvscope::ServerLog log = kvscope::parseServerLog(kvscope::fuzz::text(data, size));
        for (const std::string* kept :
             {&log.version, &log.model, &log.dtype, &log.kvCacheDtype, &log.vCacheDtype, &log.fileType})
            kvscope::fuzz::requireValidUtf8(*kept, "a name from the log");
        (void)kvscope::explainServerLog(log, std::nullopt);
        (void)kvscope::explainServerLog(std::move(log), chosen);
    });
    return 0;
}
