#pragma once

#include "coursedata.h"
#include "device.h"
#include "gptmodel.h"
#include "stop.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {
struct DType; // core/dtype.h; not included here: the .cu files include this header and are C++17
}

namespace kvscope::gpu {

// How K and V are kept between steps (docs/domain.md section 9):
//   None        nothing: every step recomputes the whole prefix;
//   Contiguous  static: one region per sequence reserved for prompt + steps tokens up front;
//   Paged       blocks of blockSize tokens taken from a pool as the sequences grow (PagedAttention);
//   Dynamic     grows exactly to the tokens held, reallocating and copying the whole cache at
//               every step, as Hugging Face's DynamicCache does with torch.cat: the copy costs
//               time each step and, for a moment, memory for the old and the new cache together;
//   Int8        reserved like Contiguous, K and V stored as INT8 with one FP32 scale per token
//               and KV head (symmetric absmax: scale = max |x| / 127), dequantized inside attention;
//   Fp8         the same with FP8 E4M3 values (scale = max |x| / 448), CUDA only.
// The order is the enum's; values are stable (the window keys series by them).
enum class CacheMode { None, Contiguous, Paged, Dynamic, Int8, Fp8 };
std::string cacheModeName(CacheMode mode); // "none", "contiguous", "paged", "dynamic", "int8", "fp8"
// The --cache name back to a mode ("static" is contiguous); nothing for an unknown name.
std::optional<CacheMode> parseCacheMode(std::string_view name);
// Every mode, in the order --cache all runs them.
std::vector<CacheMode> allCacheModes();
// An option's list of modes: "all" (every mode), or names separated by commas, each kept once
// in the order given. Throws Error naming `option`, the accepted names and the name at fault:
// "--cache: expected none, contiguous (static), paged, dynamic, int8, fp8, a comma-separated
// list of them, or all, got 'int4'".
std::vector<CacheMode> parseCacheModeList(std::string_view list, std::string_view option = "--cache");
inline bool isQuantized(CacheMode mode) {
    return mode == CacheMode::Int8 || mode == CacheMode::Fp8;
}

enum class BackendChoice { Auto, Cpu, Cuda };
std::string backendChoiceName(BackendChoice choice); // "auto", "cpu", "cuda": the --backend values
std::vector<BackendChoice> allBackendChoices();
std::optional<BackendChoice> parseBackendChoice(std::string_view name); // nothing for an unknown name
// The same for an option's value; throws Error naming `option` and the accepted names:
// "--backend: expected auto, cpu or cuda, got 'gpu'".
BackendChoice parseBackendChoice(std::string_view name, std::string_view option);

// What weights, activations fed to the matrix products, and the KV cache are stored in.
// Accumulation, softmax, norms and the residual stream stay in FP32 either way.
enum class Precision { Fp32, Bf16 };
std::string precisionName(Precision precision); // "fp32", "bf16": the --dtype values
std::vector<Precision> allPrecisions();
std::optional<Precision> parsePrecision(std::string_view name); // nothing for an unknown name
// The same for an option's value: "--dtype: expected fp32 or bf16, got 'fp8'".
Precision parsePrecision(std::string_view name, std::string_view option);
// Bytes of one activation fed to a matrix product (the estimate's); weights and caches are core's formulas.
inline std::uint64_t elementBytes(Precision precision) {
    return precision == Precision::Bf16 ? 2 : 4;
}

struct DecodeOptions {
    GptConfig model;              // shape and seed of random weights
    std::string weightsFile;      // a GPT-2-layout .safetensors instead (its shape wins)
    std::uint32_t batch = 1;      // sequences decoded together
    std::uint32_t steps = 32;     // tokens generated per sequence
    std::uint32_t promptLen = 16; // seeded random prompt tokens per sequence
    std::vector<CacheMode> modes{CacheMode::None, CacheMode::Contiguous, CacheMode::Paged};
    std::uint32_t blockSize = 16;                // paged
    bool shuffleBlocks = true;                   // paged: hand out physical blocks in a shuffled order
    std::uint64_t seed = 1;                      // prompts and block order
    int threads = 2;                             // CPU threads for attention and the element-wise work
    BackendChoice backend = BackendChoice::Auto; // Auto: CUDA when a device answers, else the CPU
    Precision precision = Precision::Fp32;       // Bf16 needs the CUDA backend
    bool graphs = false;                         // CUDA: replay the one-token cached step as a captured CUDA graph
    // Drop modes the chosen backend lacks (fp8 on the CPU) with a note in the report, instead of
    // refusing the run: what --cache all asks for.
    bool skipUnsupportedModes = false;
    // Compare every mode's tokens and logits with the contiguous cache's (at the run's precision:
    // FP32 unless bf16). When the contiguous mode is not among `modes` but another cache is, it
    // runs first as a hidden reference (not reported as a mode, no step callbacks).
    bool compareWithReference = true;
};

// One generated token for the whole batch.
struct StepRecord {
    CacheMode mode = CacheMode::None;
    std::uint32_t step = 0;           // 0-based
    double milliseconds = 0.0;        // steady clock on the CPU, CUDA events on the GPU
    std::uint64_t tokensComputed = 0; // positions pushed through the model this step (all sequences)
    std::uint64_t kvBytesHeld = 0;    // cache memory allocated at the end of the step
    std::uint64_t kvBytesPeak = 0;    // the most the cache held during the step (dynamic: old + new while copying)
    std::uint64_t kvBytesCopied = 0;  // cache bytes copied to grow it this step (dynamic: the old cache; else 0)
};

// Time to first token and time per output token of one mode, from its step records:
//   TTFT = step 0 (the prompt's prefill, which also yields the first token);
//   TPOT = the later steps (one token per sequence each when cached; the whole prefix again
//          without a cache): their mean and 90th percentile (nearest rank: the ceil(0.9 n)-th
//          smallest).
struct Latency {
    bool ttftMeasured = false; // step 0 was measured
    double ttftMs = 0.0;
    std::size_t tpotSteps = 0; // steps after the first; TPOT figures are 0 when there are none
    double tpotMeanMs = 0.0;
    double tpotP90Ms = 0.0;
};
Latency latencyOf(const std::vector<StepRecord>& steps);

// A mode's greedy tokens and logits against the reference cache's (the contiguous cache).
struct Accuracy {
    bool compared = false;                // a completed reference and this mode's steps were both there
    bool isReference = false;             // this mode is the reference itself
    std::uint64_t tokensCompared = 0;     // batch x the steps both ran
    std::uint64_t tokensAgreeing = 0;     // positions where the greedy token is the reference's
    std::int64_t firstDifferentStep = -1; // the first step where any sequence's token differs; -1 none
    // The largest |logit - reference logit| of sequence 0 over the steps whose input still agreed
    // with the reference (up to and including sequence 0's first differing step).
    double maxLogitDiff = 0.0;
    std::uint32_t logitStepsCompared = 0;
    double agreementShare() const { return tokensCompared ? double(tokensAgreeing) / double(tokensCompared) : 0.0; }
};
// The comparison itself, on tokens per sequence and sequence 0's per-step logits.
Accuracy compareTokens(const std::vector<std::vector<std::int32_t>>& tokens,
                       const std::vector<std::vector<float>>& stepLogits,
                       const std::vector<std::vector<std::int32_t>>& referenceTokens,
                       const std::vector<std::vector<float>>& referenceLogits);

// The four memory figures of docs/domain.md section 8, each with how it was measured.
struct MemoryFigures {
    std::uint64_t theoreticalWeightBytes = 0; // weightBytesByFormula: parameters at the run's precision
    std::uint64_t theoreticalKvBytes = 0;     // kvBytesByFormula for the tokens reached
    std::uint64_t peakAllocatedBytes = 0;     // peak of our own allocator: weights, cache, activations
    std::uint64_t processBytes = 0;           // what the system reports: process RSS, or device memory in use
    std::string processSource;                // how processBytes was measured
};

struct ModeResult {
    CacheMode mode = CacheMode::None;
    std::vector<StepRecord> steps;
    std::vector<std::vector<std::int32_t>> tokens; // generated tokens per sequence
    std::vector<float> lastLogits;                 // logits of sequence 0 at the last step
    std::string cacheDType;       // what K and V were stored in, core's name: "fp32", "bf16", "int8-g64-fp32"
    double cacheBitsPerValue = 0; // its bits per K or V value, scales included (8.5 for int8-g64-fp32)
    double totalMs = 0.0;
    double msPerStep = 0.0;
    double tokensPerSecond = 0.0; // generated tokens (batch x steps) per second
    double speedupVsNone = 0.0;   // the no-cache mode's time / this mode's; 0 when not comparable
    MemoryFigures memory;
    Latency latency;                 // TTFT and TPOT from the steps
    Accuracy accuracy;               // against the contiguous cache
    std::uint64_t peakKvBytes = 0;   // the most the cache held in any step (dynamic: during a copy)
    std::uint64_t kvBytesCopied = 0; // all steps' growth copies (dynamic)
    bool completed = false;          // false when stopped early
};

// The course's two equations for the two-term model (docs/domain.md section 7): a cached step that
// computes one token per sequence and the mean uncached step give
//     a + x1 b = y1 (cached)   and   a + x2 b = y2 (uncached, x2 = its mean token count).
struct TwoPointFit {
    bool measured = false;                        // both modes completed, with x1 != x2
    CacheMode cachedMode = CacheMode::Contiguous; // the cached mode used (contiguous, else paged)
    double cachedTokens = 0.0;                    // x1: tokens in a one-token-per-sequence step (= batch)
    double cachedMs = 0.0;                        // y1: mean time of those steps, ms
    double uncachedTokens = 0.0;                  // x2: mean tokens of an uncached step
    double uncachedMs = 0.0;                      // y2: mean uncached step time, ms
    kvscope::StepModel model;                     // a and b: the two equations' solution, or the physical fit
    // A fixed cost and a cost per token are never negative. When the two equations solve to a
    // negative a or b (noise: the cached steps slower than the uncached ones' share, or the
    // uncached steps no slower than the cached), `model` is the least-squares line through the
    // two points with a >= 0 and b >= 0, and `solved` keeps what the equations gave.
    bool constrained = false;
    kvscope::StepModel solved;
};

// How steady this machine was while the run measured it. A shared or busy machine makes step
// times scatter and drift; then a speedup or a fit measures the load, not the model, and the
// report says so instead of explaining it.
//   The load probe: a fixed CPU workload (an SGEMM of 512 x 512, the fastest of 7, about 1.3 ms)
//   timed before each mode and after the last. Its spread is (slowest - fastest) / fastest: how
//   much the machine's speed changed between modes (another program starting or stopping). The
//   fastest of 7, not the median: a blip of the window's own drawing passes, a load that holds
//   the cores does not.
//   The scatter: the median absolute deviation of the cached modes' one-token steps (the
//   prefill's step 0 left out) from their median, over that median, the largest over the modes.
//   Steps of the same size should take the same time.
// Measured on this project's shared 2-core machine with the classroom run (the course's model,
// 24 steps, prompt 1, batch 1 and 64; kvscope-cli decode --json, "noise", and the window's
// lesson 13): unloaded, probe spreads 0.01-0.34 and scatters 0.02-0.20; with two busy loops
// beside the run, or starting part way, spreads 1.9-6.7 and scatters 0.02-0.33 (and speedups of
// 1.6x to 21x, fixed costs of -13 ms). The probe tells them apart; the scatter limit is a
// backstop for a load the probes happen to miss.
inline constexpr double kMaxProbeSpread = 0.75;
inline constexpr double kMaxStepScatter = 0.35;
struct RunNoise {
    std::vector<double> probeMs; // the load probe, ms, in the order it ran
    double probeSpread = 0.0;    // (slowest - fastest) / fastest; 0 with fewer than two probes
    double stepScatter = 0.0;    // the largest cached mode's MAD / median; 0 with fewer than 3 such steps
    std::size_t scatterSteps = 0;
    bool probed() const { return probeMs.size() >= 2; }
    bool scatterMeasured() const { return scatterSteps >= 3; }
    bool loadChanged() const { return probed() && probeSpread > kMaxProbeSpread; }
    bool scattered() const { return scatterMeasured() && stepScatter > kMaxStepScatter; }
    bool steady() const { return !loadChanged() && !scattered(); }
};

// The load probe: a fixed SGEMM of 512 x 512 x 512 on `threads` BLAS threads, timed 7 times
// after a warm-up; the fastest, ms. The same work every time, so a slower answer is a busier machine.
double loadProbeMs(int threads);
// The scatter above for a list of step times: median |t - median| / median; 0 for fewer than 3.
double relativeScatter(std::vector<double> ms);

struct DecodeReport {
    DeviceInfo device;              // what the probe found
    Backend backend = Backend::Cpu; // what the run used
    std::string backendWhy;         // why that backend ("CUDA device answered", "no CUDA driver", "--backend cpu")
    Precision precision = Precision::Fp32;
    bool graphs = false;
    GptConfig model;
    std::uint64_t parameters = 0;
    std::uint32_t batch = 0;          // the run's options, so the report says what was asked
    std::uint32_t stepsRequested = 0; // steps each mode was asked for
    std::uint32_t promptLen = 0;
    std::vector<ModeResult> modes; // the modes that ran, in order; a stopped run lacks the later ones
    bool tokensCompared = false;   // two or more modes completed, so tokensIdentical compares something
    bool tokensIdentical = true;   // every completed mode generated the same tokens
    // step_ms = a + b x tokens, least squares over every step of every completed mode.
    double fitAms = 0.0, fitBms = 0.0;
    std::size_t fitSteps = 0;            // the steps the fit used
    bool fitMeasured = false;            // those steps hold two token counts or more; a = b = 0 otherwise
    double fixedCostShareCached = 0.0;   // a / (a + b x batch): the fixed share of a cached step
    double fixedCostShareUncached = 0.0; // a / (a + b x mean uncached tokens)
    bool fitValid = false;               // measured, a > 0 and b > 0; the shares are 0 otherwise
    // The unconstrained least squares gave a negative a or b: fitAms / fitBms are then the best
    // line with a >= 0 and b >= 0, and fitSolvedAms / fitSolvedBms what least squares gave.
    bool fitConstrained = false;
    double fitSolvedAms = 0.0, fitSolvedBms = 0.0;
    RunNoise noise;       // how steady the machine was during the run
    TwoPointFit twoPoint; // the course's method on this run's means
    double speedup = 0.0; // uncached / contiguous step time, when both completed; 0 otherwise
    bool stopped = false;
    // Modes asked for that this backend lacks and that skipUnsupportedModes dropped, and why.
    std::vector<CacheMode> skippedModes;
    std::string skippedWhy; // "fp8 needs the CUDA backend"
    // The accuracy reference: the contiguous cache at the run's precision; ran hidden when the
    // contiguous mode was not asked for. Not measured when it was stopped or not wanted.
    bool referenceMeasured = false;
    bool referenceHidden = false;

    kvscope::StepModel leastSquares() const { return {fitAms, fitBms}; }
    bool speedupMeasured() const { return speedup > 0.0; }
};

using StepCallback = std::function<void(const StepRecord&)>;

// Greedy decoding of `steps` tokens for `batch` prompts in each mode, on the backend
// options.backend picks (Auto: CUDA when a device answers, else the CPU; the report says
// which and why). `stop` is polled between steps and inside them (per layer, per chunk of
// rows of a long uncached step, while random weights are drawn), so a stop ends the run
// within a small part of one step; the step it interrupts is dropped, never reported, and
// report.stopped is set. `onStep` is called after every step (from this thread). Throws
// kvscope::Error for impossible options (naming the option), for a run that does not fit
// in free memory (with the numbers) and for a CUDA failure.
DecodeReport runDecode(const DecodeOptions& options, const std::atomic<bool>* stop = nullptr,
                       const StepCallback& onStep = {});
// The same with a deadline as well as (or instead of) a flag: the probes' time budget.
DecodeReport runDecode(const DecodeOptions& options, const StopCondition& stop, const StepCallback& onStep = {});

// The storage format of a mode's cache: the run's precision (FP32 or BF16), or INT8 / FP8 E4M3
// with one FP32 scale per token and KV head: core's group-scaled dtype with groupSize = headDim
// (int8-g64-fp32 for a head of 64: 8 + 32/64 = 8.5 bits per value).
kvscope::DType cacheDType(CacheMode mode, Precision precision, const GptConfig& model);

// The int8 cache's quantization of one head's vector of n values: symmetric absmax, scale =
// max |x| / 127, q = round(x / scale) in [-127, 127], so q x scale is within scale / 2 of x. Returns
// the scale (0 for a vector of zeros, whose values stay 0). FP32 scales: 4 B per 64 or 128 values
// is 0.5 or 0.25 bits per value, and an FP16 scale would gain little (and flush tiny vectors' scales).
float quantizeInt8(const float* x, std::size_t n, std::int8_t* q);

// The formula's cache for `tokens` positions in every sequence: core's kvBytes for
// modelShapeOf(model) (memorymodel.h: 2 x layers x batch x tokens x kvHeads x the bytes of a
// head's headDim values, scales included).
std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens,
                               const kvscope::DType& dtype);
// The same for a mode's cache at a precision (cacheDType), and for the plain FP32 / BF16 cache.
std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens, CacheMode mode,
                               Precision precision);
std::uint64_t kvBytesByFormula(const GptConfig& model, std::uint32_t batch, std::uint64_t tokens,
                               Precision precision = Precision::Fp32);
// The weights at a precision: core's weightBytes (parameters x bits / 8) for core's parameter count.
std::uint64_t weightBytesByFormula(const GptConfig& model, Precision precision);
// Core's dtype of a precision: FP32 or BF16.
kvscope::DType precisionDType(Precision precision);

// What a run will allocate at its peak: weights, the largest cache, the largest activations.
std::uint64_t estimateRunBytes(const DecodeOptions& options, const GptConfig& model);

// Which backend runDecode would use for these options on this machine, and why; throws
// kvscope::Error when the options need CUDA and no device answers (saying why not).
Backend chooseBackend(const DecodeOptions& options, const DeviceInfo& device, std::string* why = nullptr);

// Whether cuBLAS could be opened (it is loaded at run time, so the programs start without
// it); when not, why not. Needs no GPU. False, with the reason, in a build without CUDA.
bool cublasAvailable(std::string* why = nullptr);

// Whether the CUDA kernels take this shape (head size 64 or 128); when not, why not.
bool cudaSupportsShape(const GptConfig& model, std::string* why = nullptr);

// One decode step's attention alone over a filled cache of `context` tokens per sequence
// (one new query per sequence), the same code the decode modes use. For the benchmark.
struct AttentionTiming {
    double seconds = 0;          // per call, best of the repeats
    std::uint64_t bytesRead = 0; // K and V bytes the call must read: the formula for one layer at this dtype
};
AttentionTiming timeAttention(const GptConfig& shape, std::uint32_t batch, std::uint32_t context, CacheMode mode,
                              std::uint32_t blockSize, int threads, int repeats);

// The same attention on the CUDA backend (bf16 or fp32 cache), timed with CUDA events, best
// of the repeats; and the device-to-device copy bandwidth in bytes/s (each byte read and
// written once), the ceiling it is compared with. Both throw kvscope::Error without CUDA.
AttentionTiming timeAttentionCuda(const GptConfig& shape, std::uint32_t batch, std::uint32_t context, CacheMode mode,
                                  std::uint32_t blockSize, Precision precision, int repeats);
double deviceCopyBandwidth(std::uint64_t bytes, int repeats);

// Least squares of y = a + b x over the points; b = 0 when every x is the same.
void fitTwoTerm(const std::vector<double>& x, const std::vector<double>& y, double& a, double& b);
// The same with a >= 0 and b >= 0 (x >= 0): the unconstrained line when both come out
// non-negative, else the better of a = 0 (b = sum xy / sum x^2) and b = 0 (a = the mean).
kvscope::StepModel fitTwoTermPhysical(const std::vector<double>& x, const std::vector<double>& y);

// The two equations on a report's modes: x1 = batch (steps that computed one token per
// sequence, the prompt's step 0 left out: it is the prefill, and the first touch of the
// cache's memory makes it the slowest), y1 = their mean ms in the contiguous mode (else paged);
// x2, y2 = the uncached mode's mean tokens and ms. Not measured unless both modes completed.
// A negative solution is replaced by the physical fit (TwoPointFit::constrained).
TwoPointFit twoPointFit(const DecodeReport& report);

// The model's step time at each step's token count: the fitted line drawn over the steps.
std::vector<double> predictSteps(const kvscope::StepModel& model, const std::vector<StepRecord>& steps);

// A mode's mean step against what a two-term model predicts for its mean token count
// (a + b x is linear, so that is also the mean of the per-step predictions).
struct ModeCheck {
    CacheMode mode = CacheMode::None;
    bool completed = false;
    double meanTokens = 0.0;  // tokens computed per step, mean over the measured steps
    double measuredMs = 0.0;  // mean measured step, ms
    double predictedMs = 0.0; // a + b x meanTokens, ms
    double missedMs = 0.0;    // measured - predicted: what the model leaves out, ms
    double missedShare = 0.0; // missed / predicted: +0.16 is 16% slower than predicted; 0 when nothing is predicted
};
// One row per mode that measured at least one step.
std::vector<ModeCheck> checkStepModel(const kvscope::StepModel& model, const DecodeReport& report);

// The report in one paragraph of plain English, for the CLI: states only what was measured
// and names what was not. The window composes its own reading through tr() from the fields.
std::string englishReading(const DecodeReport& report);

// The forward pass of a whole sequence in float64, no cache: logits of its last position.
// The reference the FP32 modes are checked against.
std::vector<double> referenceLogits(const GptWeights& weights, const std::vector<std::int32_t>& tokens);

// The prompts runDecode uses for `options` (batch x promptLen seeded tokens).
std::vector<std::vector<std::int32_t>> makePrompts(const DecodeOptions& options, std::uint32_t vocab);

} // namespace kvscope::gpu
