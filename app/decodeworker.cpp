#include "decodeworker.h"

#include "error.h"

using namespace kvscope::gpu;

double estimateRunSeconds(const DecodeOptions& options, const DecodeReport& probe) {
    // Uncached steps grow with the prefix: use the fit's per-token cost; cached ones stay flat.
    double ms = 0;
    for (const ModeResult& m : probe.modes) {
        if (m.steps.empty())
            continue;
        if (m.mode == CacheMode::None) {
            const double perToken =
                m.steps.back().milliseconds / double(std::max<std::uint64_t>(1, m.steps.back().tokensComputed));
            const double meanTokens = double(options.batch) * (options.promptLen + options.steps / 2.0);
            ms += perToken * meanTokens * options.steps;
        } else {
            ms += m.steps.back().milliseconds * options.steps + m.steps.front().milliseconds;
        }
    }
    return ms / 1000.0;
}

void DecodeWorker::run(const DecodeOptions& options) {
    m_stop = false;
    try {
        DecodeOptions probe = options;
        probe.steps = std::min(2u, options.steps);
        emit estimated(estimateRunSeconds(options, runDecode(probe, &m_stop)));
        if (m_stop)
            return emit finished(DecodeReport{});
        emit finished(runDecode(options, &m_stop, [this](const StepRecord& step) { emit stepMeasured(step); }));
    } catch (const kvscope::Error& e) {
        emit failed(QString::fromUtf8(e.what()));
    } catch (const std::exception& e) {
        emit failed(QString::fromUtf8(e.what()));
    }
}
