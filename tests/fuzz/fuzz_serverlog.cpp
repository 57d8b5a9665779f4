// Server start-up logs (the log explainer): parsed once, then recomputed and compared with the
// estimate of the model the log names, and of Llama-3.1-8B as if the user had chosen it.
#include "fuzzcommon.h"
#include "presets.h"
#include "serverlog.h"

#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const kvscope::ModelShape chosen = kvscope::loadPreset("llama-3.1-8b");
    kvscope::fuzz::expectOnlyErrors([&] {
        std::vector<kvscope::ServerLog> runs = kvscope::parseServerLogRuns(kvscope::fuzz::text(data, size));
        std::size_t previousLast = 0;
        for (kvscope::ServerLog& log : runs) {
            // Runs are in order and never overlap; each says where it is.
            if (log.runs != runs.size() || log.firstLine > log.lastLine ||
                (log.run > 1 && log.firstLine <= previousLast))
                std::abort();
            previousLast = log.lastLine;
            for (const std::string* kept : {&log.version, &log.model, &log.dtype, &log.kvCacheDtype, &log.vCacheDtype,
                                            &log.fileType, &log.failure.text, &log.kvMemoryRank})
                kvscope::fuzz::requireValidUtf8(*kept, "a name from the log");
            for (const kvscope::LogKvCache& cache : log.kvCaches) {
                kvscope::fuzz::requireValidUtf8(cache.kType, "a cache's K type");
                kvscope::fuzz::requireValidUtf8(cache.vType, "a cache's V type");
            }
            if (log.failed != (log.failure.kind != kvscope::LogFailureKind::None))
                std::abort();
            (void)kvscope::explainServerLog(log, std::nullopt);
            (void)kvscope::explainServerLog(std::move(log), chosen);
        }
    });
    return 0;
}
