// The decode driver: validates the options, picks the backend, runs each cache mode step by
// step through it, and turns the measurements into the report (speedup, the two-term fits,
// the four memory figures); englishReading() words it for the CLI. The arithmetic of a
// step lives in the backends.
#include "engine.h"

#include "checked.h"
#include "dtype.h"
#include "enumnames.h"
#include "error.h"
#include "memorymodel.h"
#include "modelshape.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

namespace kvscope::gpu {

namespace {
constexpr EnumName<CacheMode> kCacheModes[] = {
    {CacheMode::None, "none"},   {CacheMode::Contiguous, "contiguous"},
    {CacheMode::Paged, "paged"}, {CacheMode::Dynamic, "dynamic"},
    {CacheMode::Int8, "int8"},   {CacheMode::Fp8, "fp8"},
};
constexpr EnumName<BackendChoice> kBackendChoices[] = {
    {BackendChoice::Auto, "auto"},
    {BackendChoice::Cpu, "cpu"},
    {BackendChoice::Cuda, "cuda"},
};
constexpr EnumName<Precision> kPrecisions[] = {{Precision::Fp32, "fp32"}, {Precision::Bf16, "bf16"}};
} // namespace

std::string cacheModeName(CacheMode mode) {
    return std::string(enumName(kCacheModes, mode));
}

std::vector<CacheMode> allCacheModes() {
    return enumValues(kCacheModes);
}

std::optional<CacheMode> parseCacheMode(std::string_view name) {
    if (name == "static") // Hugging Face's name for a cache reserved up front
        return CacheMode::Contiguous;
    return enumFromName(kCacheModes, name);
}

std::vector<CacheMode> parseCacheModeList(std::string_view list, std::string_view option) {
    if (list == "all")
        return allCacheModes();
    std::vector<CacheMode> modes;
    for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        const std::string_view name = list.substr(at, comma - at);
        const std::optional<CacheMode> mode = parseCacheMode(name);
        if (!mode) {
            std::string expected;
            for (const CacheMode m : allCacheModes())
                expected += cacheModeName(m) + (m == CacheMode::Contiguous ? " (static), " : ", ");
            throw Error(std::string(option) + ": expected " + expected +
                        "a comma-separated list of them, or all, got '" + std::string(name) + "'");
        }
        if (std::find(modes.begin(), modes.end(), *mode) == modes.end())
            modes.push_back(*mode);
        at = comma + 1;
    }
    return modes;
}

std::string backendChoiceName(BackendChoice choice) {
    return std::string(enumName(kBackendChoices, choice));
}

std::vector<BackendChoice> allBackendChoices() {
    return enumValues(kBackendChoices);
}

std::optional<BackendChoice> parseBackendChoice(std::string_view name) {
    return enumFromName(kBackendChoices, name);
}

BackendChoice parseBackendChoice(std::string_view name, std::string_view option) {
    if (const auto choice = parseBackendChoice(name))
        return *choice;
    throw Error(std::string(option) + ": expected " + enumNameList(kBackendChoices) + ", got '" + std::string(name) +
                "'");
}

std::vector<Precision> allPrecisions() {
    return enumValues(kPrecisions);
}

std::optional<Precision> parsePrecision(std::string_view name) {
    return enumFromName(kPrecisions, name);
}

Precision parsePrecision(std::string_view name, std::string_view option) {
    if (const auto precision = parsePrecision(name))
        return *precision;
    throw Error(std::string(option) + ": expected " + enumNameList(kPrecisions) + ", got '" + std::string(name) + "'");
}

kvscope::DType cacheDType(CacheMode mode, Precision precision, const GptConfig& model) {
    switch (mode) {
    case CacheMode::Int8:
        return kvscope::DType::quantized(kvscope::DTypeKind::INT8, model.headDim(), kvscope::DTypeKind::FP32);
    case CacheMode::Fp8:
        return kvscope::DType::quantized(kvscope::DTypeKind::FP8, model.headDim(), kvscope::DTypeKind::FP32);
    default:
        return precisionDType(precision);
    }
}

kvscope::DType precisionDType(Precision precision) {
    return precision == Precision::Bf16 ? kvscope::DType::bf16() : kvscope::DType::fp32();
}

std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens,
                               const kvscope::DType& dtype) {
    return kvscope::kvBytes(modelShapeOf(model), dtype, tokens, batch);
}

std::uint64_t weightBytesByFormula(const GptConfig& model, Precision precision) {
    return kvscope::weightBytes(model.parameterCount(), precisionDType(precision));
}

float quantizeInt8(const float* x, std::size_t n, std::int8_t* q) {
    float absmax = 0.0f;
    for (std::size_t i = 0; i < n; ++i)
        absmax = std::max(absmax, std::abs(x[i]));
    const float scale = absmax / 127.0f;
    const float inverse = absmax > 0.0f ? 127.0f / absmax : 0.0f;
    for (std::size_t i = 0; i < n; ++i)
        q[i] = std::int8_t(std::clamp(std::lround(x[i] * inverse), -127l, 127l));
    return scale;
}

std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens, CacheMode mode,
                               Precision precision) {
    return kvBytesByFormula(model, batch, tokens, cacheDType(mode, precision, model));
}

std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens, Precision precision) {
    return kvBytesByFormula(model, batch, tokens, CacheMode::Contiguous, precision);
}

Latency latencyOf(const std::vector<StepRecord>& steps) {
    Latency l;
    if (steps.empty())
        return l;
    l.ttftMeasured = true;
    l.ttftMs = steps.front().milliseconds;
    std::vector<double> later;
    for (std::size_t i = 1; i < steps.size(); ++i)
        later.push_back(steps[i].milliseconds);
    l.tpotSteps = later.size();
    if (later.empty())
        return l;
    l.tpotMeanMs = std::accumulate(later.begin(), later.end(), 0.0) / double(later.size());
    std::sort(later.begin(), later.end());
    const std::size_t rank = (later.size() * 9 + 9) / 10; // ceil(0.9 n), 1-based
    l.tpotP90Ms = later[rank - 1];
    return l;
}

Accuracy compareTokens(const std::vector<std::vector<std::int32_t>>& tokens,
                       const std::vector<std::vector<float>>& stepLogits,
                       const std::vector<std::vector<std::int32_t>>& referenceTokens,
                       const std::vector<std::vector<float>>& referenceLogits) {
    Accuracy a;
    const std::size_t sequences = std::min(tokens.size(), referenceTokens.size());
    if (sequences == 0)
        return a;
    a.compared = true;
    std::int64_t firstOfSequence0 = -1;
    for (std::size_t b = 0; b < sequences; ++b) {
        const std::size_t steps = std::min(tokens[b].size(), referenceTokens[b].size());
        a.tokensCompared += steps;
        for (std::size_t s = 0; s < steps; ++s) {
            if (tokens[b][s] == referenceTokens[b][s]) {
                ++a.tokensAgreeing;
                continue;
            }
            if (a.firstDifferentStep < 0 || std::int64_t(s) < a.firstDifferentStep)
                a.firstDifferentStep = std::int64_t(s);
            if (b == 0 && firstOfSequence0 < 0)
                firstOfSequence0 = std::int64_t(s);
        }
    }
    // Step s's logits come from the prompt and tokens 0 .. s-1: comparable while those agree.
    std::size_t logitSteps = std::min(stepLogits.size(), referenceLogits.size());
    if (firstOfSequence0 >= 0)
        logitSteps = std::min(logitSteps, std::size_t(firstOfSequence0) + 1);
    for (std::size_t s = 0; s < logitSteps; ++s) {
        const std::size_t n = std::min(stepLogits[s].size(), referenceLogits[s].size());
        for (std::size_t i = 0; i < n; ++i)
            a.maxLogitDiff = std::max(a.maxLogitDiff, double(std::abs(stepLogits[s][i] - referenceLogits[s][i])));
        ++a.logitStepsCompared;
    }
    return a;
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

kvscope::StepModel fitTwoTermPhysical(const std::vector<double>& x, const std::vector<double>& y) {
    kvscope::StepModel free;
    fitTwoTerm(x, y, free.aMs, free.bMs);
    if (free.aMs >= 0 && free.bMs >= 0)
        return free;
    // The best line lies on an edge of the feasible quadrant: through the origin, or flat.
    double sxx = 0, sxy = 0, sy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += x[i] * x[i];
        sxy += x[i] * y[i];
        sy += y[i];
    }
    const kvscope::StepModel throughOrigin{0.0, sxx > 0 ? std::max(0.0, sxy / sxx) : 0.0};
    const kvscope::StepModel flat{x.empty() ? 0.0 : std::max(0.0, sy / double(x.size())), 0.0};
    const auto squares = [&](const kvscope::StepModel& m) {
        double sum = 0;
        for (std::size_t i = 0; i < x.size(); ++i)
            sum += (y[i] - m.predict(x[i])) * (y[i] - m.predict(x[i]));
        return sum;
    };
    return squares(throughOrigin) <= squares(flat) ? throughOrigin : flat;
}

double relativeScatter(std::vector<double> ms) {
    if (ms.size() < 3)
        return 0.0;
    const auto median = [](std::vector<double>& v) {
        const std::size_t mid = v.size() / 2;
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
        const double upper = v[mid];
        if (v.size() % 2)
            return upper;
        return (upper + *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid))) / 2;
    };
    const double middle = median(ms);
    if (middle <= 0)
        return 0.0;
    for (double& t : ms)
        t = std::abs(t - middle);
    return median(ms) / middle;
}

std::string precisionName(Precision precision) {
    return std::string(enumName(kPrecisions, precision));
}

std::uint64_t estimateRunBytes(const DecodeOptions& o, const GptConfig& c) {
    const std::uint64_t e = elementBytes(o.precision);
    const std::uint64_t tokens = std::uint64_t(o.promptLen) + o.steps;
    const std::uint64_t blocks = (tokens + o.blockSize - 1) / o.blockSize * o.blockSize;
    const std::uint64_t cache = kvBytesByFormula(c, o.batch, std::max(tokens, blocks), o.precision);
    // The widest forward: the whole prefix of every sequence (uncached). The CPU keeps x, h,
    // q|k|v, the attention output and 4 widths of MLP in FP32; the GPU adds an FP32 product
    // buffer and q, and stores the inputs of the products in the chosen precision. The larger.
    const std::uint64_t rows = mulChecked("activation rows", std::uint64_t(o.batch), tokens);
    const std::uint64_t W = c.width, qkvOut = W + 2ull * c.kvWidth();
    const std::uint64_t perRowCpu = (4 * W + qkvOut + 4 * W) * sizeof(float);
    const std::uint64_t perRowGpu = (2 * W + std::max(qkvOut, 4 * W)) * sizeof(float) + 6 * W * e;
    const std::uint64_t activations = addChecked(mulChecked("activation bytes", rows, std::max(perRowCpu, perRowGpu)),
                                                 std::uint64_t(o.batch) * c.vocab * sizeof(float), "activation bytes");
    return addChecked(addChecked(weightBytesByFormula(c, o.precision), cache, "run bytes"), activations, "run bytes");
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
    if (chosen == Backend::Cpu && !o.skipUnsupportedModes &&
        std::find(o.modes.begin(), o.modes.end(), CacheMode::Fp8) != o.modes.end())
        throw Error("--cache fp8 needs the CUDA backend (FP8 E4M3 is a GPU format); this run is on the CPU (" + reason +
                    "): leave fp8 out of --cache, or ask for --cache all, which skips it with a note");
    if (why)
        *why = reason;
    return chosen;
}

DecodeReport runDecode(const DecodeOptions& options, const std::atomic<bool>* stop, const StepCallback& onStep) {
    StopCondition condition;
    condition.flag = stop;
    return runDecode(options, condition, onStep);
}

namespace {

using Logits = std::vector<std::vector<float>>; // sequence 0's logits, step by step

// ---- validation and backend choice ---------------------------------------------------------

// The options' own limits, checked before anything is probed or allocated.
void validateOptions(const DecodeOptions& o) {
    if (o.batch == 0 || o.batch > 4096)
        throw Error("--batch must be between 1 and 4096, got " + std::to_string(o.batch));
    if (o.steps == 0)
        throw Error("--steps must be at least 1");
    if (o.promptLen == 0)
        throw Error("--prompt-len must be at least 1");
    if (o.blockSize == 0 || o.blockSize > 1024)
        throw Error("--block-size must be between 1 and 1024, got " + std::to_string(o.blockSize));
    if (o.modes.empty())
        throw Error("--cache: no mode to run");
}

// Random weights are drawn only when the whole run fits where it will run: refused before
// anything is allocated, with the numbers.
void refuseWhatCannotFit(const DecodeOptions& o, const DecodeReport& report) {
    o.model.validate();
    const std::uint64_t need = estimateRunBytes(o, o.model);
    const bool cuda = report.backend == Backend::Cuda;
    const std::uint64_t available = cuda ? report.device.freeBytes : probeCpu().freeBytes;
    if (available > 0 && need > available)
        throw Error("the run needs " + formatBytes(need) + " (weights " +
                    formatBytes(weightBytesByFormula(o.model, o.precision)) + ", cache and activations) but only " +
                    formatBytes(available) + " of " + (cuda ? "free device memory" : "available memory") +
                    " is there; lower --batch, --steps or the model size");
}

// The weights file, or random weights; nothing when a stop came while they were drawn (a large
// model's take seconds).
std::optional<GptWeights> loadWeights(const DecodeOptions& o, const StopCondition& stop) {
    if (o.weightsFile.empty())
        return detail::randomWeightsUnlessStopped(o.model, stop);
    return loadSafetensors(o.weightsFile, o.model.heads);
}

// The CUDA kernels take head sizes 64 and 128 and need cuBLAS: without them Auto runs on the
// CPU (the report says why) and an explicit CUDA run is refused.
void fallBackWhenCudaCannot(const DecodeOptions& o, const GptConfig& c, DecodeReport& report) {
    std::string unsupported;
    if (report.backend != Backend::Cuda || (cudaSupportsShape(c, &unsupported) && cublasAvailable(&unsupported)))
        return;
    if (o.backend == BackendChoice::Cuda || o.precision == Precision::Bf16 || o.graphs)
        throw Error("--backend cuda: " + unsupported + "; --backend cpu runs it on the CPU");
    report.backend = Backend::Cpu; // Auto: the CPU takes every shape and needs no cuBLAS
    report.backendWhy = unsupported;
}

// The modes asked for that this backend runs: fp8 on the CPU is refused, or (--cache all)
// dropped with a note in the report.
std::vector<CacheMode> modesToRun(const DecodeOptions& o, DecodeReport& report) {
    std::vector<CacheMode> modes;
    for (const CacheMode mode : o.modes) {
        if (mode == CacheMode::Fp8 && report.backend == Backend::Cpu) {
            if (!o.skipUnsupportedModes)
                throw Error("--cache fp8 needs the CUDA backend (FP8 E4M3 is a GPU format); this run is on the CPU (" +
                            report.backendWhy + "): leave fp8 out of --cache");
            report.skippedModes.push_back(mode);
            report.skippedWhy = "fp8 needs the CUDA backend; this run is on the CPU";
            continue;
        }
        modes.push_back(mode);
    }
    if (modes.empty())
        throw Error("--cache: no mode this backend runs (" + report.skippedWhy + ")");
    return modes;
}

std::unique_ptr<detail::Session> openSession(Backend backend, const GptWeights& weights, const DecodeOptions& o) {
#ifdef KVSCOPE_HAVE_CUDA
    if (backend == Backend::Cuda)
        return detail::makeCudaSession(weights, o);
#else
    (void)backend;
#endif
    return detail::makeCpuSession(weights, o);
}

// ---- one mode's run ------------------------------------------------------------------------

// What every mode of a run shares.
struct RunContext {
    detail::Session& session;
    const DecodeOptions& options;
    const GptConfig& model;
    const std::vector<std::vector<std::int32_t>>& prompts;
    const StopCondition& stop;
    const StepCallback& onStep;
};

// Steps `engine` through the run, recording each step in `result` (and sequence 0's logits in
// `stepLogits`, for the accuracy figures). `hidden`: the accuracy reference nobody asked to see,
// reported to no callback. Sets `stopped` when a stop ended it early.
void stepThrough(const RunContext& run, detail::StepEngine& engine, bool hidden, ModeResult& result, Logits& stepLogits,
                 bool& stopped) {
    const DecodeOptions& o = run.options;
    auto tokens = run.prompts;
    std::vector<std::int32_t> next;
    bool interrupted = false;
    for (std::uint32_t step = 0; step < o.steps; ++step) {
        if (run.stop.requested()) {
            stopped = true;
            break;
        }
        const std::uint32_t length = o.promptLen + step; // tokens known before this step
        // Without a cache every step pushes the whole prefix through the model again; with one,
        // the first step fills the cache with the prompt and later steps add one token.
        const std::uint32_t start = result.mode == CacheMode::None ? 0 : (step == 0 ? 0 : length - 1);
        const std::optional<double> ms = engine.step(tokens, start, length - start, next, run.stop);
        if (!ms) { // stopped inside the step: nothing of it is reported
            stopped = interrupted = true;
            break;
        }
        for (std::uint32_t b = 0; b < o.batch; ++b)
            tokens[b].push_back(next[b]);
        result.totalMs += *ms;
        const StepRecord record{result.mode,
                                step,
                                *ms,
                                std::uint64_t(o.batch) * (length - start),
                                engine.kvBytesHeld(),
                                engine.kvBytesPeakInStep(),
                                engine.kvBytesCopiedInStep()};
        result.peakKvBytes = std::max(result.peakKvBytes, record.kvBytesPeak);
        result.kvBytesCopied += record.kvBytesCopied;
        result.steps.push_back(record);
        if (o.compareWithReference) // after the step's clock stopped
            stepLogits.push_back(engine.lastLogits());
        if (run.onStep && !hidden)
            run.onStep(record);
    }
    result.completed = result.steps.size() == o.steps;
    for (auto& t : tokens)
        result.tokens.emplace_back(t.begin() + o.promptLen, t.end());
    if (!result.steps.empty() && !interrupted) // an interrupted step leaves the logits half-computed
        result.lastLogits = engine.lastLogits();
}

// One mode, from a fresh engine to its figures.
ModeResult runMode(const RunContext& run, CacheMode mode, bool hidden, Logits& stepLogits, bool& stopped) {
    const DecodeOptions& o = run.options;
    ModeResult result;
    result.mode = mode;
    const kvscope::DType dtype = cacheDType(mode, o.precision, run.model);
    result.cacheDType = dtype.name();
    result.cacheBitsPerValue = dtype.effectiveBits();
    run.session.resetPeak(); // each mode's peak: the weights plus what the mode itself allocates
    {
        const auto engine = run.session.engine(mode);
        stepThrough(run, *engine, hidden, result, stepLogits, stopped);
        result.memory.processBytes = run.session.systemBytes(); // while the engine holds its memory
        result.memory.processSource = run.session.systemSource();
    }
    result.tokensPerSecond =
        result.totalMs > 0 ? double(o.batch) * double(result.steps.size()) / (result.totalMs / 1000.0) : 0;
    result.memory.theoreticalWeightBytes = weightBytesByFormula(run.model, o.precision);
    // The formula for the tokens this mode reached: all of them, or as far as a stopped run got.
    result.memory.theoreticalKvBytes =
        mode == CacheMode::None ? 0 : kvBytesByFormula(run.model, o.batch, o.promptLen + result.steps.size(), dtype);
    result.memory.peakAllocatedBytes = run.session.peakAllocated();
    result.latency = latencyOf(result.steps);
    return result;
}

// Every mode in turn, the accuracy reference first: the contiguous mode, asked for or run hidden
// when only other caches were asked for, so that a stop leaves no half comparison. Each mode's
// tokens and logits are then compared with the reference's.
void runModes(const RunContext& run, const std::vector<CacheMode>& modes, DecodeReport& report) {
    const bool contiguousAsked = std::find(modes.begin(), modes.end(), CacheMode::Contiguous) != modes.end();
    // Hidden only for a cache to compare: a run of the uncached mode alone is not compared.
    const bool cacheAsked = std::any_of(modes.begin(), modes.end(), [](CacheMode m) { return m != CacheMode::None; });
    ModeResult hiddenReference;
    Logits hiddenLogits;
    if (run.options.compareWithReference && !contiguousAsked && cacheAsked) {
        hiddenReference = runMode(run, CacheMode::Contiguous, true, hiddenLogits, report.stopped);
        report.referenceHidden = true;
    }
    std::vector<Logits> modeLogits;
    for (const CacheMode mode : modes) {
        if (report.stopped)
            break;
        report.noise.probeMs.push_back(loadProbeMs(run.options.threads));
        modeLogits.emplace_back();
        report.modes.push_back(runMode(run, mode, false, modeLogits.back(), report.stopped));
    }
    if (!report.modes.empty() && !report.stopped)
        report.noise.probeMs.push_back(loadProbeMs(run.options.threads));
    if (!run.options.compareWithReference)
        return;
    const ModeResult* reference = report.referenceHidden ? &hiddenReference : nullptr;
    const Logits* referenceLogits = &hiddenLogits;
    for (std::size_t i = 0; i < report.modes.size() && !reference; ++i)
        if (report.modes[i].mode == CacheMode::Contiguous) {
            reference = &report.modes[i];
            referenceLogits = &modeLogits[i];
        }
    report.referenceMeasured = reference && reference->completed;
    if (!report.referenceMeasured)
        return;
    for (std::size_t i = 0; i < report.modes.size(); ++i) {
        ModeResult& m = report.modes[i];
        if (m.steps.empty())
            continue;
        m.accuracy = compareTokens(m.tokens, modeLogits[i], reference->tokens, *referenceLogits);
        m.accuracy.isReference = &m == reference;
    }
}

// ---- the fit and the comparison ------------------------------------------------------------

const ModeResult* completedMode(const DecodeReport& report, CacheMode mode) {
    for (const ModeResult& m : report.modes)
        if (m.completed && m.mode == mode)
            return &m;
    return nullptr;
}

// The exact caches of the completed modes must agree token for token; a quantized one may not
// (its accuracy figures say how far).
void compareTokensAcrossModes(DecodeReport& report) {
    const ModeResult* first = nullptr;
    int exactModes = 0;
    for (const ModeResult& m : report.modes) {
        if (!m.completed || isQuantized(m.mode))
            continue;
        ++exactModes;
        if (first && m.tokens != first->tokens)
            report.tokensIdentical = false;
        first = first ? first : &m;
    }
    report.tokensCompared = exactModes >= 2;
}

// step_ms = a + b x tokens by least squares over every step of every completed mode, the fixed
// share of a cached and an uncached step, and the course's two equations.
void fitStepTimes(DecodeReport& report) {
    std::vector<double> xs, ys;
    for (const ModeResult& m : report.modes)
        if (m.completed)
            for (const StepRecord& s : m.steps) {
                xs.push_back(double(s.tokensComputed));
                ys.push_back(s.milliseconds);
            }
    report.fitSteps = xs.size();
    report.fitMeasured = !xs.empty() && std::any_of(xs.begin(), xs.end(), [&](double x) { return x != xs.front(); });
    if (report.fitMeasured) {
        fitTwoTerm(xs, ys, report.fitSolvedAms, report.fitSolvedBms);
        const kvscope::StepModel physical = fitTwoTermPhysical(xs, ys);
        report.fitAms = physical.aMs;
        report.fitBms = physical.bMs;
        report.fitConstrained = report.fitSolvedAms < 0 || report.fitSolvedBms < 0;
    }
    // Shares only mean something when both terms came out positive; noisy or few steps can
    // put the best physical line through the origin (a = 0) or flat (b = 0), and then the
    // report says the model does not split the steps.
    const kvscope::StepModel fit = report.leastSquares();
    report.fitValid = report.fitMeasured && fit.splits();
    if (report.fitValid)
        report.fixedCostShareCached = fit.fixedShare(double(report.batch));
    const ModeResult* none = completedMode(report, CacheMode::None);
    if (none && report.fitValid) {
        double meanTokens = 0;
        for (const StepRecord& s : none->steps)
            meanTokens += double(s.tokensComputed) / double(none->steps.size());
        report.fixedCostShareUncached = fit.fixedShare(meanTokens);
    }
    report.twoPoint = twoPointFit(report);
}

// The scatter of each completed cached mode's one-token steps (not step 0, the prefill), the
// largest; and the load probe's spread.
void measureNoise(DecodeReport& report) {
    RunNoise& noise = report.noise;
    if (noise.probed()) {
        const auto [fastest, slowest] = std::minmax_element(noise.probeMs.begin(), noise.probeMs.end());
        noise.probeSpread = *fastest > 0 ? (*slowest - *fastest) / *fastest : 0.0;
    }
    for (const ModeResult& m : report.modes) {
        if (m.mode == CacheMode::None || !m.completed)
            continue;
        std::vector<double> ms;
        for (const StepRecord& s : m.steps)
            if (s.step > 0 && s.tokensComputed == report.batch)
                ms.push_back(s.milliseconds);
        if (ms.size() < 3)
            continue;
        noise.scatterSteps = std::max(noise.scatterSteps, ms.size());
        noise.stepScatter = std::max(noise.stepScatter, relativeScatter(std::move(ms)));
    }
}

// Each mode's time per step, and its speedup over the uncached mode when both completed.
void compareSpeeds(DecodeReport& report) {
    const ModeResult* none = completedMode(report, CacheMode::None);
    const ModeResult* cached = completedMode(report, CacheMode::Contiguous);
    if (none && cached && cached->totalMs > 0)
        report.speedup = none->totalMs / cached->totalMs;
    for (ModeResult& m : report.modes) {
        m.msPerStep = m.steps.empty() ? 0.0 : m.totalMs / double(m.steps.size());
        if (none && m.completed && m.mode != CacheMode::None && m.totalMs > 0)
            m.speedupVsNone = none->totalMs / m.totalMs;
    }
}

} // namespace

DecodeReport runDecode(const DecodeOptions& options, const StopCondition& stop, const StepCallback& onStep) {
    validateOptions(options);
    DecodeReport report;
    report.device = probeDevice();
    report.backend = chooseBackend(options, report.device, &report.backendWhy);
    report.precision = options.precision;
    report.graphs = options.graphs;
    report.batch = options.batch;
    report.stepsRequested = options.steps;
    report.promptLen = options.promptLen;
    if (options.weightsFile.empty())
        refuseWhatCannotFit(options, report);
    const std::optional<GptWeights> weights = loadWeights(options, stop);
    if (!weights) {
        report.stopped = true;
        return report;
    }
    const GptConfig& c = weights->config;
    if (options.promptLen + options.steps > c.maxContext)
        throw Error("--prompt-len + --steps (" + std::to_string(options.promptLen + options.steps) +
                    ") exceeds the model's context of " + std::to_string(c.maxContext) + " positions");
    fallBackWhenCudaCannot(options, c, report);
    report.model = c;
    report.parameters = c.parameterCount();
    const std::vector<CacheMode> modes = modesToRun(options, report);
    const auto session = openSession(report.backend, *weights, options);
    const auto prompts = makePrompts(options, c.vocab);
    runModes({*session, options, c, prompts, stop, onStep}, modes, report);
    compareTokensAcrossModes(report);
    fitStepTimes(report);
    compareSpeeds(report);
    measureNoise(report);
    return report;
}

TwoPointFit twoPointFit(const DecodeReport& report) {
    TwoPointFit fit;
    const ModeResult* none = completedMode(report, CacheMode::None);
    const ModeResult* cached = completedMode(report, CacheMode::Contiguous);
    if (!cached)
        cached = completedMode(report, CacheMode::Paged);
    if (!none || !cached || none->steps.empty())
        return fit;
    fit.cachedMode = cached->mode;
    // y1: the cached steps that computed one token per sequence (not the prompt's step 0,
    // unless the prompt is one token long).
    const double oneToken = double(report.batch);
    int n = 0;
    for (const StepRecord& s : cached->steps)
        if (s.step > 0 && double(s.tokensComputed) == oneToken) {
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
    fit.solved = kvscope::fitTwoPoints(fit.cachedTokens, fit.cachedMs, fit.uncachedTokens, fit.uncachedMs);
    fit.constrained = fit.solved.aMs < 0 || fit.solved.bMs < 0;
    fit.model = fit.constrained
                    ? fitTwoTermPhysical({fit.cachedTokens, fit.uncachedTokens}, {fit.cachedMs, fit.uncachedMs})
                    : fit.solved;
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
    if (r.noise.loadChanged()) {
        std::snprintf(line, sizeof line,
                      "NOT TRUSTWORTHY: this machine's speed changed during the run (a fixed workload took %.0f%% "
                      "longer at its slowest than at its fastest), so the times below measure the load as much as "
                      "the model; run again on a quieter machine.",
                      100.0 * r.noise.probeSpread);
        add(line);
    } else if (r.noise.scattered()) {
        std::snprintf(line, sizeof line,
                      "NOT TRUSTWORTHY: steps of the same size scattered by %.0f%% about their median (at most %.0f%% "
                      "is steady), so the times below measure the load as much as the model; run again on a quieter "
                      "machine.",
                      100.0 * r.noise.stepScatter, 100.0 * kMaxStepScatter);
        add(line);
    }
    if (r.speedupMeasured()) {
        std::snprintf(line, sizeof line,
                      "With a cache each step pushed %u position(s) instead of the whole prefix and ran %.1fx %s.",
                      r.batch, r.speedup >= 1.0 ? r.speedup : 1.0 / r.speedup, r.speedup >= 1.0 ? "faster" : "slower");
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
                      "The two-term model step = a + b x tokens does not split these steps into a positive fixed and "
                      "per-token cost (least squares gave a = %.3f ms, b = %.5f ms): too few or too noisy steps.",
                      r.fitSolvedAms, r.fitSolvedBms);
        add(line);
    } else {
        add("Two-term fit not measured: no completed mode, or every step computed the same number of tokens.");
    }
    if (r.twoPoint.measured) {
        std::snprintf(line, sizeof line,
                      "Two equations: a + %.0f b = %.3f ms (cached), a + %.1f b = %.3f ms (uncached) give a = %.3f ms, "
                      "b = %.5f ms.",
                      r.twoPoint.cachedTokens, r.twoPoint.cachedMs, r.twoPoint.uncachedTokens, r.twoPoint.uncachedMs,
                      r.twoPoint.solved.aMs, r.twoPoint.solved.bMs);
        add(line);
        if (r.twoPoint.constrained) {
            std::snprintf(line, sizeof line,
                          "A %s cost cannot be negative: the measurements contradict the model (noise), and the "
                          "closest physical line is a = %.3f ms, b = %.5f ms.",
                          r.twoPoint.solved.aMs < 0 ? "fixed" : "per-token", r.twoPoint.model.aMs,
                          r.twoPoint.model.bMs);
            add(line);
        }
    }
    if (!r.tokensCompared)
        add("Tokens not compared: fewer than two exact (unquantized) modes completed.");
    for (const ModeResult& m : r.modes) {
        if (!m.accuracy.compared || m.accuracy.isReference)
            continue;
        std::snprintf(line, sizeof line,
                      "%s: %llu of %llu greedy tokens agree with the contiguous cache (%.0f%%), largest logit "
                      "difference %.3g.",
                      cacheModeName(m.mode).c_str(), static_cast<unsigned long long>(m.accuracy.tokensAgreeing),
                      static_cast<unsigned long long>(m.accuracy.tokensCompared), 100.0 * m.accuracy.agreementShare(),
                      m.accuracy.maxLogitDiff);
        add(line);
    }
    if (!r.modes.empty() && !r.referenceMeasured)
        add("Accuracy not compared: the contiguous cache, the reference, did not complete.");
    if (!r.skippedModes.empty())
        add("Skipped fp8: " + r.skippedWhy + ".");
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
