// The decode driver: validates the options, picks the backend, runs each cache mode step by
// step through it, and turns the measurements into the report (speedup, the two-term fits,
// the four memory figures); englishReading() words it for the CLI. The arithmetic of a
// step lives in the backends.
#include "engine.h"

#include "checked.h"
#include "error.h"
#include "units.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>

namespace kvscope::gpu {

std::string cacheModeName(CacheMode mode) {
    switch (mode) {
    case CacheMode::None:
        return "none";
    case CacheMode::Contiguous:
        return "contiguous";
    case CacheMode::Paged:
        return "paged";
    }
    return "?";
}

std::vector<std::vector<std::int32_t>> makePrompts(const DecodeOptions& options, std::uint32_t vocab) {
    std::mt19937_64 rng(options.seed);
    std::vector<std::vector<std::int32_t>> prompts(options.batch);
    for (auto& p : prompts)
        for (std::uint32_t i = 0; i < options.promptLen; ++i)
            p.push_back(std::int32_t(rng() % vocab));
    return prompts;
}

void fitTwoTerm(const std::vector<double>& x, const std::vector<double>& y, double& a, double& b) {
    const double n = double(x.size());
    if (x.empty()) {
        a = b = 0;
        return;
    }
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    b = sxx > 0 ? sxy / sxx : 0.0;
    a = my - b * mx;
}

std::string precisionName(Precision precision) {
    return precision == Precision::Bf16 ? "bf16" : "fp32";
}

std::uint64_t estimateRunBytes(const DecodeOptions& o, const GptConfig& c) {
    const std::uint64_t e = elementBytes(o.precision);
    const std::uint64_t tokens = std::uint64_t(o.promptLen) + o.steps;
    const std::uint64_t blocks = (tokens + o.blockSize - 1) / o.blockSize * o.blockSize;
    const std::uint64_t cache =
        mulChecked("cache bytes", kvBytesByFormula(c, 1, 1, o.precision), o.batch, std::max(tokens, blocks));
    // The widest forward: the whole prefix of every sequence (uncached). The CPU keeps x, h,
    // q|k|v, the attention output and 4 widths of MLP in FP32; the GPU adds an FP32 product
    // buffer and q, and stores the inputs of the products in the chosen precision. The larger.
    const std::uint64_t rows = mulChecked(std::uint64_t(o.batch), tokens, "activation rows");
    const std::uint64_t W = c.width, qkvOut = W + 2ull * c.kvWidth();
    const std::uint64_t perRowCpu = (4 * W + qkvOut + 4 * W) * sizeof(float);
    const std::uint64_t perRowGpu = (2 * W + std::max(qkvOut, 4 * W)) * sizeof(float) + 6 * W * e;
    const std::uint64_t activations = addChecked(mulChecked(rows, std::max(perRowCpu, perRowGpu), "activation bytes"),
                                                 std::uint64_t(o.batch) * c.vocab * sizeof(float), "activation bytes");
    return addChecked(addChecked(mulChecked(c.parameterCount(), e, "weight bytes"), cache, "run bytes"), activations,
                      "run bytes");
}

bool cudaSupportsShape(const GptConfig& c, std::string* why) {
    if (c.headDim() == 64 || c.headDim() == 128)
        return true;
    if (why)
        *why = "the CUDA attention kernels take a head size (width / heads) of 64 or 128, this model's is " +
               std::to_string(c.headDim());
    return false;
}

Backend chooseBackend(const DecodeOptions& o, const DeviceInfo& device, std::string* why) {
    const bool cudaAnswered = device.backend == Backend::Cuda;
    std::string reason;
    Backend chosen = Backend::Cpu;
    if (o.backend == BackendChoice::Cpu) {
        reason = "--backend cpu";
    } else if (cudaAnswered) {
        chosen = Backend::Cuda;
        reason = o.backend == BackendChoice::Cuda ? "--backend cuda" : "a CUDA device answered";
    } else {
        reason = device.reason.empty() ? std::string("no CUDA device") : device.reason;
        if (o.backend == BackendChoice::Cuda)
            throw Error("--backend cuda: " + reason);
    }
    if (chosen == Backend::Cpu && o.precision == Precision::Bf16)
        throw Error("--dtype bf16 needs the CUDA backend; this run is on the CPU (" + reason +
                    "), which computes in fp32");
    if (chosen == Backend::Cpu && o.graphs)
        throw Error("--graphs needs the CUDA backend; this run is on the CPU (" + reason + ")");
    if (why)
        *why = reason;
    return chosen;
}

DecodeReport runDecode(const DecodeOptions& options, const std::atomic<bool>* stop, const StepCallback& onStep) {
    StopCondition condition;
    condition.flag = stop;
    return runDecode(options, condition, onStep);
}

DecodeReport runDecode(const DecodeOptions& options, const StopCondition& stop, const StepCallback& onStep) {
    if (options.batch == 0 || options.batch > 4096)
        throw Error("--batch must be between 1 and 4096, got " + std::to_string(options.batch));
    if (options.steps == 0)
        throw Error("--steps must be at least 1");
    if (options.promptLen == 0)
        throw Error("--prompt-len must be at least 1");
    if (options.blockSize == 0 || options.blockSize > 1024)
        throw Error("--block-size must be between 1 and 1024, got " + std::to_string(options.blockSize));
    if (options.modes.empty())
        throw Error("--cache: no mode to run");

    DecodeReport report;
    report.device = probeDevice();
    report.backend = chooseBackend(options, report.device, &report.backendWhy);
    report.precision = options.precision;
    report.graphs = options.graphs;
    if (options.weightsFile.empty()) {
        options.model.validate();
        // Refuse before allocating anything, with the numbers.
        const std::uint64_t need = estimateRunBytes(options, options.model);
        const std::uint64_t available =
            report.backend == Backend::Cuda ? report.device.freeBytes : probeCpu().freeBytes;
        const char* where = report.backend == Backend::Cuda ? "free device memory" : "available memory";
        if (available > 0 && need > available)
            throw Error("the run needs " + formatBytes(need) + " (weights " +
                        formatBytes(options.model.parameterCount() * elementBytes(options.precision)) +
                        ", cache and activations) but only " + formatBytes(available) + " of " + where +
                        " is there; lower --batch, --steps or the model size");
    }
    // Drawing a large model's random weights takes seconds: a stop there ends the run before its first step.
    std::optional<GptWeights> drawn = options.weightsFile.empty()
                                          ? detail::randomWeightsUnlessStopped(options.model, stop)
                                          : loadSafetensors(options.weightsFile, options.model.heads);
    if (!drawn) {
        report.stopped = true;
        report.batch = options.batch;
        report.stepsRequested = options.steps;
        report.promptLen = options.promptLen;
        return report;
    }
    const GptWeights& weights = *drawn;
    const GptConfig& c = weights.config;
    if (options.promptLen + options.steps > c.maxContext)
        throw Error("--prompt-len + --steps (" + std::to_string(options.promptLen + options.steps) +
                    ") exceeds the model's context of " + std::to_string(c.maxContext) + " positions");
    std::string unsupported;
    if (report.backend == Backend::Cuda && (!cudaSupportsShape(c, &unsupported) || !cublasAvailable(&unsupported))) {
        if (options.backend == BackendChoice::Cuda || options.precision == Precision::Bf16 || options.graphs)
            throw Error("--backend cuda: " + unsupported + "; --backend cpu runs it on the CPU");
        report.backend = Backend::Cpu; // Auto: the CPU takes every shape and needs no cuBLAS
        report.backendWhy = unsupported;
    }
    report.model = c;
    report.parameters = c.parameterCount();
    const auto prompts = makePrompts(options, c.vocab);

    std::unique_ptr<detail::Session> session;
#ifdef KVSCOPE_HAVE_CUDA
    if (report.backend == Backend::Cuda)
        session = detail::makeCudaSession(weights, options);
#endif
    if (!session)
        session = detail::makeCpuSession(weights, options);

    for (const CacheMode mode : options.modes) {
        ModeResult result;
        result.mode = mode;
        session->resetPeak(); // each mode's peak: the weights plus what the mode itself allocates
        {
            const auto engine = session->engine(mode);
            auto tokens = prompts;
            std::vector<std::int32_t> next;
            bool interrupted = false;
            for (std::uint32_t step = 0; step < options.steps; ++step) {
                if (stop.requested()) {
                    report.stopped = true;
                    break;
                }
                const std::uint32_t length = options.promptLen + step; // tokens known before this step
                // Without a cache every step pushes the whole prefix through the model again;
                // with one, the first step fills the cache with the prompt and later steps add one token.
                const std::uint32_t start = mode == CacheMode::None ? 0 : (step == 0 ? 0 : length - 1);
                const std::optional<double> measured = engine->step(tokens, start, length - start, next, stop);
                if (!measured) { // stopped inside the step: nothing of it is reported
                    report.stopped = interrupted = true;
                    break;
                }
                const double ms = *measured;
                for (std::uint32_t b = 0; b < options.batch; ++b)
                    tokens[b].push_back(next[b]);
                result.totalMs += ms;
                StepRecord record{mode, step, ms, std::uint64_t(options.batch) * (length - start),
                                  engine->kvBytesHeld()};
                result.steps.push_back(record);
                if (onStep)
                    onStep(record);
            }
            result.completed = result.steps.size() == options.steps;
            for (auto& t : tokens)
                result.tokens.emplace_back(t.begin() + options.promptLen, t.end());
            if (!result.steps.empty() && !interrupted) // an interrupted step leaves the logits half-computed
                result.lastLogits = engine->lastLogits();
            result.memory.processBytes = session->systemBytes();
            result.memory.processSource = session->systemSource();
        }
        result.tokensPerSecond =
            result.totalMs > 0 ? double(options.batch) * double(result.steps.size()) / (result.totalMs / 1000.0) : 0;
        result.memory.theoreticalWeightBytes = report.parameters * elementBytes(options.precision);
        // The formula for the tokens this mode reached: all of them, or as far as a stopped run got.
        result.memory.theoreticalKvBytes =
            mode == CacheMode::None
                ? 0
                : kvBytesByFormula(c, options.batch, options.promptLen + result.steps.size(), options.precision);
        result.memory.peakAllocatedBytes = session->peakAllocated();
        report.modes.push_back(std::move(result));
        if (report.stopped)
            break;
    }

    // Tokens agree across completed modes; fit over every step of every completed mode.
    report.batch = options.batch;
    report.stepsRequested = options.steps;
    report.promptLen = options.promptLen;
    std::vector<double> xs, ys;
    const ModeResult* first = nullptr;
    int completedModes = 0;
    for (const ModeResult& m : report.modes) {
        if (!m.completed)
            continue;
        ++completedModes;
        if (first && m.tokens != first->tokens)
            report.tokensIdentical = false;
        first = first ? first : &m;
        for (const StepRecord& s : m.steps) {
            xs.push_back(double(s.tokensComputed));
            ys.push_back(s.milliseconds);
        }
    }
    report.tokensCompared = completedModes >= 2;
    report.fitSteps = xs.size();
    report.fitMeasured = !xs.empty() && std::any_of(xs.begin(), xs.end(), [&](double x) { return x != xs.front(); });
    if (report.fitMeasured)
        fitTwoTerm(xs, ys, report.fitAms, report.fitBms);
    const ModeResult* none = nullptr;
    const ModeResult* cached = nullptr;
    for (const ModeResult& m : report.modes) {
        if (m.completed && m.mode == CacheMode::None)
            none = &m;
        if (m.completed && m.mode == CacheMode::Contiguous)
            cached = &m;
    }
    // Shares only mean something when both terms came out positive; noisy or few steps can
    // give a negative intercept, and then the report says the model does not fit.
    const kvscope::StepModel fit = report.leastSquares();
    report.fitValid = report.fitMeasured && fit.splits();
    if (report.fitValid)
        report.fixedCostShareCached = fit.fixedShare(double(options.batch));
    if (none && report.fitValid) {
        double meanTokens = 0;
        for (const StepRecord& s : none->steps)
            meanTokens += double(s.tokensComputed) / double(none->steps.size());
        report.fixedCostShareUncached = fit.fixedShare(meanTokens);
    }
    if (none && cached && cached->totalMs > 0)
        report.speedup = none->totalMs / cached->totalMs;
    for (ModeResult& m : report.modes) {
        m.msPerStep = m.steps.empty() ? 0.0 : m.totalMs / double(m.steps.size());
        if (none && m.completed && m.mode != CacheMode::None && m.totalMs > 0)
            m.speedupVsNone = none->totalMs / m.totalMs;
    }
    report.twoPoint = twoPointFit(report);
    return report;
}

TwoPointFit twoPointFit(const DecodeReport& report) {
    TwoPointFit fit;
    const auto completed = [&](CacheMode mode) -> const ModeResult* {
        for (const ModeResult& m : report.modes)
            if (m.completed && m.mode == mode)
                return &m;
        return nullptr;
    };
    const ModeResult* none = completed(CacheMode::None);
    const ModeResult* cached = completed(CacheMode::Contiguous);
    if (!cached)
        cached = completed(CacheMode::Paged);
    if (!none || !cached || none->steps.empty())
        return fit;
    fit.cachedMode = cached->mode;
    // y1: the cached steps that computed one token per sequence (not the prompt's step 0,
    // unless the prompt is one token long).
    const double oneToken = double(report.batch);
    int n = 0;
    for (const StepRecord& s : cached->steps)
        if (double(s.tokensComputed) == oneToken) {
            fit.cachedMs += s.milliseconds;
            ++n;
        }
    if (n == 0)
        return fit;
    fit.cachedTokens = oneToken;
    fit.cachedMs /= n;
    for (const StepRecord& s : none->steps) {
        fit.uncachedTokens += double(s.tokensComputed);
        fit.uncachedMs += s.milliseconds;
    }
    fit.uncachedTokens /= double(none->steps.size());
    fit.uncachedMs /= double(none->steps.size());
    if (fit.uncachedTokens == fit.cachedTokens)
        return fit; // one step of a one-token prompt: two equal equations
    fit.model = kvscope::fitTwoPoints(fit.cachedTokens, fit.cachedMs, fit.uncachedTokens, fit.uncachedMs);
    fit.measured = true;
    return fit;
}

std::vector<double> predictSteps(const kvscope::StepModel& model, const std::vector<StepRecord>& steps) {
    std::vector<double> ms;
    ms.reserve(steps.size());
    for (const StepRecord& s : steps)
        ms.push_back(model.predict(double(s.tokensComputed)));
    return ms;
}

std::vector<ModeCheck> checkStepModel(const kvscope::StepModel& model, const DecodeReport& report) {
    std::vector<ModeCheck> rows;
    for (const ModeResult& m : report.modes) {
        if (m.steps.empty())
            continue;
        ModeCheck c;
        c.mode = m.mode;
        c.completed = m.completed;
        for (const StepRecord& s : m.steps) {
            c.meanTokens += double(s.tokensComputed);
            c.measuredMs += s.milliseconds;
        }
        c.meanTokens /= double(m.steps.size());
        c.measuredMs /= double(m.steps.size());
        c.predictedMs = model.predict(c.meanTokens);
        c.missedMs = c.measuredMs - c.predictedMs;
        c.missedShare = c.predictedMs > 0 ? c.missedMs / c.predictedMs : 0.0;
        rows.push_back(c);
    }
    return rows;
}

std::string englishReading(const DecodeReport& r) {
    std::string out;
    char line[512];
    const auto add = [&](const std::string& sentence) { out += (out.empty() ? "" : " ") + sentence; };
    if (r.speedupMeasured()) {
        std::snprintf(line, sizeof line,
                      "With a cache each step pushed %u position(s) instead of the whole prefix and ran %.1fx faster.",
                      r.batch, r.speedup);
        add(line);
    } else {
        add("Speedup not measured: it needs complete runs without a cache and with a contiguous one.");
    }
    if (r.fitValid) {
        std::snprintf(line, sizeof line,
                      "Least squares: step = %.3f ms + %.5f ms x tokens, so %.0f%% of a cached step is fixed cost.",
                      r.fitAms, r.fitBms, 100.0 * r.fixedCostShareCached);
        add(line);
    } else if (r.fitMeasured) {
        std::snprintf(line, sizeof line,
                      "The two-term model step = a + b x tokens does not fit these steps (a = %.3f ms, b = %.5f ms): "
                      "too few or too noisy steps to split fixed from per-token cost.",
                      r.fitAms, r.fitBms);
        add(line);
    } else {
        add("Two-term fit not measured: no completed mode, or every step computed the same number of tokens.");
    }
    if (r.twoPoint.measured) {
        std::snprintf(line, sizeof line,
                      "Two equations: a + %.0f b = %.3f ms (cached), a + %.1f b = %.3f ms (uncached) give a = %.3f ms, "
                      "b = %.5f ms.",
                      r.twoPoint.cachedTokens, r.twoPoint.cachedMs, r.twoPoint.uncachedTokens, r.twoPoint.uncachedMs,
                      r.twoPoint.model.aMs, r.twoPoint.model.bMs);
        add(line);
    }
    if (!r.tokensCompared)
        add("Tokens not compared: fewer than two modes completed.");
    if (r.stopped) {
        for (const ModeResult& m : r.modes)
            if (!m.completed) {
                std::snprintf(line, sizeof line, "Stopped in the %s mode after %zu of %u steps.",
                              cacheModeName(m.mode).c_str(), m.steps.size(), r.stepsRequested);
                add(line);
            }
    }
    return out;
}

#ifndef KVSCOPE_HAVE_CUDA
AttentionTiming timeAttentionCuda(const GptConfig&, std::uint32_t, std::uint32_t, CacheMode, std::uint32_t, Precision,
                                  int) {
    throw Error("this build has no CUDA backend (the CUDA Toolkit was not found when it was built)");
}

double deviceCopyBandwidth(std::uint64_t, int) {
    throw Error("this build has no CUDA backend (the CUDA Toolkit was not found when it was built)");
}

bool cublasAvailable(std::string* why) {
    if (why)
        *why = "this build has no CUDA backend (the CUDA Toolkit was not found when it was built)";
    return false;
}
#endif

} // namespace kvscope::gpu
