// The decode core against this machine's own memory bandwidth, measured in the same run.
// CPU: attention over the cache vs the STREAM triad, paged vs contiguous attention, a
// cached batch-1 step's bytes vs read bandwidth, and cached vs uncached decoding.
// GPU (when a CUDA device answers): paged bf16 attention vs device-to-device copy
// bandwidth, paged vs contiguous, the batch-64 cached step's bytes vs copy bandwidth,
// CUDA graphs vs plain launches at batch 1, cached vs uncached at batch 64.
// The cache kinds (docs/domain.md section 9): contiguous, dynamic, INT8 (and FP8 on a GPU) side by
// side: TTFT, TPOT, KV memory held and at its peak, agreement with the FP32 cache, and what the
// dynamic cache's copy every step costs against the contiguous one.
// Targets from the decode issue; each ratio is printed with its target.
//   bench_decode                    everything this machine can run (the 500-step uncached CPU run takes minutes)
//   bench_decode --quick            shorter runs: 100 steps instead of 500, the cache kinds at 64 steps instead of 256
//   bench_decode --gpu-only         only the GPU section (the device check script)
//   bench_decode --cache-kinds-only only the cache kinds (CPU, and the GPU when one answers)
//   bench_decode --help             this text
#include "decode.h"
#include "rooflinerun.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace kvscope::gpu;

namespace {

void ratio(const char* what, double value, double target, bool atLeast) {
    const bool met = atLeast ? value >= target : value <= target;
    std::printf("  %-66s %8.3f  (target %s %.2f)  %s\n", what, value, atLeast ? ">=" : "<=", target,
                met ? "MET" : "MISSED");
}

constexpr const char* kUsage =
    "Usage: bench_decode [--quick] [--gpu-only | --cache-kinds-only] [--help]\n"
    "The decode core against this machine's own memory bandwidth, measured in the same run.\n"
    "  --quick             shorter runs: the CPU's cached/uncached ratio over 100 steps instead of 500,\n"
    "                      the cache kinds over 64 steps instead of 256 (about a minute in all)\n"
    "  --gpu-only          only the GPU section (bench/gpu-check.sh); exit 1 when no CUDA device answers\n"
    "  --cache-kinds-only  only the cache kinds: contiguous, dynamic, int8 (and fp8 on CUDA) with TTFT, TPOT,\n"
    "                      memory, agreement with the FP32 cache and the dynamic cache's copy overhead\n"
    "  --help              print this and exit\n";

// The cache kinds on the course's model: batch 4, prompt 16, `steps` tokens, on `backend`. The first mode of a run
// used to pay the warm-up (the allocator's first pages, the caches, the clock's ramp: contiguous TTFT 115 ms
// against 86 for the others), so a short run warms up first, then the kinds run in order and in reverse, and
// each time is the mean of the two. Memory and accuracy are the first ordered run's (they do not depend on time).
void benchCacheKinds(BackendChoice backend, std::uint32_t steps) {
    DecodeOptions o;
    o.backend = backend;
    o.batch = 4;
    o.promptLen = 16;
    o.modes = {CacheMode::Contiguous, CacheMode::Dynamic, CacheMode::Int8, CacheMode::Fp8};
    o.skipUnsupportedModes = true; // fp8 on the CPU
    o.steps = std::min<std::uint32_t>(steps, 16);
    (void)runDecode(o); // the warm-up, not reported
    o.steps = steps;
    const DecodeReport r = runDecode(o);
    std::reverse(o.modes.begin(), o.modes.end());
    const DecodeReport reversed = runDecode(o);
    const auto timed = [&reversed](const ModeResult& m) {
        Latency both = m.latency;
        for (const ModeResult& other : reversed.modes)
            if (other.mode == m.mode) {
                both.ttftMs = (m.latency.ttftMs + other.latency.ttftMs) / 2;
                both.tpotMeanMs = (m.latency.tpotMeanMs + other.latency.tpotMeanMs) / 2;
                both.tpotP90Ms = (m.latency.tpotP90Ms + other.latency.tpotP90Ms) / 2;
            }
        return both;
    };
    std::printf("  cache kinds on %s, the course's model, batch %u, prompt %u, %u steps (reference: the contiguous "
                "%s cache; times: the mean of the kinds run in order and in reverse, after a warm-up run)\n",
                r.backend == Backend::Cuda ? "CUDA" : "the CPU", o.batch, o.promptLen, o.steps,
                precisionName(r.precision).c_str());
    std::printf("    %-11s %-14s %9s %9s %9s %10s %10s %14s %11s\n", "cache", "stored as", "TTFT ms", "TPOT ms",
                "TPOT p90", "KV held", "KV peak", "tokens agree", "max |dlogit|");
    const ModeResult* contiguous = nullptr;
    const ModeResult* dynamic = nullptr;
    for (const ModeResult& m : r.modes) {
        contiguous = m.mode == CacheMode::Contiguous ? &m : contiguous;
        dynamic = m.mode == CacheMode::Dynamic ? &m : dynamic;
        const Accuracy& a = m.accuracy;
        char agree[32] = "-";
        if (a.compared && !a.isReference)
            std::snprintf(agree, sizeof agree, "%llu/%llu", static_cast<unsigned long long>(a.tokensAgreeing),
                          static_cast<unsigned long long>(a.tokensCompared));
        const Latency t = timed(m);
        std::printf("    %-11s %-14s %9.2f %9.3f %9.3f %9.2fM %9.2fM %14s %11.3g\n", cacheModeName(m.mode).c_str(),
                    m.cacheDType.c_str(), t.ttftMs, t.tpotMeanMs, t.tpotP90Ms,
                    double(m.steps.empty() ? 0 : m.steps.back().kvBytesHeld) / 1e6, double(m.peakKvBytes) / 1e6, agree,
                    a.isReference ? 0.0 : a.maxLogitDiff);
    }
    if (!r.skippedModes.empty())
        std::printf("    fp8: skipped (%s)\n", r.skippedWhy.c_str());
    if (contiguous && dynamic && contiguous->latency.tpotSteps > 0) {
        const double contiguousTpot = timed(*contiguous).tpotMeanMs;
        const double extra = timed(*dynamic).tpotMeanMs - contiguousTpot;
        // Its copies move (read and write) the whole cache each step: the mean copy per one-token step.
        const double copiedPerStep = double(dynamic->kvBytesCopied - dynamic->steps.front().kvBytesCopied) /
                                     double(std::max<std::size_t>(1, dynamic->latency.tpotSteps));
        std::printf("    dynamic vs contiguous: TPOT %+.3f ms (%+.1f%%); it copied %.1f MB in all, %.2f MB per step on "
                    "average (%.2f GB/s if the extra time were all copying, read + write)\n",
                    extra, 100.0 * extra / contiguousTpot, double(dynamic->kvBytesCopied) / 1e6, copiedPerStep / 1e6,
                    extra > 0 ? 2.0 * copiedPerStep / (extra / 1e3) / 1e9 : 0.0);
        std::printf(
            "    dynamic peak %.2f MB against %.2f MB held at the end (old and new during the copy); contiguous "
            "reserves %.2f MB from the start\n",
            double(dynamic->peakKvBytes) / 1e6, double(dynamic->steps.back().kvBytesHeld) / 1e6,
            double(contiguous->peakKvBytes) / 1e6);
    }
}

} // namespace

// The GPU section; returns false when no CUDA device answers.
bool benchGpu() {
    const DeviceInfo device = probeDevice();
    if (device.backend != Backend::Cuda) {
        std::printf("GPU decode core: skipped (%s)\n", device.summary().c_str());
        return false;
    }
    std::printf("GPU decode core, %s\n", device.summary().c_str());
    const double copy = deviceCopyBandwidth(std::uint64_t(1) << 30, 10) / 1e9;
    std::printf("  device-to-device copy %.1f GB/s (read + write, 1 GiB, measured now)\n", copy);

    GptConfig shape; // width 512, 8 heads of 64
    const AttentionTiming contiguous =
        timeAttentionCuda(shape, 64, 1024, CacheMode::Contiguous, 16, Precision::Bf16, 50);
    const AttentionTiming paged = timeAttentionCuda(shape, 64, 1024, CacheMode::Paged, 16, Precision::Bf16, 50);
    const double contiguousGBs = double(contiguous.bytesRead) / contiguous.seconds / 1e9;
    const double pagedGBs = double(paged.bytesRead) / paged.seconds / 1e9;
    std::printf("  bf16 attention, batch 64, context 1024: contiguous %.1f us (%.1f GB/s), paged (shuffled blocks of "
                "16) %.1f us (%.1f GB/s)\n",
                contiguous.seconds * 1e6, contiguousGBs, paged.seconds * 1e6, pagedGBs);
    ratio("paged attention read bandwidth / copy bandwidth", pagedGBs / copy, 0.90, true);
    ratio("paged / contiguous attention time", paged.seconds / contiguous.seconds, 1.10, false);

    DecodeOptions o;
    o.backend = BackendChoice::Cuda;
    o.precision = Precision::Bf16;
    o.promptLen = 1;
    o.steps = 500;
    o.batch = 64;
    o.graphs = true;
    o.modes = {CacheMode::None, CacheMode::Contiguous};
    const DecodeReport b64 = runDecode(o);
    const ModeResult& cached64 = b64.modes[1];
    const double meanMs = cached64.totalMs / double(o.steps);
    const double bytes64 = double(b64.parameters) * 2 + double(kvBytesByFormula(o.model, o.batch, 1, Precision::Bf16)) *
                                                            (o.promptLen + o.steps / 2.0);
    std::printf("  batch 64, bf16, 500 steps: no cache %.1f ms/step, cached (graphs) %.3f ms/step moving %.1f MB; "
                "tokens identical: %s\n",
                b64.modes[0].msPerStep, meanMs, bytes64 / 1e6, b64.tokensIdentical ? "yes" : "NO");
    ratio("batch-64 cached step bytes/s / copy bandwidth", bytes64 / (meanMs / 1e3) / 1e9 / copy, 0.60, true);
    ratio("cached vs uncached speedup, batch 64, bf16, 500 steps", b64.speedup, 12.0, true);

    o.batch = 1;
    o.steps = 200;
    o.modes = {CacheMode::Contiguous};
    o.graphs = false;
    const DecodeReport plain = runDecode(o);
    o.graphs = true;
    const DecodeReport graphs = runDecode(o);
    std::printf("  batch 1, bf16, 200 cached steps: %.3f ms/step with plain launches, %.3f ms/step as a CUDA graph\n",
                plain.modes[0].msPerStep, graphs.modes[0].msPerStep);
    ratio("batch-1 step speedup from CUDA graphs", plain.modes[0].msPerStep / graphs.modes[0].msPerStep, 2.5, true);
    benchCacheKinds(BackendChoice::Cuda, 256);
    return true;
}

int main(int argc, char** argv) {
    bool quick = false, gpuOnly = false, kindsOnly = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (std::strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (std::strcmp(argv[i], "--gpu-only") == 0)
            gpuOnly = true;
        else if (std::strcmp(argv[i], "--cache-kinds-only") == 0)
            kindsOnly = true;
        else {
            std::fprintf(stderr, "bench_decode: unknown option '%s'\n%s", argv[i], kUsage);
            return 2;
        }
    }
    const std::uint32_t kindSteps = quick ? 64 : 256;
    if (kindsOnly) {
        try {
            if (probeDevice().backend == Backend::Cuda)
                benchCacheKinds(BackendChoice::Cuda, kindSteps);
            benchCacheKinds(BackendChoice::Cpu, kindSteps);
        } catch (const std::exception& e) {
            std::printf("cache kinds: failed: %s\n", e.what());
            return 1;
        }
        return 0;
    }
    try {
        if (gpuOnly)
            return benchGpu() ? 0 : 1;
        benchGpu();
    } catch (const std::exception& e) {
        std::printf("GPU decode core: failed: %s\n", e.what());
        if (gpuOnly)
            return 1;
    }
    const int threads = 2;
    std::printf("CPU decode core, %d threads, %s\n", threads, probeCpu().summary().c_str());
    const double triad = streamTriadBandwidth(threads) / 1e9; // the roofline's measurements (gpu/rooflinerun.h)
    const double read = readOnlyBandwidth(threads) / 1e9;
    std::printf("  STREAM triad %.2f GB/s, read-only sum %.2f GB/s (measured now)\n", triad, read);

    // Attention over the cache: fp32, batch 64, context 1024, the small GPT's head shape.
    // Five rounds, contiguous and paged side by side in each (best of 5 calls apiece); this
    // machine is shared, so the figures are the rounds' medians, with their spread.
    GptConfig shape; // width 512, 8 heads of 64
    // Each round measures the triad again first: its ratios compare figures taken seconds apart.
    std::vector<double> contiguousGBs, pagedGBs, ratios, contiguousShare, pagedShare;
    for (int round = 0; round < 5; ++round) {
        const double roundTriad = streamTriadBandwidth(threads) / 1e9;
        const AttentionTiming contiguous = timeAttention(shape, 64, 1024, CacheMode::Contiguous, 16, threads, 5);
        const AttentionTiming paged = timeAttention(shape, 64, 1024, CacheMode::Paged, 16, threads, 5);
        contiguousGBs.push_back(double(contiguous.bytesRead) / contiguous.seconds / 1e9);
        pagedGBs.push_back(double(paged.bytesRead) / paged.seconds / 1e9);
        ratios.push_back(paged.seconds / contiguous.seconds);
        contiguousShare.push_back(contiguousGBs.back() / roundTriad);
        pagedShare.push_back(pagedGBs.back() / roundTriad);
    }
    for (auto* v : {&contiguousGBs, &pagedGBs, &ratios, &contiguousShare, &pagedShare})
        std::sort(v->begin(), v->end());
    std::printf("  attention, batch 64, context 1024, median of 5 rounds: contiguous %.2f GB/s, paged (shuffled blocks "
                "of 16) %.2f GB/s; paged/contiguous %.3f-%.3f over the rounds\n",
                contiguousGBs[2], pagedGBs[2], ratios.front(), ratios.back());
    ratio("attention read bandwidth / STREAM triad (contiguous, median round)", contiguousShare[2], 0.80, true);
    ratio("attention read bandwidth / STREAM triad (paged, median round)", pagedShare[2], 0.80, true);
    ratio("paged / contiguous attention time (median round)", ratios[2], 1.10, false);

    // A cached batch-1 step reads every weight once plus the cache. Five rounds, each the read
    // bandwidth measured again right before a short cached run, so that both figures of a
    // round's ratio see the same neighbours (on this shared machine the read figure alone
    // moved between 28 and 48 GB/s from one minute to the next); the median round is reported.
    DecodeOptions o;
    o.backend = BackendChoice::Cpu;
    o.batch = 1;
    o.steps = quick ? 40 : 100;
    o.promptLen = 1;
    o.modes = {CacheMode::Contiguous};
    std::vector<double> stepRatios, medianSteps;
    double bytes = 0;
    for (int round = 0; round < 5; ++round) {
        const double roundRead = readOnlyBandwidth(threads) / 1e9;
        const DecodeReport cached = runDecode(o);
        std::vector<double> stepMs;
        for (const StepRecord& s : cached.modes[0].steps)
            stepMs.push_back(s.milliseconds);
        std::sort(stepMs.begin(), stepMs.end());
        bytes = double(weightBytesByFormula(o.model, o.precision)) +
                double(o.model.kvBytesPerToken()) * (o.promptLen + o.steps / 2.0);
        medianSteps.push_back(stepMs[stepMs.size() / 2]);
        stepRatios.push_back(bytes / (medianSteps.back() / 1e3) / 1e9 / roundRead);
    }
    std::sort(stepRatios.begin(), stepRatios.end());
    std::sort(medianSteps.begin(), medianSteps.end());
    std::printf("  cached batch-1 step: median %.2f ms (rounds %.2f-%.2f), moving %.1f MB (weights + half-length "
                "cache); step/read ratio %.3f-%.3f over the rounds\n",
                medianSteps[2], medianSteps.front(), medianSteps.back(), bytes / 1e6, stepRatios.front(),
                stepRatios.back());
    ratio("cached batch-1 step bytes/s / read bandwidth (median round)", stepRatios[2], 0.80, true);

    o.steps = quick ? 100 : 500;
    o.modes = {CacheMode::None, CacheMode::Contiguous};
    std::printf("  decoding %u steps at batch 1 with and without a cache (the uncached run takes a while)...\n",
                o.steps);
    std::fflush(stdout);
    const DecodeReport both = runDecode(o);
    std::printf(
        "  no cache %.1f s, contiguous cache %.1f s, tokens identical: %s; fit a = %.3f ms, b = %.5f ms/token\n",
        both.modes[0].totalMs / 1e3, both.modes[1].totalMs / 1e3, both.tokensIdentical ? "yes" : "NO", both.fitAms,
        both.fitBms);
    ratio(quick ? "cached vs uncached speedup, batch 1, 100 steps (--quick)"
                : "cached vs uncached speedup, batch 1, 500 steps",
          both.speedup, 5.0, true);
    benchCacheKinds(BackendChoice::Cpu, kindSteps);
    return 0;
}
