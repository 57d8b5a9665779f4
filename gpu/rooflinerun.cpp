#include "rooflinerun.h"

#include "enumnames.h"
#include "error.h"
#include "memorymodel.h"

#include <cblas.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace kvscope::gpu {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

bool stopRequested(const std::atomic<bool>* stop) {
    return stop && stop->load(std::memory_order_relaxed);
}

// The same as the decode backend: BLAS gets the decode's threads (see cpudecode.cpp).
void blasThreads(int threads) {
#ifdef OPENBLAS_VERSION
    openblas_set_num_threads(threads);
#else
    (void)threads;
#endif
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

} // namespace

// ---- ceilings ------------------------------------------------------------------------------

double streamTriadBandwidth(int threads) {
    const std::size_t n = std::size_t(1) << 25; // 128 MiB per array
    std::vector<float> a(n), b(n, 1.0f), c(n, 2.0f);
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
        const auto start = Clock::now();
#pragma omp parallel for num_threads(threads) schedule(static)
        for (std::ptrdiff_t i = 0; i < std::ptrdiff_t(n); ++i)
            a[std::size_t(i)] = b[std::size_t(i)] + 3.0f * c[std::size_t(i)];
        best = std::min(best, seconds(start));
    }
    volatile float sink = a[n / 2];
    (void)sink;
    return 3.0 * double(n) * sizeof(float) / best;
}

double readOnlyBandwidth(int threads) {
    const std::size_t n = std::size_t(1) << 26; // 256 MiB
    std::vector<float> a(n, 1.0f);
    double best = 1e30, total = 0;
    for (int r = 0; r < 5; ++r) {
        const auto start = Clock::now();
        float sum = 0;
        // Sixteen lanes kept for a thread's whole slice: one running sum would measure add latency, not memory.
#pragma omp parallel num_threads(threads) reduction(+ : sum)
        {
            const std::size_t parts = std::size_t(omp_get_num_threads());
            const std::size_t slice = n / parts, first = slice * std::size_t(omp_get_thread_num());
            float lanes[16] = {};
            for (std::size_t i = first; i + 16 <= first + slice; i += 16)
                for (int j = 0; j < 16; ++j)
                    lanes[j] += a[i + std::size_t(j)];
            for (float lane : lanes)
                sum += lane;
        }
        best = std::min(best, seconds(start));
        total += sum;
    }
    volatile double sink = total;
    (void)sink;
    return double(n) * sizeof(float) / best;
}

double cpuSgemmFlops(int threads, int n, int repeats) {
    if (n < 16 || n > 16384)
        throw Error("SGEMM size must be between 16 and 16384, got " + std::to_string(n));
    const std::size_t elements = std::size_t(n) * std::size_t(n);
    std::vector<float> a(elements, 0.5f), b(elements, 0.25f), c(elements, 0.0f);
    blasThreads(threads);
    double best = 1e30;
    for (int r = 0; r <= std::max(1, repeats); ++r) { // the first call warms up (threads, pages)
        const auto start = Clock::now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(),
                    n);
        if (r > 0)
            best = std::min(best, seconds(start));
    }
    volatile float sink = c[elements / 2];
    (void)sink;
    return 2.0 * double(n) * double(n) * double(n) / best;
}

double loadProbeMs(int threads) {
    constexpr int n = 512;
    constexpr int repeats = 7;
    const std::size_t elements = std::size_t(n) * n;
    std::vector<float> a(elements, 0.5f), b(elements, 0.25f), c(elements, 0.0f);
    blasThreads(threads);
    std::vector<double> ms;
    for (int r = 0; r <= repeats; ++r) { // the first call warms up
        const auto start = Clock::now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(),
                    n);
        if (r > 0)
            ms.push_back(seconds(start) * 1000.0);
    }
    volatile float sink = c[elements / 2];
    (void)sink;
    return *std::min_element(ms.begin(), ms.end());
}

#ifndef KVSCOPE_HAVE_CUDA
double cudaGemmFlops(Precision, int, int) {
    throw Error("this build has no CUDA backend");
}
#endif

// ---- points --------------------------------------------------------------------------------

std::string pointKindName(PointKind kind) {
    static constexpr EnumName<PointKind> kKinds[] = {{PointKind::Decode, "decode"}, {PointKind::Prefill, "prefill"}};
    return std::string(enumName(kKinds, kind));
}

void rereadPoints(RooflineReport& report) {
    for (RooflinePoint& p : report.points)
        p.reading = kvscope::roofline::read(p.work, report.roof.roof, p.milliseconds / 1000.0);
}

std::string englishReading(const RooflinePoint& p) {
    const auto& r = p.reading;
    const bool memory = r.bound == kvscope::roofline::Bound::Memory;
    std::string out = p.kind == PointKind::Prefill
                          ? "prefill, batch " + std::to_string(p.batch) + ", " + std::to_string(p.context) + " tokens: "
                          : "batch " + std::to_string(p.batch) + ", context " + std::to_string(p.context) + ": ";
    out += fixed(r.intensity, r.intensity < 10 ? 1 : 0) + " FLOP/byte";
    if (r.measured)
        out += ", " + fixed(r.shareOfRoof * 100.0, 0) + "% of the " + (memory ? "bandwidth" : "compute") + " roof";
    return out + (memory ? ": memory-bound" : ": compute-bound");
}

namespace {

struct GridRun {
    std::uint32_t batch = 0, context = 0;
    double estimatedSeconds = 0.0;
};

// A run's time on this roof if it reached a third of it (prefill, steps and the weights drawn).
double estimateRun(const kvscope::ModelShape& shape, kvscope::DType dtype, std::uint32_t batch, std::uint32_t context,
                   std::uint32_t steps, const kvscope::roofline::Roof& roof) {
    namespace rl = kvscope::roofline;
    const rl::Reading prefill = rl::read(rl::prefillStep(shape, dtype, dtype, batch, context), roof);
    const rl::Reading step = rl::read(rl::decodeStep(shape, dtype, dtype, batch, context), roof);
    const double draw = double(kvscope::parameterBreakdown(shape).total) * 2e-8; // about 20 ns a random weight
    return 3.0 * (prefill.lowerBoundSeconds + steps * step.lowerBoundSeconds) + draw + 0.05 * (steps + 1);
}

std::string roughSeconds(double s) {
    return s < 90 ? fixed(s, 0) + " s" : fixed(s / 60.0, 1) + " min";
}

} // namespace

RooflineReport measureRoofline(const RooflineOptions& o, const std::atomic<bool>* stop,
                               const RooflineProgress& progress) {
    const auto start = Clock::now();
    const auto say = [&](double fraction, const std::string& what) {
        if (progress)
            progress(std::clamp(fraction, 0.0, 1.0), what);
    };
    if (o.threads < 1 || o.threads > 256)
        throw Error("--threads must be between 1 and 256, got " + std::to_string(o.threads));
    if (o.decodeSteps < 1 || o.decodeSteps > 64)
        throw Error("--steps must be between 1 and 64, got " + std::to_string(o.decodeSteps));
    if (!(o.budgetSeconds >= 0.0) || o.budgetSeconds > 86400.0)
        throw Error("--budget must be between 0 and 86400 seconds");
    std::vector<std::uint32_t> batches = o.batches.empty() ? std::vector<std::uint32_t>{1, 4, 16, 64, 256} : o.batches;
    std::vector<std::uint32_t> contexts =
        o.contexts.empty() ? (o.quick ? std::vector<std::uint32_t>{64, 256} : std::vector<std::uint32_t>{64, 256, 1024})
                           : o.contexts;
    for (std::uint32_t b : batches)
        if (b < 1 || b > 4096)
            throw Error("a batch must be between 1 and 4096, got " + std::to_string(b));
    for (std::uint32_t c : contexts)
        if (c < 1 || c > 65536)
            throw Error("a context must be between 1 and 65536 tokens, got " + std::to_string(c));
    std::sort(batches.begin(), batches.end());
    batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
    std::sort(contexts.begin(), contexts.end());
    contexts.erase(std::unique(contexts.begin(), contexts.end()), contexts.end());

    RooflineReport report;
    report.precision = o.precision;
    report.model = o.model;
    report.model.maxContext = std::max(o.model.maxContext, contexts.back() + o.decodeSteps + 1);
    report.model.validate();
    report.parameters = report.model.parameterCount();
    report.budgetSeconds = o.budgetSeconds > 0 ? o.budgetSeconds : (o.quick ? 40.0 : 240.0);

    // Where it runs: the decode core's own choice, so the points and the ceilings agree.
    DecodeOptions probe;
    probe.model = report.model;
    probe.backend = o.backend;
    probe.precision = o.precision;
    probe.threads = o.threads;
    const DeviceInfo device = probeDevice();
    const Backend backend = chooseBackend(probe, device, &report.backendWhy);

    MeasuredRoof& roof = report.roof;
    if (!o.measureCeilings) {
        roof = o.ceilings;
    } else {
        roof.backend = backend;
        roof.device = device.name;
        roof.threads = o.threads;
        if (backend == Backend::Cuda) {
            say(0.0, "device-to-device copy");
            roof.copyBandwidth = deviceCopyBandwidth(std::uint64_t(1) << 30, 10);
            if (!stopRequested(stop)) {
                say(0.03, "cuBLAS FP32 GEMM");
                roof.gemmFp32Flops = cudaGemmFlops(Precision::Fp32);
            }
            if (!stopRequested(stop)) {
                say(0.06, "cuBLAS BF16 GEMM");
                roof.gemmBf16Flops = cudaGemmFlops(Precision::Bf16);
            }
            roof.roof = {roof.copyBandwidth, o.precision == Precision::Bf16 ? roof.gemmBf16Flops : roof.gemmFp32Flops};
            roof.bandwidthSource = "device-to-device copy";
            roof.peakSource = o.precision == Precision::Bf16 ? "cuBLAS BF16 GEMM" : "cuBLAS FP32 GEMM";
        } else {
            say(0.0, "read-only bandwidth");
            roof.readBandwidth = readOnlyBandwidth(o.threads);
            if (!stopRequested(stop)) {
                say(0.03, "STREAM triad");
                roof.triadBandwidth = streamTriadBandwidth(o.threads);
            }
            if (!stopRequested(stop)) {
                say(0.06, "OpenBLAS SGEMM");
                roof.sgemmFlops = cpuSgemmFlops(o.threads, o.quick ? 1536 : 2048, 3);
            }
            roof.roof = {roof.readBandwidth, roof.sgemmFlops};
            roof.bandwidthSource = "read-only sum";
            roof.peakSource = "OpenBLAS SGEMM";
        }
    }
    if (stopRequested(stop) || !roof.roof.valid()) {
        report.stopped = stopRequested(stop);
        report.seconds = seconds(start);
        return report;
    }

    // The grid, cheapest first, as far as the budget goes.
    const kvscope::ModelShape shape = modelShapeOf(report.model);
    const kvscope::DType dtype = precisionDType(o.precision);
    std::vector<GridRun> grid;
    for (std::uint32_t c : contexts)
        for (std::uint32_t b : batches)
            grid.push_back({b, c, estimateRun(shape, dtype, b, c, o.decodeSteps, roof.roof)});
    std::stable_sort(grid.begin(), grid.end(),
                     [](const GridRun& a, const GridRun& b) { return a.estimatedSeconds < b.estimatedSeconds; });
    double planned = 0;
    std::vector<GridRun> runs;
    for (const GridRun& g : grid) {
        if (planned + g.estimatedSeconds > report.budgetSeconds) { // --budget raises it
            report.skipped.push_back(
                {g.batch, g.context, "over the time budget (about " + roughSeconds(g.estimatedSeconds) + ")"});
            continue;
        }
        planned += g.estimatedSeconds;
        runs.push_back(g);
    }

    const auto pointsStart = Clock::now();
    StopCondition condition;
    condition.flag = stop;
    // Twice the budget ends a run the estimate got badly wrong (a busy machine).
    condition.deadline = pointsStart + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(2.0 * report.budgetSeconds + 5.0));
    double done = 0;
    for (const GridRun& g : runs) {
        if (condition.requested()) {
            report.stopped = stopRequested(stop);
            report.skipped.push_back({g.batch, g.context, report.stopped ? "stopped" : "over the time budget"});
            continue;
        }
        say(0.1 + 0.9 * done / std::max(planned, 1e-9),
            "batch " + std::to_string(g.batch) + ", context " + std::to_string(g.context));
        DecodeOptions d;
        d.model = report.model;
        d.batch = g.batch;
        d.promptLen = g.context;
        d.steps = o.decodeSteps + 1; // the prefill, then the one-token steps
        d.modes = {CacheMode::Contiguous};
        d.threads = o.threads;
        d.backend = backend == Backend::Cuda ? BackendChoice::Cuda : BackendChoice::Cpu;
        d.precision = o.precision;
        DecodeReport r;
        try {
            r = runDecode(d, condition);
        } catch (const Error& e) {
            report.skipped.push_back({g.batch, g.context, e.what()});
            done += g.estimatedSeconds;
            continue;
        }
        done += g.estimatedSeconds;
        const ModeResult* mode = r.modes.empty() ? nullptr : &r.modes.front();
        if (r.stopped || !mode || !mode->completed) {
            report.stopped = stopRequested(stop);
            report.skipped.push_back({g.batch, g.context, report.stopped ? "stopped" : "over the time budget"});
            continue;
        }
        RooflinePoint prefill;
        prefill.kind = PointKind::Prefill;
        prefill.batch = g.batch;
        prefill.context = g.context;
        prefill.steps = 1;
        prefill.work = kvscope::roofline::prefillStep(shape, dtype, dtype, g.batch, g.context);
        prefill.milliseconds = mode->steps.front().milliseconds;
        report.points.push_back(prefill);

        RooflinePoint decode;
        decode.kind = PointKind::Decode;
        decode.batch = g.batch;
        decode.context = g.context;
        decode.steps = o.decodeSteps;
        std::vector<double> ms;
        std::uint64_t bytes = 0, flops = 0, matmul = 0, attention = 0, weights = 0, kvRead = 0, kvWrite = 0;
        for (std::size_t s = 1; s < mode->steps.size(); ++s) {
            ms.push_back(mode->steps[s].milliseconds);
            // Step s pushes position context + s - 1: the cache holds context + s - 1 tokens before it.
            const auto w = kvscope::roofline::decodeStep(shape, dtype, dtype, g.batch, g.context + s - 1);
            bytes += w.bytes;
            flops += w.flops;
            matmul += w.matmulFlops;
            attention += w.attentionFlops;
            weights += w.weightBytes;
            kvRead += w.kvReadBytes;
            kvWrite += w.kvWriteBytes;
        }
        const std::uint64_t n = ms.size();
        decode.work = kvscope::roofline::decodeStep(shape, dtype, dtype, g.batch, g.context);
        decode.work.bytes = bytes / n;
        decode.work.flops = flops / n;
        decode.work.matmulFlops = matmul / n;
        decode.work.attentionFlops = attention / n;
        decode.work.weightBytes = weights / n;
        decode.work.kvReadBytes = kvRead / n;
        decode.work.kvWriteBytes = kvWrite / n;
        std::sort(ms.begin(), ms.end());
        decode.milliseconds = n % 2 == 1 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
        report.points.push_back(decode);
    }
    // Decode points by context then batch, then the prefills the same way.
    std::stable_sort(report.points.begin(), report.points.end(), [](const RooflinePoint& a, const RooflinePoint& b) {
        return std::tuple(a.kind == PointKind::Prefill, a.context, a.batch) <
               std::tuple(b.kind == PointKind::Prefill, b.context, b.batch);
    });
    rereadPoints(report);
    say(1.0, "done");
    report.seconds = seconds(start);
    return report;
}

} // namespace kvscope::gpu
