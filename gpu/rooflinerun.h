#pragma once
// This machine's roofline, measured: its two ceilings (memory bandwidth and peak arithmetic)
// in one run, and our small GPT's decode steps placed on it. The bytes and FLOPs of every step
// are core's (core/roofline.h) for the shape modelShapeOf() gives; only the times are measured.
// No Qt, no CUDA type: the CLI, the window and the benchmark share it.

#include "decode.h"
#include "roofline.h"
#include "stop.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kvscope::gpu {

// ---- the ceilings ----------------------------------------------------------------------------
// STREAM-style CPU memory bandwidth over arrays far larger than the caches, best of 5 (bytes/s):
// the triad a = b + s c (3 arrays of 128 MiB counted) and a read-only sum of one 256 MiB array.
double streamTriadBandwidth(int threads);
double readOnlyBandwidth(int threads);
// A square OpenBLAS SGEMM of n x n (2 n^3 FLOPs), best of `repeats` after one warm-up, on
// `threads` BLAS threads (FLOP/s).
double cpuSgemmFlops(int threads, int n = 2048, int repeats = 3);
// cuBLAS GEMM of n x n on the device, FP32 (no TF32) or BF16 with FP32 accumulation, best of
// `repeats` after a warm-up, timed with CUDA events (FLOP/s). Throws kvscope::Error without CUDA.
double cudaGemmFlops(Precision precision, int n = 4096, int repeats = 5);

// What bounds the points: on the CPU the read-only bandwidth (a decode step reads; it writes
// little) and the SGEMM; on CUDA the device-to-device copy and the GEMM of the run's precision.
struct MeasuredRoof {
    Backend backend = Backend::Cpu;
    std::string device;           // the CPU's model name or the GPU's
    int threads = 0;              // CPU threads (the decode's)
    double readBandwidth = 0.0;   // CPU: read-only sum, bytes/s (0 on CUDA)
    double triadBandwidth = 0.0;  // CPU: STREAM triad, bytes/s (0 on CUDA)
    double copyBandwidth = 0.0;   // CUDA: device-to-device copy, bytes/s (0 on the CPU)
    double sgemmFlops = 0.0;      // CPU: OpenBLAS SGEMM, FLOP/s
    double gemmFp32Flops = 0.0;   // CUDA: cuBLAS FP32 GEMM
    double gemmBf16Flops = 0.0;   // CUDA: cuBLAS BF16 GEMM (FP32 accumulate)
    kvscope::roofline::Roof roof; // the pair the points are read against
    std::string bandwidthSource;  // "read-only sum" / "device-to-device copy"
    std::string peakSource;       // "OpenBLAS SGEMM" / "cuBLAS FP32 GEMM" / "cuBLAS BF16 GEMM"
};

// ---- the points ------------------------------------------------------------------------------
enum class PointKind { Decode, Prefill };
std::string pointKindName(PointKind kind); // "decode", "prefill"

struct RooflinePoint {
    PointKind kind = PointKind::Decode;
    std::uint32_t batch = 0;
    std::uint32_t context = 0; // decode: tokens cached before the first measured step; prefill: prompt tokens
    std::uint32_t steps = 0;   // decode: one-token steps measured (contexts context .. context + steps - 1); prefill: 1
    kvscope::roofline::StepWork work;   // per step (decode: the mean of its steps' work)
    double milliseconds = 0.0;          // decode: the median step; prefill: the step
    kvscope::roofline::Reading reading; // against MeasuredRoof::roof
};

struct SkippedPoint {
    std::uint32_t batch = 0;
    std::uint32_t context = 0;
    std::string why; // "over the time budget (about 40 s)", "needs 8.6 GiB, 3.1 GiB available", ...
};

struct RooflineOptions {
    BackendChoice backend = BackendChoice::Auto;
    bool quick = false;                    // the small grid (a minute on a 2-core CPU)
    std::vector<std::uint32_t> batches;    // empty: 1, 4, 16, 64, 256
    std::vector<std::uint32_t> contexts;   // empty: 64, 256 (quick) or 64, 256, 1024
    std::uint32_t decodeSteps = 5;         // one-token steps per (batch, context) after its prefill
    double budgetSeconds = 0.0;            // for the points, wall clock; 0: 40 s quick, 240 s otherwise
    int threads = 2;                       // CPU threads, as the decode uses
    GptConfig model;                       // its maxContext is raised to fit the largest context
    Precision precision = Precision::Fp32; // BF16 needs CUDA
    bool measureCeilings = true;           // false: only `ceilings` below (tests)
    MeasuredRoof ceilings;                 // used when measureCeilings is false
};

struct RooflineReport {
    MeasuredRoof roof;
    GptConfig model;
    std::uint64_t parameters = 0;
    Precision precision = Precision::Fp32;
    std::string backendWhy;
    double budgetSeconds = 0.0;
    std::vector<RooflinePoint> points; // decode points by context then batch, then the prefills
    std::vector<SkippedPoint> skipped;
    bool stopped = false;
    double seconds = 0.0; // the whole measurement, wall clock
};

// Progress from 0 to 1 with what is being measured ("SGEMM", "batch 16, context 256").
using RooflineProgress = std::function<void(double fraction, const std::string& what)>;

// Measures the ceilings, then runs runDecode (contiguous cache) for each (batch, context) of the
// grid, cheapest first, skipping what the time budget or the memory cannot hold; each run's first
// step is the prefill of `context` tokens, the next ones the cached one-token steps. `stop` is
// honoured between ceilings and within a decode step; the report then says stopped and holds
// what was measured. Throws kvscope::Error for impossible options (naming the option).
RooflineReport measureRoofline(const RooflineOptions& options, const std::atomic<bool>* stop = nullptr,
                               const RooflineProgress& progress = {});

// The points of a report read against its roof again (after the roof was set by hand, in tests).
void rereadPoints(RooflineReport& report);

// One line per point in plain English, for the CLI's --lang en and logs:
// "batch 1, context 256: 0.5 FLOP/byte, 71% of the bandwidth roof: memory-bound".
std::string englishReading(const RooflinePoint& point);

} // namespace kvscope::gpu
