#pragma once

#include "modelshape.h"
#include "scenario.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

// Reads the memory lines of an inference server's start-up log (vLLM V0 and V1, llama.cpp,
// SGLang), recomputes what they imply and compares them with KV Scope's own estimate.
// Written against the format strings the engines print (see serverlog.cpp for each one), so
// a paste with or without timestamps, with ANSI colours, CRLF or terminal-wrapped lines reads
// the same. Everything here is data for the caller to present: no sentence is composed.

// A paste is at most this large (a start-up log is tens of KiB; a whole day's log a few MiB).
inline constexpr std::uint64_t kServerLogMaxBytes = 16ull << 20;

enum class LogEngine { Unknown, Vllm, LlamaCpp, SGLang };

// Which generation of an engine's memory lines the log carries.
enum class LogFormat {
    Unknown,
    VllmV0Blocks,    // vLLM V0 0.2-0.5: "# GPU blocks: N, # CPU blocks: M" and no memory profile line
    VllmV0Profile,   // vLLM V0 before 0.7: "Memory profiling results: ... peak_torch_memory ..."
    VllmV0Table,     // vLLM V0 0.6.5: "Memory profiling results:" then one "key   value" row a line
    VllmV0Split,     // vLLM V0 0.7.x: "model weights take ...; non_torch_memory takes ...; ..."
    VllmV1,          // vLLM V1: "Available KV cache memory" / "GPU KV cache size: N tokens"
    LlamaCppKvSelf,  // llama.cpp before mid-2025: "KV self size = X MiB, K (f16): ..."
    LlamaCppKvCache, // llama.cpp since: "llama_kv_cache: size = X MiB (N cells, L layers, S seqs), ..."
    SGLang,          // "KV Cache is allocated. #tokens: N, K size: X GB, V size: Y GB"
};

std::string logEngineName(LogEngine engine); // "vLLM", "llama.cpp", "SGLang"
std::string logFormatName(LogFormat format); // "vLLM V0 (< 0.7)", ...

// A size as the log printed it, in bytes. `tolerance` is half a unit of the last printed
// digit (3.60 GiB: +-0.005 GiB), so a recomputation can tell printed rounding from a mismatch.
struct LogSize {
    double bytes = 0.0; // may be negative (a server that ran out of memory)
    double tolerance = 0.0;
    std::size_t line = 0; // 1-based line of the paste where it was read
};

// A plain number as printed (utilization 0.95, concurrency 28.37x), with its tolerance.
struct LogNumber {
    double value = 0.0;
    double tolerance = 0.0;
    std::size_t line = 0;
};

struct LogCount {
    std::uint64_t value = 0;
    std::size_t line = 0;
};

// One llama.cpp buffer line: "CUDA0 compute buffer size = 164.01 MiB".
struct LogBuffer {
    std::string device; // "CUDA0", "CPU", "CUDA_Host"
    LogSize size;
};

// Why a server did not start, as its own lines say. In order of how specific they are: a line that
// says what did not fit outranks one that says only that the engine stopped (most specific wins).
enum class LogFailureKind {
    None,
    MaxLenDoesNotFit,     // vLLM "To serve at least one request with the models's max seq len ..."
    NoCacheBlocks,        // vLLM "No available memory for the cache blocks", 0 GPU blocks
    NotEnoughMemory,      // SGLang "Not enough memory. Please try to increase --mem-fraction-static."
    WeightsLeaveNoMemory, // SGLang: the weights leave no memory for the KV pool
    NegativeKvMemory,     // vLLM "Available KV cache memory: -2.51 GiB", kv_cache_size < 0
    KvCacheAllocation,    // llama.cpp "failed to allocate buffer for kv cache"
    ComputeBuffers,       // llama.cpp "failed to allocate compute buffers"
    OutOfMemory,          // "CUDA out of memory", torch.OutOfMemoryError, "cudaMalloc failed: out of memory"
    ModelLoad,            // llama.cpp "failed to load model"
    EngineFailed,         // "Engine core initialization failed" and nothing more specific
};

struct LogFailure {
    LogFailureKind kind = LogFailureKind::None;
    std::size_t line = 0; // 1-based line of the paste
    std::string text;     // that line, cut to 300 bytes between characters
};
std::string logFailureKindId(LogFailureKind kind); // "max_len_does_not_fit", ...

// A figure one rank (one GPU worker) printed: vLLM V1 prints "Available KV cache memory" in every
// worker, "(VllmWorker rank=2 pid=...)" or "(Worker_TP2 pid=...)", and sizes the cache by the smallest.
struct LogRankSize {
    std::string rank; // as the prefix names it: "rank 2", "TP1", "PP1_TP0"
    LogSize size;
};

// One llama.cpp cache summary line. Models with sliding-window layers (iSWA) print two, the
// non-SWA cache at the context and the SWA cache at a window's cells; recurrent models
// (llama_memory_recurrent) print R and S state instead of K and V.
struct LogKvCache {
    std::string kind; // "non-SWA", "SWA", "recurrent", or empty for the only cache
    LogSize size;
    std::uint64_t cells = 0; // 0 when the line gives none (the old "KV self size" line)
    std::uint64_t layers = 0;
    std::uint64_t seqs = 0;
    std::string kType, vType; // "f16", "q8_0"; R and S types for recurrent state; "c^KV" for ik_llama's MLA line
    std::optional<LogSize> k, v;
};

// What the log says, in its own terms. Sizes are per GPU (per rank) as vLLM and SGLang print them;
// llama.cpp's cache and buffer lines are totals over its devices.
struct ServerLog {
    LogEngine engine = LogEngine::Unknown;
    LogFormat format = LogFormat::Unknown;
    std::string version;         // "0.6.4.post1", "b4743 (d07c6213)", "ollama 0.5.7"; or the family guessed
    bool versionGuessed = false; // true: the log prints no version; `version` names the format's family
    std::size_t versionLine = 0; // where it was printed

    // Where this start-up is in the paste: a file holding a restart is read as one run per start-up.
    std::size_t run = 1, runs = 1;
    std::size_t firstLine = 0, lastLine = 0; // 1-based physical lines

    // Settings and the model, where stated.
    std::string model;                    // "meta-llama/Llama-3.2-1B", a GGUF file name, general.name
    std::string dtype;                    // "float16", "bfloat16", "auto", GGUF "Q4_K - Medium"
    std::string kvCacheDtype;             // "auto", "fp8", llama.cpp's K type ("f16", "q8_0")
    std::string vCacheDtype;              // llama.cpp's V type
    std::optional<LogCount> maxModelLen;  // vLLM max_model_len / max_seq_len, SGLang context_len, llama.cpp n_ctx
    std::optional<LogNumber> utilization; // gpu_memory_utilization or SGLang's mem_fraction_static
    std::optional<LogCount> blockSize;
    std::optional<LogCount> tensorParallel;
    std::optional<LogCount> pipelineParallel; // pipeline_parallel_size: each stage holds other layers
    std::optional<LogCount> kvHeads;          // llama.cpp n_head_kv
    std::optional<LogCount> heads;            // llama.cpp n_head
    std::optional<LogCount> layers;           // llama.cpp n_layer
    std::optional<LogCount> headDimK;         // llama.cpp n_embd_head_k
    std::optional<LogCount> headDimV;         // llama.cpp n_embd_head_v
    std::optional<LogCount> hidden;           // llama.cpp n_embd
    std::string fileType;                     // llama.cpp "model ftype" / "file type"

    // The server's own decomposition (vLLM's profile, SGLang's avail mem lines).
    std::optional<LogSize> totalGpuMemory;
    std::optional<LogSize> budget;         // total x utilization, as vLLM 0.7 prints it
    std::optional<LogSize> weights;        // "model weights take", "Loading model weights took", SGLang mem usage
    std::optional<LogSize> peakTorch;      // vLLM < 0.7: peak_torch_memory, weights included
    std::optional<LogSize> nonTorch;       // CUDA context, NCCL, cuBLAS workspaces
    std::optional<LogSize> nonKvMemory;    // vLLM V1 DEBUG "Total non KV cache memory": all but the KV cache
    std::optional<LogSize> activationPeak; // vLLM 0.7+: PyTorch activation peak, weights excluded
    std::optional<LogSize> kvMemory;       // kv_cache_size, "reserved for KV Cache", "Available KV cache memory"
    std::optional<LogCount> gpuBlocks;     // "# GPU blocks", "# CUDA blocks", num_gpu_blocks
    std::optional<LogCount> cpuBlocks;
    std::optional<LogCount> kvTokens;          // "GPU KV cache size: N tokens", SGLang #tokens, llama.cpp cells
    std::optional<LogNumber> concurrency;      // "Maximum concurrency ... X.XXx"
    std::optional<LogCount> concurrencyTokens; // the M of "for M tokens per request"
    std::optional<LogSize> cudaGraphs;         // "Graph capturing finished ..., took X GiB", SGLang graph mem usage

    // llama.cpp
    std::optional<LogSize> kSize;
    std::optional<LogSize> vSize;
    std::optional<LogCount> kvLayers; // layers holding a cache ("32 layers")
    std::optional<LogCount> kvSeqs;
    std::vector<LogBuffer> modelBuffers;
    std::vector<LogBuffer> kvBuffers;
    std::vector<LogBuffer> computeBuffers;

    // SGLang
    std::optional<LogSize> availBeforeWeights; // "Load weight begin. avail mem="
    std::optional<LogSize> availAfterWeights;  // "Load weight end. ... avail mem="
    std::optional<LogSize> availAfterPool;     // "Memory pool end. avail mem="
    std::optional<LogCount> maxTotalTokens;    // max_total_num_tokens=
    // SGLang's sliding-window pools ("Use sliding window memory pool. full_layer_tokens=%d,
    // swa_layer_tokens=%d"): K and V sizes then cover both pools.
    std::optional<LogCount> fullLayerTokens, swaLayerTokens;
    std::uint32_t ranksSeen = 0; // distinct "TPn" tags: the log's own evidence of TP

    // vLLM V1 with TP: each worker's "Available KV cache memory"; kvMemory is the smallest, the
    // figure vLLM sized every rank's cache by, and kvMemoryRank names its rank.
    std::vector<LogRankSize> kvMemoryByRank;
    std::string kvMemoryRank;         // the smallest rank's name, or the one worker's; empty without a name
    std::vector<LogKvCache> kvCaches; // llama.cpp: every cache summary line; kvMemory, kSize, vSize are their sums
    bool kvMemoryFromBuffers = false; // llama.cpp printed no cache line: kvMemory is its KV buffers added up
    // ollama's own plan before llama.cpp allocates (server.go "msg=offload ... memory.required.kv=..."):
    // estimates, and the KV memory only where llama.cpp printed none (kvMemoryEstimated).
    std::optional<LogSize> estimatedKv, estimatedWeights, estimatedGraph;
    bool kvMemoryEstimated = false;
    std::optional<LogSize> stateMemory; // recurrent or linear-attention state, when printed apart
    // vLLM hybrid models (attention with mamba or linear attention): the attention block size vLLM
    // chose so that one attention page is as large as one state page ("Setting attention block
    // size to 544 tokens ..."); their token count is not KV memory / bytes per token.
    bool hybrid = false;
    std::optional<LogCount> attentionBlockSize;

    bool failed = false; // the server said it could not start (an error line, a negative KV size)
    LogFailure failure;  // the line that says so
    // vLLM's "To serve at least one request ..." error: the KV needed for one max_model_len
    // request, what was available, and the largest max_model_len that would have fit.
    std::optional<LogSize> kvNeeded, kvAvailable;
    std::optional<LogCount> suggestedMaxModelLen;
    // suggestedMaxModelLen is not the server's estimate but its blocks x block size: the log shows
    // a refused max_model_len by its figures alone (vLLM's blocks hold fewer tokens than it).
    bool suggestedFromBlocks = false;
    std::optional<LogNumber> suggestedMemFraction; // SGLang "Raise --mem-fraction-static above %.3f"
    std::optional<LogSize> failedAllocation;       // llama.cpp "allocating 5120.00 MiB on device 0: cudaMalloc failed"

    std::size_t lines = 0;       // logical lines after joining wrapped ones
    std::size_t understood = 0;  // lines that gave at least one figure or setting
    std::size_t ignored = 0;     // non-empty lines with nothing recognised
    std::size_t invalidUtf8 = 0; // byte sequences that were not UTF-8, read as U+FFFD (a name stays printable)
};

// Parses a pasted log. Never throws for what it does not understand (ignored and counted),
// but throws Error "not a server start-up log" when no line at all is recognised, and when
// the text is over kServerLogMaxBytes. Linear in the size of the text.
ServerLog parseServerLog(std::string_view text);
// The same, one ServerLog per start-up: a paste holding a restart (two "vLLM API server version"
// lines, two llama.cpp "build:" lines with figures between) is split where the next start-up
// begins, and each run is read on its own, never mixed. parseServerLog returns the last run.
std::vector<ServerLog> parseServerLogRuns(std::string_view text);
// The same from a file (a regular file of at most kServerLogMaxBytes), "-" is not special here.
ServerLog parseServerLogFile(const std::filesystem::path& path);

// One check of the log against itself.
enum class LogCheckKind {
    BudgetFromTotal,       // total x utilization = printed budget (vLLM 0.7)
    KvFromProfileV0,       // kv = total x util - peak_torch - non_torch (vLLM < 0.7)
    KvFromProfileSplit,    // kv = total x util - weights - activation - non_torch (vLLM 0.7)
    TokensFromKvMemory,    // tokens = KV memory / bytes per token, rounded down to whole blocks
    TokensFromBlocks,      // tokens = blocks x block_size
    ConcurrencyFromTokens, // concurrency = tokens / max_model_len
    KPlusVIsTotal,         // llama.cpp: K + V = KV size
    KvBuffersMatchTotal,   // llama.cpp: the KV buffers add up to the KV size
    WeightsFromAvailDrop,  // SGLang: avail before - avail after = weight mem usage
    PoolTokensMatch,       // SGLang: #tokens = max_total_num_tokens
    KvMemoryNotNegative,   // a negative KV size: the server cannot start
    KvFromNonKv,           // vLLM V1 DEBUG: kv = requested memory - total non-KV memory
    TokensFromConcurrency, // newer vLLM V1: tokens = int(concurrency x max_model_len)
};

// How vLLM V1 made its "GPU KV cache size: N tokens" line (v1/core/kv_cache_utils.py), as far as
// the log shows it. Up to 0.19 at least, _report_kv_cache_config: N = num_blocks // len(groups) x
// the smallest group's block size, and the concurrency is num_blocks / the blocks one request of
// max_model_len needs over all groups (get_max_concurrency_for_kv_cache_config). With one group
// (full attention) that is N = num_blocks x block_size and concurrency <= N / max_model_len. Later
// (get_kv_cache_capacity, 0.24): N = int(concurrency x max_model_len) whatever the groups.
enum class LogTokenRule {
    None,                   // no vLLM V1 token line
    BlocksTimesBlockSize,   // one group: N = num_blocks x block_size; bytes per token follow
    BlocksPerGroup,         // several groups (hybrid, sliding window): N = num_blocks // groups x block
    ConcurrencyTimesMaxLen, // N = int(concurrency x max_model_len): N is not a multiple of the block
    Unknown,                // several groups, and the log does not show which of the two rules
};
std::string logTokenRuleId(LogTokenRule rule);              // "blocks_x_block_size", ...
enum class LogCheckResult { Agrees, Disagrees, Explained }; // Explained: differs for a named reason

struct LogCheck {
    LogCheckKind kind{};
    LogCheckResult result = LogCheckResult::Agrees;
    double stated = 0.0;     // what the log printed (bytes, tokens or a ratio, per kind)
    double recomputed = 0.0; // what the other figures imply
    double tolerance = 0.0;  // printed rounding allowed
};

// What the log implies, recomputed from its own figures.
struct LogRecomputation {
    // KV bytes one token takes on one rank (whole blocks), the integer in the range the printed
    // figures allow with the most trailing zero bits (a real shape is a multiple of a power of two).
    std::uint64_t kvBytesPerToken = 0;
    std::uint64_t kBytesPerToken = 0;                          // K alone (SGLang and llama.cpp print K and V apart)
    std::uint64_t bytesPerTokenLow = 0, bytesPerTokenHigh = 0; // the range allowed
    bool bytesPerTokenFromModel = false; // the log printed no KV size: the model's figure was used
    std::uint64_t blockSize = 0;
    std::uint64_t blockBytes = 0;
    std::uint64_t tokens = 0;                    // from the stated KV memory (its printed value)
    std::uint64_t tokensLow = 0, tokensHigh = 0; // from the ends of its printed rounding
    double kvMemoryBytes = 0.0;                  // stated, or tokens x bytes per token when not printed
    double kvMemoryFromBudget = 0.0;             // vLLM's subtraction, when the log has its terms
    double budgetBytes = 0.0;                    // total x utilization
    double concurrency = 0.0;                    // tokens / max_model_len
    double blockRoundingBytes = 0.0;             // KV memory left over below one block
    // No one figure per token (kvBytesPerToken stays 0): llama.cpp's iSWA caches and SGLang's
    // sliding-window pools (a token takes a cell in each cache it is in) and vLLM's hybrid models (attention pages
    // share their size with the mamba state's, and vLLM's token line is blocks / groups x block size).
    bool perTokenUndefined = false;
    // The ranks' KV memory differs and the log does not show that every rank holds the same layers
    // (pipeline stages, world ranks "rank 2" / "pid 535"): the smallest memory need not be the
    // limiting rank, so no per-token figure is made from it.
    bool ranksMayHoldOtherLayers = false;
    bool ranksDiffer = false; // the ranks printed different KV memory (ServerLog::kvMemoryByRank)
    // With TP, one worker's KV memory of several: the tokens are the smallest rank's, which the log
    // may not show, so the per-token figure is this rank's at most.
    bool fromOneRankOfSeveral = false;
    // Then no kvBytesPerToken: this rank's KV memory over vLLM's tokens, an upper bound (the smallest
    // rank's memory, which sized the tokens, is at most this one's).
    std::uint64_t kvBytesPerTokenAtMost = 0;
    // vLLM V1's token line and its KV cache groups. Several groups show in the log as the hybrid
    // lines, as a concurrency above the token line's (concurrency x max_model_len > N), or as a
    // token count that is no whole number of blocks; vLLM's own concurrency is then the figure to
    // trust, and none is recomputed (concurrency stays 0).
    LogTokenRule tokenRule = LogTokenRule::None;
    bool severalGroups = false;
    bool concurrencyAboveTokens = false;          // the evidence: concurrency x max_model_len > N
    std::uint64_t attentionBlockSize = 0;         // vLLM's "Setting attention block size to N", else 0
    std::uint64_t blocksPerGroup = 0;             // BlocksPerGroup with that block size: N / block
    std::uint64_t attentionBlocksPerRequest = 0;  // ceil(max_model_len / that block), in each attention group
    std::vector<std::uint64_t> cacheBytesPerCell; // llama.cpp: per entry of ServerLog::kvCaches, 0 without cells
    std::vector<LogCheck> checks;
    bool consistent() const; // no check disagrees
};
LogRecomputation recomputeServerLog(const ServerLog& log, const ModelShape* model = nullptr,
                                    std::optional<DType> kvDtype = std::nullopt);

// Finds the preset a log's model name stands for ("meta-llama/Llama-3.1-8B-Instruct" ->
// "llama-3.1-8b"); empty when none does.
std::string matchPresetForModelName(std::string_view modelName);

// The log's settings as a KV Scope scenario for `model`: dtypes, context, utilization, TP,
// block size, and the card's memory when the log prints it.
Scenario scenarioFromServerLog(const ServerLog& log, const ModelShape& model);
// The dtype a log's cache uses for `model` (auto: the weights' dtype), or nothing.
std::optional<DType> logKvDtype(const ServerLog& log, const ModelShape& model);

// A term of the server's decomposition next to KV Scope's estimate of the same thing.
enum class CompareTerm { Weights, ActivationPeak, NonTorch, KvMemory, KvBytesPerToken, KvTokens, Concurrency };
struct TermComparison {
    CompareTerm term{};
    bool hasServer = false;
    double server = 0.0; // bytes, tokens or a ratio
    double kvscope = 0.0;
    // The server's figure as the log printed it (false), or recomputed from its lines (true: a sum of buffers,
    // GPU blocks x block size, KV memory / tokens): never shown as if the server had said it.
    bool serverRecomputed = false;
    std::size_t serverLine = 0; // the line it was printed on, or the first line it was recomputed from
};

// Why the server's figure and KV Scope's differ, named; the caller words them.
enum class DifferenceKind {
    ActivationPeak,    // measured by a profile run vs our estimate of one prefill chunk
    NonTorchMemory,    // CUDA context, NCCL and cuBLAS: measured vs our typical 512 MiB
    BlockRounding,     // whole blocks only: memory below one block stays unused
    Utilization,       // the server uses total x utilization; the rest is held back
    TensorParallel,    // figures are per rank; weights and KV heads split over ranks
    SlidingOrHybrid,   // windowed or non-attention layers: vLLM's concurrency rule differs
    WeightsDiffer,     // the checkpoint's bytes differ from our parameter count x dtype
    KvPerTokenDiffers, // the log's bytes per token differ from the model's: another model or dtype?
    RequestPool,       // SGLang reserves a request-to-token pool beside K and V
    CudaGraphs,        // memory captured CUDA graphs took after the KV cache was sized
    ComputeBuffers,    // llama.cpp's compute buffers stand for activations
    ServerFailed,      // the KV memory is negative or the server said it failed
};
struct LogDifference {
    DifferenceKind kind{};
    double server = 0.0;  // bytes (or per-kind figure)
    double kvscope = 0.0; // bytes (or per-kind figure)
};

struct LogComparison {
    Scenario scenario; // the model and the log's settings
    Estimate estimate;
    Capacity capacityFromServerKv; // our tokens for the server's own KV memory
    bool hasCapacity = false;
    std::vector<TermComparison> terms;
    std::vector<LogDifference> differences;
};
// KV Scope's estimate for the log's model and settings, term by term. Throws Error when the
// model's shape cannot be split the way the log's TP says.
LogComparison compareServerLog(const ServerLog& log, const LogRecomputation& recomputed, const ModelShape& model);

// Identifiers for --json and tests ("tokens_from_blocks", "activation_peak", "weights").
std::string logCheckKindId(LogCheckKind kind);
std::string logCheckResultId(LogCheckResult result);
std::string compareTermId(CompareTerm term);
std::string differenceKindId(DifferenceKind kind);

// Everything the page and `explain-log` show, from one call.
enum class LogModelSource { None, Caller, LogName }; // LogName: the log's model name matched a preset
struct LogExplanation {
    ServerLog log;
    std::optional<ModelShape> model;
    LogModelSource modelSource = LogModelSource::None;
    std::string presetId; // when the log's name matched a preset
    LogRecomputation recomputed;
    std::optional<LogComparison> comparison; // with a model
    std::string comparisonError;             // why there is no comparison although there is a model
};
// Parses `text` and explains it against `model` when given, else against the preset the log's
// model name matches, else against its own figures alone. Throws Error as parseServerLog does;
// a comparison that cannot be made (the log's TP does not divide the model's heads) leaves
// `comparison` empty and says why in `comparisonError`.
LogExplanation explainServerLog(std::string_view text, const std::optional<ModelShape>& model = std::nullopt);
LogExplanation explainServerLog(ServerLog log, const std::optional<ModelShape>& model);

// The explain-log chart's two stacked bars, bytes per GPU: the server's own terms and KV Scope's
// estimate of the same, one entry per LogBarTerm (negative figures drawn as 0). Without a model
// only the server's bar, from the log's own lines and its KV memory as recomputed; CUDA graphs
// are the server's alone.
enum class LogBarTerm { Weights, ActivationPeak, NonTorch, KvCache, CudaGraphs };
inline constexpr std::size_t kLogBarTerms = 5;
struct LogBars {
    std::array<double, kLogBarTerms> server{};
    std::array<double, kLogBarTerms> kvscope{};
    double serverTotal = 0.0; // the sum of each bar: the chart's height
    double kvscopeTotal = 0.0;
};
LogBars logBars(const LogExplanation& explanation);

} // namespace kvscope
