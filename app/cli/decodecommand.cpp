// kvscope-cli decode: options -> gpu::DecodeOptions, the run, then its report as text or JSON.
#include "decodecommand.h"

#include "argparser.h"
#include "clitext.h"
#include "decode.h"
#include "error.h"
#include "messages.h"
#include "scenariooptions.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace kvscope::cli {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

ArgParser decodeArgParser() {
    ArgParser p("kvscope-cli decode",
                tr("Greedy decoding with our small GPT, with and without a KV cache (contiguous and paged), measuring\n"
                   "step time and memory against the formulas. Runs on a CUDA device when one answers (cuBLAS and our\n"
                   "kernels), else on the CPU (BLAS + two threads), and says which and why."));
    p.addOption("backend", "B", tr("auto, cpu or cuda (default auto: CUDA when a device answers)"));
    p.addOption("model", "M",
                tr("small (default: the course's 8 layers, width 512) or a GPT-2-layout .safetensors file"));
    p.addOption("layers", "N", tr("decoder layers (default 8)"));
    p.addOption("width", "N", tr("model width (default 512)"));
    p.addOption("heads", "N", tr("query heads (default 8)"));
    p.addOption("kv-heads", "N", tr("K/V heads, dividing --heads (default: --heads)"));
    p.addOption("dtype", "D", tr("fp32 (default) or bf16 (weights, activations and KV cache; CUDA backend only)"));
    p.addOption("batch", "B", tr("sequences decoded together (default 1)"));
    p.addOption("steps", "N", tr("tokens generated per sequence (default 32)"));
    p.addOption("prompt-len", "P", tr("seeded random prompt tokens (default 16)"));
    p.addOption("cache", "C",
                tr("none, contiguous (or static), paged, dynamic, int8, fp8 (CUDA only), a comma-separated list of "
                   "them, or all (default all: every mode the backend runs)"));
    p.addOption("block-size", "N", tr("paged block size in tokens (default 16)"));
    p.addFlag("graphs", tr("capture the cached step in a CUDA graph (CUDA backend only)"));
    p.addOption("seed", "S", tr("weights, prompts and block order (default 1)"));
    p.addFlag("json", tr("print one JSON object"));
    return p;
}

// The options as the decode core takes them; throws Error naming the option at fault.
gpu::DecodeOptions decodeOptionsFrom(const ArgParser& p) {
    using namespace kvscope::gpu;
    DecodeOptions o;
    o.backend = parseBackendChoice(p.valueOr("backend", "auto"), "--backend");
    o.precision = parsePrecision(p.valueOr("dtype", "fp32"), "--dtype");
    o.graphs = p.has("graphs");
    const std::string model = p.valueOr("model", "small");
    if (model.empty())
        throw Error("--model: expected small or a .safetensors file, got ''");
    if (model != "small")
        o.weightsFile = model;
    o.model.layers = std::uint32_t(p.uintValue("layers", 1, 256).value_or(8));
    o.model.width = std::uint32_t(p.uintValue("width", 8, 16384).value_or(512));
    o.model.heads = std::uint32_t(p.uintValue("heads", 1, 1024).value_or(model == "small" ? 8 : 0));
    o.model.kvHeads = std::uint32_t(p.uintValue("kv-heads", 1, 1024).value_or(o.model.heads));
    o.model.seed = p.uintValue("seed", 0).value_or(1);
    o.seed = o.model.seed;
    o.batch = std::uint32_t(p.uintValue("batch", 1, 4096).value_or(1));
    o.steps = std::uint32_t(p.uintValue("steps", 1, 1u << 20).value_or(32));
    o.promptLen = std::uint32_t(p.uintValue("prompt-len", 1, 1u << 20).value_or(16));
    o.blockSize = std::uint32_t(p.uintValue("block-size", 1, 1024).value_or(16));
    const std::string cache = p.valueOr("cache", "all");
    o.modes = parseCacheModeList(cache, "--cache");
    o.skipUnsupportedModes = cache == "all"; // fp8 on the CPU: skipped, with a note
    return o;
}

// The device that ran: the CUDA device, or this machine's CPU with why the CPU.
gpu::DeviceInfo decodeDevice(const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    const bool onCuda = r.backend == Backend::Cuda;
    DeviceInfo used = onCuda ? r.device : probeCpu();
    used.reason = onCuda ? std::string() : r.backendWhy;
    return used;
}

void printDecodeJson(const gpu::DecodeOptions& o, const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    const bool onCuda = r.backend == Backend::Cuda;
    const DeviceInfo used = decodeDevice(r);
    ordered_json j;
    j["backend"] = onCuda ? "cuda" : "cpu";
    j["backend_reason"] = r.backendWhy;
    j["device"] = used.summary();
    j["cuda_device_present"] = r.device.backend == Backend::Cuda;
    j["step_clock"] = onCuda ? "CUDA events" : "steady clock";
    j["graphs"] = r.graphs;
    j["model"] = {{"layers", r.model.layers},    {"width", r.model.width}, {"heads", r.model.heads},
                  {"kv_heads", r.model.kvHeads}, {"vocab", r.model.vocab}, {"max_context", r.model.maxContext},
                  {"parameters", r.parameters}};
    j["dtype"] = precisionName(r.precision);
    j["batch"] = o.batch;
    j["steps"] = o.steps;
    j["prompt_len"] = o.promptLen;
    j["block_size"] = o.blockSize;
    j["modes"] = ordered_json::object();
    for (const ModeResult& m : r.modes) {
        ordered_json mj;
        std::vector<double> ms;
        std::vector<std::uint64_t> tokens, kv;
        for (const StepRecord& s : m.steps) {
            ms.push_back(s.milliseconds);
            tokens.push_back(s.tokensComputed);
            kv.push_back(s.kvBytesHeld);
        }
        mj["step_ms"] = ms;
        mj["tokens_computed"] = tokens;
        mj["kv_bytes_held"] = kv;
        mj["total_ms"] = m.totalMs;
        mj["tokens_per_s"] = m.tokensPerSecond;
        mj["completed"] = m.completed;
        mj["memory"] = {{"theoretical_weight_bytes", m.memory.theoreticalWeightBytes},
                        {"theoretical_kv_bytes", m.memory.theoreticalKvBytes},
                        {"peak_allocated_bytes", m.memory.peakAllocatedBytes},
                        {"process_bytes", m.memory.processBytes},
                        {"process_bytes_source", m.memory.processSource}};
        mj["tokens"] = m.tokens.empty() ? ordered_json::array() : ordered_json(m.tokens.front());
        // Cache kinds: what K and V were stored in, TTFT and TPOT, memory at its peak, the accuracy cost.
        std::vector<std::uint64_t> peak, copied;
        for (const StepRecord& s : m.steps) {
            peak.push_back(s.kvBytesPeak);
            copied.push_back(s.kvBytesCopied);
        }
        mj["cache_dtype"] = m.mode == CacheMode::None ? std::string() : m.cacheDType;
        mj["cache_bits_per_value"] = m.mode == CacheMode::None ? 0.0 : m.cacheBitsPerValue;
        mj["kv_bytes_peak"] = peak;
        mj["kv_bytes_copied"] = copied;
        mj["peak_kv_bytes"] = m.peakKvBytes;
        mj["total_kv_bytes_copied"] = m.kvBytesCopied;
        mj["ttft_ms"] = m.latency.ttftMeasured ? ordered_json(m.latency.ttftMs) : ordered_json();
        mj["tpot_mean_ms"] = m.latency.tpotSteps > 0 ? ordered_json(m.latency.tpotMeanMs) : ordered_json();
        mj["tpot_p90_ms"] = m.latency.tpotSteps > 0 ? ordered_json(m.latency.tpotP90Ms) : ordered_json();
        mj["tpot_steps"] = m.latency.tpotSteps;
        const Accuracy& a = m.accuracy;
        mj["accuracy"] = {
            {"compared", a.compared},
            {"is_reference", a.isReference},
            {"tokens_compared", a.tokensCompared},
            {"tokens_agreeing", a.tokensAgreeing},
            {"agreement_share", a.compared ? ordered_json(a.agreementShare()) : ordered_json()},
            {"first_different_step", a.firstDifferentStep >= 0 ? ordered_json(a.firstDifferentStep) : ordered_json()},
            {"max_logit_diff", a.compared ? ordered_json(a.maxLogitDiff) : ordered_json()},
            {"logit_steps_compared", a.logitStepsCompared}};
        j["modes"][cacheModeName(m.mode)] = mj;
    }
    j["fit_a_ms"] = r.fitAms;
    j["fit_b_ms"] = r.fitBms;
    j["fixed_cost_share_cached"] = r.fixedCostShareCached;
    j["fixed_cost_share_uncached"] = r.fixedCostShareUncached;
    j["fit_valid"] = r.fitValid;
    j["speedup"] = r.speedup;
    j["tokens_identical"] = r.tokensIdentical;
    j["accuracy_reference"] = {{"mode", "contiguous"},
                               {"dtype", precisionName(r.precision)},
                               {"measured", r.referenceMeasured},
                               {"hidden", r.referenceHidden}};
    std::vector<std::string> skipped;
    for (const CacheMode m : r.skippedModes)
        skipped.push_back(cacheModeName(m));
    j["skipped_modes"] = skipped;
    j["skipped_reason"] = r.skippedWhy;
    j["reading"] = englishReading(r);
    j["tokens_compared"] = r.tokensCompared;
    j["fit_measured"] = r.fitMeasured;
    j["fit_steps"] = r.fitSteps;
    j["two_point"] = {{"measured", r.twoPoint.measured},
                      {"cached_mode", cacheModeName(r.twoPoint.cachedMode)},
                      {"cached_tokens", r.twoPoint.cachedTokens},
                      {"cached_ms", r.twoPoint.cachedMs},
                      {"uncached_tokens", r.twoPoint.uncachedTokens},
                      {"uncached_ms", r.twoPoint.uncachedMs},
                      {"a_ms", r.twoPoint.model.aMs},
                      {"b_ms", r.twoPoint.model.bMs},
                      {"constrained", r.twoPoint.constrained},
                      {"solved_a_ms", r.twoPoint.solved.aMs},
                      {"solved_b_ms", r.twoPoint.solved.bMs}};
    j["fit_constrained"] = r.fitConstrained;
    j["fit_solved_a_ms"] = r.fitSolvedAms;
    j["fit_solved_b_ms"] = r.fitSolvedBms;
    const RunNoise& n = r.noise;
    j["noise"] = {{"probe_ms", n.probeMs},
                  {"probe_spread", n.probed() ? ordered_json(n.probeSpread) : ordered_json()},
                  {"step_scatter", n.scatterMeasured() ? ordered_json(n.stepScatter) : ordered_json()},
                  {"scatter_steps", n.scatterSteps},
                  {"max_probe_spread", kMaxProbeSpread},
                  {"max_step_scatter", kMaxStepScatter},
                  {"steady", n.steady()}};
    ordered_json checks = ordered_json::object();
    // Each mode's mean step against both fits' predictions (null where a fit was not measured).
    const std::vector<ModeCheck> twoPoint = checkStepModel(r.twoPoint.model, r);
    for (const ModeCheck& c : checkStepModel(r.leastSquares(), r)) {
        const auto other =
            std::find_if(twoPoint.begin(), twoPoint.end(), [&](const ModeCheck& t) { return t.mode == c.mode; });
        checks[cacheModeName(c.mode)] = {
            {"mean_tokens", c.meanTokens},
            {"measured_ms", c.measuredMs},
            {"least_squares_ms", r.fitMeasured ? ordered_json(c.predictedMs) : ordered_json()},
            {"two_point_ms", r.twoPoint.measured ? ordered_json(other->predictedMs) : ordered_json()}};
    }
    j["step_model_check"] = checks;
    printJson(j);
}

void printDecodeText(const gpu::DecodeOptions& o, const gpu::DecodeReport& r) {
    using namespace kvscope::gpu;
    // The device summary and the reading are gpu/'s English; the CLI only labels them.
    const bool onCuda = r.backend == Backend::Cuda;
    const std::string backendLine = decodeDevice(r).summary() + (onCuda ? " (" + r.backendWhy + ")" : "");
    std::cout << tr("Backend: %1", {backendLine}) << "\n";
    const Text modelLine =
        r.graphs ? Text("Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6, CUDA graphs")
                 : Text("Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6");
    std::cout << tr(modelLine,
                    {std::to_string(r.model.layers), std::to_string(r.model.width), std::to_string(r.model.heads),
                     std::to_string(r.model.kvHeads), groupThousands(r.parameters), precisionName(r.precision)})
              << "\n";
    std::cout << tr("Batch %1, prompt %2, %3 steps",
                    {std::to_string(o.batch), std::to_string(o.promptLen), std::to_string(o.steps)})
              << "\n\n";
    // Cache mode names are the --cache values and stay as they are in every language.
    std::vector<std::vector<std::string>> table{
        {tr("cache"), tr("ms/step"), tr("tokens/s"), tr("weights"), tr("KV (formula)"), tr("peak allocated")}};
    for (const ModeResult& m : r.modes)
        table.push_back({cacheModeName(m.mode), fixedText(m.msPerStep, 3), fixedText(m.tokensPerSecond, 1),
                         formatBytes(m.memory.theoreticalWeightBytes), formatBytes(m.memory.theoreticalKvBytes),
                         formatBytes(m.memory.peakAllocatedBytes)});
    printTable(table, TableStyle::withMinWidths({11, 10, 10, 12, 16, 16}));
    // Cache kinds: time to first token, time per output token, the cache at its peak, and the
    // accuracy cost against the contiguous cache (sequence 0's logits before its first difference).
    // TTFT and TPOT stay as they are in every language (the glossary keeps the abbreviations).
    std::cout << "\n";
    std::vector<std::vector<std::string>> kinds{{tr("cache"), tr("stored as"), "TTFT ms", "TPOT ms", "TPOT p90",
                                                 tr("KV peak"), tr("tokens agreeing"), tr("first differs"),
                                                 tr("max |logit diff|")}};
    for (const ModeResult& m : r.modes) {
        const Accuracy& a = m.accuracy;
        const std::string agreeing = !a.compared ? tr("not compared")
                                     : a.isReference
                                         ? tr("reference")
                                         : std::to_string(a.tokensAgreeing) + "/" + std::to_string(a.tokensCompared) +
                                               " (" + fixedText(100.0 * a.agreementShare(), 0) + "%)";
        const std::string differs = !a.compared || a.isReference ? std::string("-")
                                    : a.firstDifferentStep < 0   ? tr("never")
                                                               : tr("step %1", {std::to_string(a.firstDifferentStep)});
        char diff[32];
        std::snprintf(diff, sizeof diff, "%.3g", a.maxLogitDiff);
        kinds.push_back({cacheModeName(m.mode), m.mode == CacheMode::None ? std::string("-") : m.cacheDType,
                         m.latency.ttftMeasured ? fixedText(m.latency.ttftMs, 3) : std::string("-"),
                         m.latency.tpotSteps > 0 ? fixedText(m.latency.tpotMeanMs, 3) : std::string("-"),
                         m.latency.tpotSteps > 0 ? fixedText(m.latency.tpotP90Ms, 3) : std::string("-"),
                         formatBytes(m.peakKvBytes), agreeing, differs,
                         !a.compared || a.isReference ? std::string("-") : std::string(diff)});
    }
    printTable(kinds, TableStyle::withMinWidths({11, 12, 10, 10, 10, 12, 16, 14, 16}));
    if (!r.skippedModes.empty())
        std::cout << tr("note: %1", {tr("fp8 skipped: it needs the CUDA backend (this run is on the CPU)")}) << "\n";
    if (r.referenceHidden && r.referenceMeasured)
        std::cout << tr("note: %1", {tr("accuracy against a contiguous-cache run made for the comparison, not shown")})
                  << "\n";
    else if (!r.modes.empty() && !r.referenceMeasured)
        std::cout << tr("note: %1",
                        {tr("accuracy not compared: the contiguous cache (the reference) did not complete")})
                  << "\n";
    const std::string identical = !r.tokensCompared   ? tr("not compared (fewer than two modes)")
                                  : r.tokensIdentical ? tr("yes")
                                                      : tr("NO");
    std::cout << "\n" << tr("tokens identical across modes: %1", {identical}) << "\n";
    if (language() == Language::English)
        std::cout << englishReading(r) << "\n";
    else
        std::cout << tr("Reading (in English): %1", {englishReading(r)}) << "\n";
}

} // namespace

int runDecodeCommand(const std::vector<std::string>& args) {
    ArgParser p = decodeArgParser();
    if (!parseOrHelp(p, args))
        return 0;
    const gpu::DecodeOptions o = decodeOptionsFrom(p);
    const gpu::DecodeReport r = gpu::runDecode(o);
    if (p.has("json"))
        printDecodeJson(o, r);
    else
        printDecodeText(o, r);
    return 0;
}

} // namespace kvscope::cli
