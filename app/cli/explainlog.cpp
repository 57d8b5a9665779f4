#include "explainlog.h"

#include "argparser.h"
#include "clitext.h"
#include "error.h"
#include "hfconfig.h"
#include "inputfile.h"
#include "messages.h"
#include "presets.h"
#include "serverlog.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>

#include <unistd.h>

namespace kvscope::cli {
namespace {

using nlohmann::ordered_json;

// Sizes in the unit the engine prints, with its two decimals: MiB for llama.cpp, GiB for the
// others (0.22 GiB stays 0.22 GiB, not a falsely precise 225.28 MiB). Possibly negative.
bool g_mebibytes = false;

std::string engineSizeText(double bytes) {
    if (g_mebibytes)
        return fixedText(bytes / double(MiB), 2) + " MiB";
    return fixedText(bytes / double(GiB), 2) + " GiB";
}

std::string tokensText(double tokens) {
    return groupThousands(static_cast<std::uint64_t>(std::max(tokens, 0.0)));
}

// Reads FILE, or standard input for "-", at most kServerLogMaxBytes either way.
std::string readLog(const std::string& path) {
    if (path != "-")
        return readInputFile(path, kServerLogMaxBytes, "server log");
    // read(2), not std::cin: a closed descriptor or a directory given as input (EBADF, EISDIR) is a read
    // error to say, where the stream ended as if the log were empty ("none of its 0 lines").
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw Error("standard input: cannot read the log (" +
                        std::error_code(errno, std::generic_category()).message() + ")");
        if (n == 0)
            break;
        text.append(buffer, std::size_t(n));
        if (text.size() > kServerLogMaxBytes)
            throw Error("standard input: the log is over " + groupThousands(kServerLogMaxBytes) +
                        " bytes (16 MiB); paste the start-up part only");
    }
    return utf8Text(std::move(text), "standard input", "server log");
}

bool isSizeCheck(LogCheckKind kind) {
    switch (kind) {
    case LogCheckKind::TokensFromKvMemory:
    case LogCheckKind::TokensFromBlocks:
    case LogCheckKind::PoolTokensMatch:
    case LogCheckKind::ConcurrencyFromTokens:
    case LogCheckKind::TokensFromConcurrency:
        return false;
    default:
        return true;
    }
}

std::string checkValue(LogCheckKind kind, double value) {
    if (kind == LogCheckKind::ConcurrencyFromTokens)
        return fixedText(value, 2) + "x";
    return isSizeCheck(kind) ? engineSizeText(value) : tokensText(value);
}

std::string checkName(LogCheckKind kind) {
    switch (kind) {
    case LogCheckKind::BudgetFromTotal:
        return tr("budget = total GPU memory x utilization");
    case LogCheckKind::KvFromProfileV0:
        return tr("KV = total x utilization - peak torch memory (weights included) - non-torch");
    case LogCheckKind::KvFromProfileSplit:
        return tr("KV = total x utilization - weights - activation peak - non-torch");
    case LogCheckKind::TokensFromKvMemory:
        return tr("tokens = KV memory / bytes per token, in whole blocks");
    case LogCheckKind::TokensFromBlocks:
        return tr("tokens = blocks x block size");
    case LogCheckKind::ConcurrencyFromTokens:
        return tr("concurrency = tokens / max_model_len");
    case LogCheckKind::KPlusVIsTotal:
        return tr("KV size = K + V");
    case LogCheckKind::KvBuffersMatchTotal:
        return tr("KV size = the KV buffers added up");
    case LogCheckKind::WeightsFromAvailDrop:
        return tr("weights = free memory before loading - free memory after");
    case LogCheckKind::PoolTokensMatch:
        return tr("#tokens = max_total_num_tokens");
    case LogCheckKind::KvMemoryNotNegative:
        return tr("KV memory is not negative");
    case LogCheckKind::KvFromNonKv:
        return tr("KV = requested memory - all non-KV memory");
    case LogCheckKind::TokensFromConcurrency:
        return tr("tokens = concurrency x max_model_len, rounded down");
    }
    return {};
}

std::string resultText(LogCheckResult result) {
    switch (result) {
    case LogCheckResult::Agrees:
        return tr("agrees");
    case LogCheckResult::Disagrees:
        return tr("DISAGREES");
    case LogCheckResult::Explained:
        return tr("differs, explained below");
    }
    return {};
}

std::string termName(CompareTerm term) {
    switch (term) {
    case CompareTerm::Weights:
        return tr("weights");
    case CompareTerm::ActivationPeak:
        return tr("activation peak");
    case CompareTerm::NonTorch:
        return tr("non-torch memory");
    case CompareTerm::KvMemory:
        return tr("KV cache memory");
    case CompareTerm::KvBytesPerToken:
        return tr("KV bytes per token");
    case CompareTerm::KvTokens:
        return tr("KV cache tokens");
    case CompareTerm::Concurrency:
        return tr("maximum concurrency");
    }
    return {};
}

std::string termValue(CompareTerm term, double value) {
    switch (term) {
    case CompareTerm::KvBytesPerToken:
        return groupThousands(static_cast<std::uint64_t>(std::max(value, 0.0))) + " B";
    case CompareTerm::KvTokens:
        return tokensText(value);
    case CompareTerm::Concurrency:
        return fixedText(value, 2) + "x";
    default:
        return engineSizeText(value);
    }
}

std::string differenceText(const LogDifference& d, const LogExplanation& x) {
    switch (d.kind) {
    case DifferenceKind::ActivationPeak:
        return tr("activation peak: the server measured %1 in its profiling run; KV Scope estimates %2 for one "
                  "prefill chunk",
                  {engineSizeText(d.server), engineSizeText(d.kvscope)});
    case DifferenceKind::NonTorchMemory:
        return tr("non-torch memory (CUDA context, NCCL, cuBLAS): the server measured %1; KV Scope assumes a "
                  "typical %2",
                  {engineSizeText(d.server), engineSizeText(d.kvscope)});
    case DifferenceKind::BlockRounding:
        return tr("block rounding: the cache is whole blocks of %1 tokens (%2 each), so %3 of the KV memory stays "
                  "unused",
                  {std::to_string(x.recomputed.blockSize), formatBytes(std::uint64_t(std::max(d.kvscope, 0.0))),
                   formatBytes(std::uint64_t(std::max(d.server, 0.0)))});
    case DifferenceKind::Utilization:
        return tr("utilization: the server may use %1 of the card and holds back %2",
                  {fixedText(d.kvscope, 2), engineSizeText(d.server)});
    case DifferenceKind::TensorParallel:
        return tr("tensor parallelism: every figure is per GPU of %1; the weights are split and each GPU keeps %2 KV "
                  "heads",
                  {tokensText(d.server), tokensText(d.kvscope)});
    case DifferenceKind::SlidingOrHybrid:
        return tr("sliding window: %1 layers keep only the last %2 tokens, so vLLM's concurrency is not tokens / "
                  "max_model_len",
                  {tokensText(d.kvscope), tokensText(d.server)});
    case DifferenceKind::WeightsDiffer:
        return tr("weights: the server loaded %1; parameters x dtype give %2 (quantization scales, extra or tied "
                  "tensors)",
                  {engineSizeText(d.server), engineSizeText(d.kvscope)});
    case DifferenceKind::KvPerTokenDiffers:
        return tr("KV bytes per token: the log implies %1 B, the model's shape gives %2 B: another model, cache dtype "
                  "or TP split?",
                  {tokensText(d.server), tokensText(d.kvscope)});
    case DifferenceKind::RequestPool:
        return tr("memory pools: SGLang took %1 but K + V are %2; the rest is its request-to-token table",
                  {engineSizeText(d.server), engineSizeText(d.kvscope)});
    case DifferenceKind::CudaGraphs:
        return tr("CUDA graphs: %1 taken after the KV cache was sized, outside KV Scope's sum",
                  {engineSizeText(d.server)});
    case DifferenceKind::ComputeBuffers:
        return tr("compute buffers: llama.cpp reserves %1 for activations; KV Scope estimates %2",
                  {engineSizeText(d.server), engineSizeText(d.kvscope)});
    case DifferenceKind::ServerFailed:
        return tr("the server failed to start: its KV memory is %1, so weights, activations and non-torch memory "
                  "exceed total x utilization",
                  {engineSizeText(d.server)});
    }
    return {};
}

// What failed and why, as the failure line says; then what would have fit, where the log says.
std::string failureText(const ServerLog& l) {
    switch (l.failure.kind) {
    case LogFailureKind::MaxLenDoesNotFit:
        if (l.kvNeeded && l.kvAvailable && l.maxModelLen)
            return tr("one request of max_model_len %1 needs %2 of KV cache, but only %3 is available",
                      {groupThousands(l.maxModelLen->value), engineSizeText(l.kvNeeded->bytes),
                       engineSizeText(l.kvAvailable->bytes)});
        if (l.maxModelLen && l.suggestedMaxModelLen)
            return tr("max_model_len %1 is more than the %2 tokens the KV cache holds",
                      {groupThousands(l.maxModelLen->value), groupThousands(l.suggestedMaxModelLen->value)});
        return tr("one request of the full max_model_len does not fit in the KV cache");
    case LogFailureKind::NoCacheBlocks:
        return tr("no memory is left for the KV cache blocks: weights, activations and non-torch memory take the "
                  "whole budget");
    case LogFailureKind::NotEnoughMemory:
        return tr("SGLang found no memory for its KV pool (raise --mem-fraction-static or free GPU memory)");
    case LogFailureKind::WeightsLeaveNoMemory:
        return tr("the loaded weights leave no memory for the KV pool: SGLang's profiled token count is zero or "
                  "negative");
    case LogFailureKind::NegativeKvMemory:
        return tr("the KV memory is %1: weights, activations and non-torch memory exceed total x utilization",
                  {l.kvMemory ? engineSizeText(l.kvMemory->bytes) : std::string("0")});
    case LogFailureKind::KvCacheAllocation:
        return tr("llama.cpp could not allocate the KV cache's buffer");
    case LogFailureKind::ComputeBuffers:
        return tr("llama.cpp could not allocate its compute buffers (the activations' memory)");
    case LogFailureKind::OutOfMemory:
        return tr("the GPU ran out of memory");
    case LogFailureKind::ModelLoad:
        return tr("the model could not be loaded");
    case LogFailureKind::EngineFailed:
        return tr("the engine stopped during start-up; the log says no more than that");
    case LogFailureKind::None:
        break;
    }
    return {};
}

void printFailure(const ServerLog& l) {
    std::cout << tr("FAILED TO START: %1", {failureText(l)}) << '\n';
    if (l.failedAllocation)
        std::cout << "  " << tr("the allocation that failed: %1", {engineSizeText(l.failedAllocation->bytes)}) << '\n';
    if (l.suggestedMaxModelLen && l.suggestedFromBlocks && l.gpuBlocks)
        std::cout << "  "
                  << tr("the largest max_model_len that fits: %1 tokens (%2 GPU blocks x %3 tokens; vLLM refuses a "
                        "longer one)",
                        {groupThousands(l.suggestedMaxModelLen->value), groupThousands(l.gpuBlocks->value),
                         groupThousands(l.suggestedMaxModelLen->value /
                                        std::max<std::uint64_t>(l.gpuBlocks->value, 1))})
                  << '\n';
    else if (l.suggestedMaxModelLen)
        std::cout << "  "
                  << tr("the largest max_model_len that fits: %1 tokens (the server's own estimate)",
                        {groupThousands(l.suggestedMaxModelLen->value)})
                  << '\n';
    if (l.suggestedMemFraction)
        std::cout << "  "
                  << tr("the server's way out: raise --mem-fraction-static above %1",
                        {fixedText(l.suggestedMemFraction->value, 3)})
                  << '\n';
    if (l.failure.line > 0)
        std::cout << "  " << tr("line %1: %2", {groupThousands(l.failure.line), l.failure.text}) << '\n';
    std::cout << '\n';
}

// Indented by two, columns two spaces apart: figures right-aligned, sentences left-aligned.
const TableStyle kFigures = TableStyle().spaced(2, "  ");
const TableStyle kSentences = kFigures.leftAligned();

template <typename T> void putSize(ordered_json& j, const char* key, const std::optional<T>& v) {
    if (v)
        j[key] = v->bytes;
}
template <typename T> void putCount(ordered_json& j, const char* key, const std::optional<T>& v) {
    if (v)
        j[key] = v->value;
}

// Every stated figure with the line it was read on: "stated_lines" beside "stated", key for key.
template <typename T>
void putLine(ordered_json& lines, const ordered_json& stated, const char* key, const std::optional<T>& v) {
    if (v && stated.contains(key) && v->line > 0)
        lines[key] = v->line;
}

ordered_json toJson(const LogExplanation& x) {
    const ServerLog& l = x.log;
    const LogRecomputation& r = x.recomputed;
    ordered_json j;
    j["engine"] = logEngineName(l.engine);
    j["format"] = logFormatName(l.format);
    j["version"] = l.version;
    j["version_guessed"] = l.versionGuessed;
    j["version_line"] = l.versionLine;
    j["run"] = {{"index", l.run}, {"of", l.runs}, {"first_line", l.firstLine}, {"last_line", l.lastLine}};
    // vLLM and SGLang print per GPU; llama.cpp's cache and buffer lines are totals over its devices.
    j["sizes_are"] = l.engine == LogEngine::LlamaCpp ? "total_over_devices" : "per_gpu";
    j["failed"] = l.failed;
    if (l.failed) {
        ordered_json f{{"kind", logFailureKindId(l.failure.kind)}, {"line", l.failure.line}, {"text", l.failure.text}};
        putSize(f, "kv_needed_bytes", l.kvNeeded);
        putSize(f, "kv_available_bytes", l.kvAvailable);
        putCount(f, "suggested_max_model_len", l.suggestedMaxModelLen);
        if (l.suggestedMaxModelLen)
            f["suggested_from_blocks"] = l.suggestedFromBlocks;
        if (l.suggestedMemFraction)
            f["suggested_mem_fraction_static"] = l.suggestedMemFraction->value;
        putSize(f, "failed_allocation_bytes", l.failedAllocation);
        j["failure"] = f;
    } else {
        j["failure"] = nullptr;
    }
    j["model_in_log"] = l.model;
    j["model_source"] = x.modelSource == LogModelSource::Caller    ? "caller"
                        : x.modelSource == LogModelSource::LogName ? "log"
                                                                   : "none";
    j["preset"] = x.presetId;
    j["model"] = x.model ? x.model->displayName : std::string();
    ordered_json settings = ordered_json::object();
    settings["dtype"] = l.dtype;
    settings["kv_cache_dtype"] = l.kvCacheDtype;
    if (!l.vCacheDtype.empty())
        settings["v_cache_dtype"] = l.vCacheDtype;
    putCount(settings, "max_model_len", l.maxModelLen);
    if (l.utilization)
        settings["utilization"] = l.utilization->value;
    putCount(settings, "block_size", l.blockSize);
    putCount(settings, "tensor_parallel", l.tensorParallel);
    putCount(settings, "pipeline_parallel", l.pipelineParallel);
    putCount(settings, "layers", l.layers);
    putCount(settings, "heads", l.heads);
    putCount(settings, "kv_heads", l.kvHeads);
    putCount(settings, "head_dim_k", l.headDimK);
    putCount(settings, "head_dim_v", l.headDimV);
    if (!l.fileType.empty())
        settings["file_type"] = l.fileType;
    j["settings"] = settings;
    ordered_json stated = ordered_json::object();
    putSize(stated, "total_gpu_memory_bytes", l.totalGpuMemory);
    putSize(stated, "budget_bytes", l.budget);
    putSize(stated, "weights_bytes", l.weights);
    putSize(stated, "peak_torch_bytes", l.peakTorch);
    putSize(stated, "non_torch_bytes", l.nonTorch);
    putSize(stated, "non_kv_bytes", l.nonKvMemory);
    putSize(stated, "activation_peak_bytes", l.activationPeak);
    putSize(stated, "kv_memory_bytes", l.kvMemory);
    putSize(stated, "k_bytes", l.kSize);
    putSize(stated, "v_bytes", l.vSize);
    putCount(stated, "gpu_blocks", l.gpuBlocks);
    if (l.gpuBlocks && !l.kvTokens && l.engine == LogEngine::Vllm)
        stated["kv_tokens_from_blocks"] = l.gpuBlocks->value * r.blockSize;
    putCount(stated, "cpu_blocks", l.cpuBlocks);
    putCount(stated, "kv_tokens", l.kvTokens);
    if (l.concurrency)
        stated["concurrency"] = l.concurrency->value;
    putCount(stated, "concurrency_tokens", l.concurrencyTokens);
    putSize(stated, "cuda_graphs_bytes", l.cudaGraphs);
    putSize(stated, "avail_before_weights_bytes", l.availBeforeWeights);
    putSize(stated, "avail_after_weights_bytes", l.availAfterWeights);
    putSize(stated, "avail_after_pool_bytes", l.availAfterPool);
    putCount(stated, "max_total_num_tokens", l.maxTotalTokens);
    putCount(stated, "full_layer_tokens", l.fullLayerTokens);
    putCount(stated, "swa_layer_tokens", l.swaLayerTokens);
    if (!l.kvMemoryByRank.empty()) {
        ordered_json ranks = ordered_json::array();
        for (const LogRankSize& rank : l.kvMemoryByRank)
            ranks.push_back({{"rank", rank.rank}, {"bytes", rank.size.bytes}, {"line", rank.size.line}});
        stated["kv_memory_by_rank"] = ranks;
    }
    if (!l.kvMemoryRank.empty())
        stated["kv_memory_rank"] = l.kvMemoryRank;
    if (!l.kvCaches.empty()) {
        ordered_json caches = ordered_json::array();
        for (std::size_t i = 0; i < l.kvCaches.size(); ++i) {
            const LogKvCache& c = l.kvCaches[i];
            ordered_json cache{{"kind", c.kind},    {"bytes", c.size.bytes}, {"line", c.size.line},
                               {"cells", c.cells},  {"layers", c.layers},    {"seqs", c.seqs},
                               {"k_type", c.kType}, {"v_type", c.vType}};
            putSize(cache, "k_bytes", c.k);
            putSize(cache, "v_bytes", c.v);
            cache["bytes_per_cell"] = i < r.cacheBytesPerCell.size() ? r.cacheBytesPerCell[i] : 0;
            caches.push_back(cache);
        }
        stated["kv_caches"] = caches;
    }
    putSize(stated, "state_memory_bytes", l.stateMemory);
    putSize(stated, "estimated_kv_bytes", l.estimatedKv);
    putSize(stated, "estimated_weights_bytes", l.estimatedWeights);
    putSize(stated, "estimated_graph_bytes", l.estimatedGraph);
    stated["kv_memory_estimated"] = l.kvMemoryEstimated;
    stated["kv_memory_from_buffers"] = l.kvMemoryFromBuffers;
    if (l.hybrid) {
        stated["hybrid"] = true;
        putCount(stated, "attention_block_size", l.attentionBlockSize);
    }
    const auto buffers = [](const std::vector<LogBuffer>& list) {
        ordered_json a = ordered_json::array();
        for (const LogBuffer& b : list)
            a.push_back({{"device", b.device}, {"bytes", b.size.bytes}});
        return a;
    };
    if (!l.modelBuffers.empty())
        stated["model_buffers"] = buffers(l.modelBuffers);
    if (!l.kvBuffers.empty())
        stated["kv_buffers"] = buffers(l.kvBuffers);
    if (!l.computeBuffers.empty())
        stated["compute_buffers"] = buffers(l.computeBuffers);
    j["stated"] = stated;
    ordered_json statedLines = ordered_json::object();
    putLine(statedLines, stated, "total_gpu_memory_bytes", l.totalGpuMemory);
    putLine(statedLines, stated, "budget_bytes", l.budget);
    putLine(statedLines, stated, "weights_bytes", l.weights);
    putLine(statedLines, stated, "peak_torch_bytes", l.peakTorch);
    putLine(statedLines, stated, "non_torch_bytes", l.nonTorch);
    putLine(statedLines, stated, "non_kv_bytes", l.nonKvMemory);
    putLine(statedLines, stated, "activation_peak_bytes", l.activationPeak);
    putLine(statedLines, stated, "kv_memory_bytes", l.kvMemory);
    putLine(statedLines, stated, "k_bytes", l.kSize);
    putLine(statedLines, stated, "v_bytes", l.vSize);
    putLine(statedLines, stated, "gpu_blocks", l.gpuBlocks);
    putLine(statedLines, stated, "kv_tokens_from_blocks", l.gpuBlocks);
    putLine(statedLines, stated, "cpu_blocks", l.cpuBlocks);
    putLine(statedLines, stated, "kv_tokens", l.kvTokens);
    putLine(statedLines, stated, "concurrency", l.concurrency);
    putLine(statedLines, stated, "concurrency_tokens", l.concurrencyTokens);
    putLine(statedLines, stated, "cuda_graphs_bytes", l.cudaGraphs);
    putLine(statedLines, stated, "avail_before_weights_bytes", l.availBeforeWeights);
    putLine(statedLines, stated, "avail_after_weights_bytes", l.availAfterWeights);
    putLine(statedLines, stated, "avail_after_pool_bytes", l.availAfterPool);
    putLine(statedLines, stated, "max_total_num_tokens", l.maxTotalTokens);
    putLine(statedLines, stated, "full_layer_tokens", l.fullLayerTokens);
    putLine(statedLines, stated, "swa_layer_tokens", l.swaLayerTokens);
    putLine(statedLines, stated, "state_memory_bytes", l.stateMemory);
    putLine(statedLines, stated, "estimated_kv_bytes", l.estimatedKv);
    putLine(statedLines, stated, "estimated_weights_bytes", l.estimatedWeights);
    putLine(statedLines, stated, "estimated_graph_bytes", l.estimatedGraph);
    putLine(statedLines, stated, "attention_block_size", l.attentionBlockSize);
    j["stated_lines"] = statedLines;
    ordered_json rec;
    rec["kv_bytes_per_token"] = r.kvBytesPerToken;
    rec["k_bytes_per_token"] = r.kBytesPerToken;
    rec["bytes_per_token_range"] = {r.bytesPerTokenLow, r.bytesPerTokenHigh};
    rec["bytes_per_token_from_model"] = r.bytesPerTokenFromModel;
    rec["block_size"] = r.blockSize;
    rec["block_bytes"] = r.blockBytes;
    rec["kv_tokens"] = r.tokens;
    rec["kv_tokens_range"] = {r.tokensLow, r.tokensHigh};
    rec["kv_memory_bytes"] = r.kvMemoryBytes;
    rec["kv_memory_from_budget_bytes"] = r.kvMemoryFromBudget;
    rec["budget_bytes"] = r.budgetBytes;
    rec["concurrency"] = r.concurrency;
    rec["block_rounding_bytes"] = r.blockRoundingBytes;
    rec["per_token_undefined"] = r.perTokenUndefined;
    rec["ranks_may_hold_other_layers"] = r.ranksMayHoldOtherLayers;
    rec["from_one_rank_of_several"] = r.fromOneRankOfSeveral;
    rec["kv_bytes_per_token_at_most"] = r.kvBytesPerTokenAtMost;
    rec["token_rule"] = logTokenRuleId(r.tokenRule);
    rec["several_kv_cache_groups"] = r.severalGroups;
    rec["attention_block_size"] = r.attentionBlockSize;
    rec["blocks_per_group"] = r.blocksPerGroup;
    rec["attention_blocks_per_request"] = r.attentionBlocksPerRequest;
    j["recomputed"] = rec;
    j["checks"] = ordered_json::array();
    for (const LogCheck& c : r.checks)
        j["checks"].push_back({{"kind", logCheckKindId(c.kind)},
                               {"result", logCheckResultId(c.result)},
                               {"stated", c.stated},
                               {"recomputed", c.recomputed},
                               {"tolerance", c.tolerance}});
    j["consistent"] = r.consistent();
    j["lines"] = {{"read", l.lines}, {"understood", l.understood}, {"ignored", l.ignored}};
    j["invalid_utf8_replaced"] = l.invalidUtf8;
    if (x.comparison) {
        const LogComparison& c = *x.comparison;
        ordered_json cmp;
        cmp["weight_dtype"] = c.scenario.weightDtype.name();
        cmp["kv_dtype"] = c.scenario.kvDtype.name();
        cmp["context"] = c.scenario.context;
        cmp["tp"] = c.scenario.tensorParallel;
        cmp["utilization"] = c.scenario.utilization;
        cmp["gpu_memory_bytes"] = c.scenario.gpuMemoryBytes;
        cmp["gpu_memory_from_log"] = l.totalGpuMemory.has_value();
        cmp["terms"] = ordered_json::array();
        for (const TermComparison& t : c.terms) {
            ordered_json term{{"term", compareTermId(t.term)}, {"kvscope", t.kvscope}};
            term["server"] = t.hasServer ? ordered_json(t.server) : ordered_json(nullptr);
            if (t.hasServer) { // printed on a line, or recomputed from the log's lines: never one for the other
                term["server_recomputed"] = t.serverRecomputed;
                term["server_line"] = t.serverLine;
            }
            cmp["terms"].push_back(term);
        }
        cmp["differences"] = ordered_json::array();
        for (const LogDifference& d : c.differences)
            cmp["differences"].push_back(
                {{"kind", differenceKindId(d.kind)}, {"server", d.server}, {"kvscope", d.kvscope}});
        j["comparison"] = cmp;
    } else {
        j["comparison"] = nullptr;
    }
    j["comparison_error"] = x.comparisonError;
    return j;
}

// How vLLM made its token line and concurrency when they are not tokens = blocks x block size and
// concurrency = tokens / max_model_len (LogTokenRule): what the log shows of it, and nothing guessed.
void printTokenRule(const ServerLog& l, const LogRecomputation& r) {
    const std::uint64_t perRequest = l.concurrencyTokens ? l.concurrencyTokens->value
                                     : l.maxModelLen     ? l.maxModelLen->value
                                                         : 0;
    const std::string tokens = groupThousands(l.kvTokens->value);
    const std::string len = groupThousands(perRequest);
    const std::string concurrency = l.concurrency ? fixedText(l.concurrency->value, 2) : std::string();
    const std::string requestTokens =
        l.concurrency ? groupThousands(std::uint64_t(std::max(l.concurrency->value * double(perRequest), 0.0)))
                      : std::string();
    const auto note = [](const std::string& text) { std::cout << "  (" << text << ")\n"; };
    if (r.severalGroups && l.attentionBlockSize)
        note(tr("vLLM keeps several KV cache groups: line %1 sets an attention block of %2 tokens, as large as one "
                "page of the mamba or linear-attention state",
                {groupThousands(l.attentionBlockSize->line), groupThousands(l.attentionBlockSize->value)}));
    else if (r.severalGroups && r.concurrencyAboveTokens)
        note(tr("vLLM keeps several KV cache groups (hybrid or sliding-window layers): its concurrency x "
                "max_model_len, %1x x %2 = %3 tokens, is more than the %4 tokens of its token line, which one "
                "full-attention group never gives",
                {concurrency, len, requestTokens, tokens}));
    else if (r.severalGroups)
        note(tr("vLLM keeps several KV cache groups: the log has its hybrid lines"));
    switch (r.tokenRule) {
    case LogTokenRule::BlocksPerGroup:
        if (r.blocksPerGroup > 0)
            note(tr("its token line is blocks / groups x the attention block: %1 = %2 x %3; its concurrency is "
                    "blocks / the blocks one request needs: %4 attention blocks for max_model_len %5 in each "
                    "attention group, plus the state's blocks in each mamba group",
                    {tokens, groupThousands(r.blocksPerGroup), groupThousands(r.attentionBlockSize),
                     groupThousands(r.attentionBlocksPerRequest), len}));
        else
            note(tr("its token line is blocks / groups x the attention block size, its concurrency blocks / the "
                    "blocks one request needs in all groups; the log prints neither the groups nor the attention "
                    "block size, so neither figure is recomputed"));
        if (l.concurrency)
            note(tr("so the token line undercounts: the cache holds %1 requests of max_model_len %2, about %3 "
                    "tokens; vLLM's concurrency is the figure to trust, and there is no one figure of KV bytes per "
                    "token",
                    {concurrency, len, requestTokens}));
        break;
    case LogTokenRule::ConcurrencyTimesMaxLen:
        note(tr(
            "its token line is int(concurrency x max_model_len), %1x x %2 (vLLM's get_kv_cache_capacity), not "
            "blocks x block size: %3 is no whole number of %4-token blocks, so no KV bytes per token follow from "
            "it",
            {concurrency, len, tokens, groupThousands(r.attentionBlockSize > 0 ? r.attentionBlockSize : r.blockSize)}));
        break;
    case LogTokenRule::Unknown:
        note(tr("the log does not show which rule made its token line (blocks / groups x block size, or "
                "concurrency x max_model_len): no KV bytes per token and no concurrency are recomputed; vLLM's "
                "concurrency is its own"));
        break;
    case LogTokenRule::None:
    case LogTokenRule::BlocksTimesBlockSize:
        break;
    }
}

void printText(const LogExplanation& x) {
    const ServerLog& l = x.log;
    const LogRecomputation& r = x.recomputed;
    g_mebibytes = l.engine == LogEngine::LlamaCpp && !l.kvMemoryEstimated; // ollama's plan is in GiB
    if (l.runs > 1)
        std::cout << tr("=== Start-up %1 of %2 (lines %3 to %4) ===",
                        {std::to_string(l.run), std::to_string(l.runs), groupThousands(l.firstLine),
                         groupThousands(l.lastLine)})
                  << "\n";
    if (l.failed)
        printFailure(l);
    // The engine and format names are identifiers in every language.
    // A log with no memory line of a known format (a start that failed before its cache line) is named by its
    // engine, which its other lines told, not "unknown".
    std::cout << tr("Server log: %1",
                    {l.format == LogFormat::Unknown && l.engine != LogEngine::Unknown ? logEngineName(l.engine)
                                                                                      : logFormatName(l.format)})
              << '\n';
    if (l.versionGuessed)
        std::cout << tr("Version: not printed; the lines are those of %1", {l.version}) << '\n';
    else
        std::cout << tr("Version: %1", {l.version}) << '\n';
    if (!l.model.empty())
        std::cout << tr("Model in the log: %1", {l.model}) << '\n';
    if (x.model)
        std::cout << (x.modelSource == LogModelSource::LogName
                          ? tr("Compared with the preset %1 (matched by name)", {x.model->displayName})
                          : tr("Compared with %1 (given)", {x.model->displayName}))
                  << '\n';
    else
        std::cout << tr("No preset matches the log's model: give --model or --config to compare with KV Scope's "
                        "estimate")
                  << '\n';
    std::cout << tr("Lines: %1 read, %2 understood, %3 ignored",
                    {groupThousands(l.lines), groupThousands(l.understood), groupThousands(l.ignored)})
              << "\n";
    if (l.invalidUtf8 > 0)
        std::cout << tr("%1 byte sequence(s) were not UTF-8 and are shown as U+FFFD", {groupThousands(l.invalidUtf8)})
                  << "\n";
    std::cout << "\n";

    std::vector<std::vector<std::string>> stated;
    const auto size = [&](const std::string& label, const std::optional<LogSize>& v) {
        if (v)
            stated.push_back({label, engineSizeText(v->bytes)});
    };
    const auto count = [&](const std::string& label, const std::optional<LogCount>& v) {
        if (v)
            stated.push_back({label, groupThousands(v->value)});
    };
    count(tr("max_model_len / context"), l.maxModelLen);
    if (l.utilization)
        stated.push_back({tr("utilization"), fixedText(l.utilization->value, 2)});
    count(tr("block size"), l.blockSize);
    count(tr("tensor parallel"), l.tensorParallel);
    count(tr("pipeline parallel"), l.pipelineParallel);
    if (!l.kvCacheDtype.empty())
        stated.push_back({tr("KV cache dtype"), l.kvCacheDtype});
    size(tr("total GPU memory"), l.totalGpuMemory);
    size(tr("budget"), l.budget);
    size(tr("weights"), l.weights);
    size(tr("peak torch memory (weights included)"), l.peakTorch);
    size(tr("activation peak"), l.activationPeak);
    size(tr("non-torch memory"), l.nonTorch);
    size(tr("all non-KV memory"), l.nonKvMemory);
    for (const LogRankSize& rank : l.kvMemoryByRank)
        stated.push_back({tr("KV cache memory, %1", {rank.rank}), engineSizeText(rank.size.bytes)});
    const bool ranksDiffer = r.ranksDiffer;
    if (r.fromOneRankOfSeveral && !l.kvMemoryByRank.empty())
        stated.push_back({tr("KV cache memory (%1, the smallest of the ranks shown; not every rank is in the log)",
                             {l.kvMemoryRank}),
                          engineSizeText(l.kvMemory->bytes)});
    else if (r.fromOneRankOfSeveral && !l.kvMemoryRank.empty())
        stated.push_back(
            {tr("KV cache memory, %1 (one rank of several)", {l.kvMemoryRank}), engineSizeText(l.kvMemory->bytes)});
    else if (r.fromOneRankOfSeveral)
        stated.push_back({tr("KV cache memory (one rank of several, not named)"), engineSizeText(l.kvMemory->bytes)});
    else if (!l.kvMemoryRank.empty() && ranksDiffer && r.ranksMayHoldOtherLayers)
        stated.push_back(
            {tr("KV cache memory (the smallest, %1)", {l.kvMemoryRank}), engineSizeText(l.kvMemory->bytes)});
    else if (!l.kvMemoryRank.empty() && ranksDiffer)
        stated.push_back({tr("KV cache memory (every rank sized by the smallest, %1)", {l.kvMemoryRank}),
                          engineSizeText(l.kvMemory->bytes)});
    else if (!l.kvMemoryRank.empty())
        stated.push_back({tr("KV cache memory (the same on every rank)"), engineSizeText(l.kvMemory->bytes)});
    else if (l.kvMemoryEstimated)
        size(tr("KV cache memory (ollama's estimate)"), l.kvMemory);
    else
        size(tr("KV cache memory"), l.kvMemory);
    if (!l.kvMemoryEstimated)
        size(tr("ollama's estimate: KV cache"), l.estimatedKv);
    size(tr("ollama's estimate: weights"), l.estimatedWeights);
    size(tr("ollama's estimate: compute graph"), l.estimatedGraph);
    size(tr("K"), l.kSize);
    size(tr("V"), l.vSize);
    if (l.kvCaches.size() > 1 || (l.kvCaches.size() == 1 && !l.kvCaches.front().kind.empty()))
        for (std::size_t i = 0; i < l.kvCaches.size(); ++i) {
            const LogKvCache& c = l.kvCaches[i];
            std::string what = engineSizeText(c.size.bytes);
            if (c.cells > 0)
                what = tr("%1: %2 cells, %3 layers", {what, groupThousands(c.cells), groupThousands(c.layers)});
            if (i < r.cacheBytesPerCell.size() && r.cacheBytesPerCell[i] > 0)
                what = tr("%1, %2 B per cell", {what, groupThousands(r.cacheBytesPerCell[i])});
            stated.push_back({c.kind == "recurrent" ? tr("recurrent state")
                              : c.kind == "draft"   ? tr("draft model's KV cache (not in the total)")
                              : c.kind == "latent"  ? tr("MLA latent cache")
                              : c.kind.empty()      ? tr("KV cache")
                                                    : tr("%1 KV cache", {c.kind}),
                              what});
        }
    else
        size(tr("recurrent state"), l.stateMemory);
    if (l.attentionBlockSize)
        stated.push_back({tr("attention block size (hybrid)"), groupThousands(l.attentionBlockSize->value)});
    for (const LogBuffer& b : l.modelBuffers)
        stated.push_back({tr("model buffer %1", {b.device}), engineSizeText(b.size.bytes)});
    for (const LogBuffer& b : l.computeBuffers)
        stated.push_back({tr("compute buffer %1", {b.device}), engineSizeText(b.size.bytes)});
    count(tr("GPU blocks"), l.gpuBlocks);
    // "# GPU blocks" alone: the tokens they hold, blocks x block size (229 x 16 = 3,664).
    if (l.gpuBlocks && !l.kvTokens && l.engine == LogEngine::Vllm)
        stated.push_back({tr("KV cache tokens (GPU blocks x %1)", {std::to_string(r.blockSize)}),
                          groupThousands(l.gpuBlocks->value * r.blockSize)});
    count(tr("KV cache tokens"), l.kvTokens);
    count(tr("max_total_num_tokens"), l.maxTotalTokens);
    count(tr("tokens in the full-attention pool"), l.fullLayerTokens);
    count(tr("tokens in the sliding-window pool"), l.swaLayerTokens);
    if (l.concurrency)
        stated.push_back({tr("maximum concurrency"), fixedText(l.concurrency->value, 2) + "x"});
    size(tr("CUDA graphs"), l.cudaGraphs);
    std::cout << (l.engine == LogEngine::LlamaCpp ? tr("Stated by the server (totals over its devices):")
                                                  : tr("Stated by the server (per GPU):"))
              << '\n';
    printTable(stated, kFigures);

    std::cout << '\n' << tr("Recomputed from the log:") << '\n';
    std::vector<std::vector<std::string>> rec;
    if (r.kvBytesPerToken > 0) {
        std::string perToken = groupThousands(r.kvBytesPerToken) + " B";
        if (r.bytesPerTokenFromModel)
            perToken = tr("%1 (the model's: the log prints no KV size)", {perToken});
        else if (r.bytesPerTokenHigh > r.bytesPerTokenLow)
            perToken = tr("%1 (printed rounding allows %2 to %3)",
                          {perToken, groupThousands(r.bytesPerTokenLow), groupThousands(r.bytesPerTokenHigh)});
        rec.push_back({tr("KV bytes per token"), perToken});
        if (r.kBytesPerToken > 0)
            rec.push_back({tr("K bytes per token"), groupThousands(r.kBytesPerToken) + " B"});
        rec.push_back({tr("block"), tr("%1 tokens, %2", {std::to_string(r.blockSize), formatBytes(r.blockBytes)})});
        rec.push_back({tr("KV cache tokens"),
                       r.tokensLow != r.tokensHigh
                           ? tr("%1 (%2 to %3 within the printed rounding)",
                                {groupThousands(r.tokens), groupThousands(r.tokensLow), groupThousands(r.tokensHigh)})
                           : groupThousands(r.tokens)});
    }
    if (r.kvBytesPerTokenAtMost > 0)
        rec.push_back({tr("KV bytes per token"),
                       l.kvMemoryRank.empty()
                           ? tr("at most %1 B: one rank's KV memory over vLLM's tokens, which are the smallest "
                                "rank's; the log does not show that rank",
                                {groupThousands(r.kvBytesPerTokenAtMost)})
                           : tr("at most %1 B: %2's KV memory over vLLM's tokens, which are the smallest rank's; the "
                                "log does not show that rank",
                                {groupThousands(r.kvBytesPerTokenAtMost), l.kvMemoryRank})});
    if (r.kvMemoryBytes != 0)
        rec.push_back({tr("KV cache memory"), engineSizeText(r.kvMemoryBytes)});
    if (r.concurrency > 0)
        rec.push_back({tr("maximum concurrency"), fixedText(r.concurrency, 2) + "x"});
    if (r.perTokenUndefined && r.ranksMayHoldOtherLayers)
        std::cout << "  "
                  << tr("(the ranks' KV memory differs and they may hold other layers (pipeline stages): vLLM "
                        "keeps the fewest blocks, which need not be the smallest memory's, so no per-token figure "
                        "is made)")
                  << '\n';
    else if (r.perTokenUndefined && l.kvTokens && r.tokenRule != LogTokenRule::None &&
             r.tokenRule != LogTokenRule::BlocksTimesBlockSize)
        printTokenRule(l, r);
    else if (r.perTokenUndefined)
        std::cout << "  "
                  << (l.hybrid ? tr("(a hybrid model: attention pages share their size with the mamba state's, so "
                                    "there is no one figure per token; vLLM's token count is blocks / groups x "
                                    "block size and undercounts; its concurrency is the figure to trust)")
                               : tr("(several caches: a token takes a cell in each, so there is no one figure per "
                                    "token; see each cache's bytes per cell above)"))
                  << '\n';
    if (rec.empty() && !r.perTokenUndefined)
        std::cout << "  " << tr("(the log has no token count and no KV size to recompute from)") << '\n';
    else
        printTable(rec, kSentences);

    if (!r.checks.empty()) {
        std::cout << '\n' << tr("Checks (the log against itself):") << '\n';
        std::vector<std::vector<std::string>> checks;
        for (const LogCheck& c : r.checks) {
            const std::string values =
                c.kind == LogCheckKind::KvMemoryNotNegative
                    ? checkValue(c.kind, c.stated)
                    : tr("stated %1, recomputed %2", {checkValue(c.kind, c.stated), checkValue(c.kind, c.recomputed)});
            // A negative KV size is the server's failure, not two figures that disagree.
            const bool negative = c.kind == LogCheckKind::KvMemoryNotNegative && c.result == LogCheckResult::Disagrees;
            checks.push_back({negative ? tr("NEGATIVE") : resultText(c.result), checkName(c.kind), values});
        }
        printTable(checks, kSentences);
        std::cout << (r.consistent() && l.failed
                          ? tr("The log's numbers agree with each other; the server still did not start.")
                      : r.consistent() ? tr("The log's numbers agree with each other.")
                                       : tr("The log's numbers DISAGREE with each other: see the checks above."))
                  << '\n';
    }

    if (!x.comparisonError.empty())
        std::cout << '\n' << tr("No comparison with KV Scope's estimate: %1", {x.comparisonError}) << '\n';
    if (x.comparison) {
        const LogComparison& c = *x.comparison;
        std::cout << '\n'
                  << tr("KV Scope's estimate for %1 (%2 weights, %3 cache, context %4, TP %5):",
                        {c.scenario.model.displayName, c.scenario.weightDtype.name(), c.scenario.kvDtype.name(),
                         groupThousands(c.scenario.context), std::to_string(c.scenario.tensorParallel)})
                  << '\n';
        std::vector<std::vector<std::string>> terms{{tr("term"), tr("server"), tr("KV Scope")}};
        for (const TermComparison& t : c.terms)
            terms.push_back({termName(t.term),
                             !t.hasServer         ? std::string("-")
                             : t.serverRecomputed ? tr("%1 (from its lines)", {termValue(t.term, t.server)})
                                                  : termValue(t.term, t.server),
                             termValue(t.term, t.kvscope)});
        printTable(terms, kFigures);
        if (!l.totalGpuMemory)
            std::cout << tr("(the log does not print the card's memory: KV Scope's budget is the server's terms "
                            "added up)")
                      << '\n';
        if (!c.differences.empty()) {
            std::cout << '\n' << tr("Why they differ:") << '\n';
            for (const LogDifference& d : c.differences)
                std::cout << "  - " << differenceText(d, x) << '\n';
        }
    }
}

} // namespace

int runExplainLog(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli explain-log",
                tr("Reads a vLLM, llama.cpp or SGLang start-up log (FILE, or - for standard input), recomputes what\n"
                   "its memory lines imply, checks them against each other and sets them beside KV Scope's\n"
                   "estimate for the same model and settings."));
    p.addOption("model", "PRESET", tr("the model's preset, when the log does not name one KV Scope knows"));
    p.addOption("config", "FILE", tr("a Hugging Face config.json instead of a preset"));
    p.addFlag("json", tr("print one JSON object"));
    p.allowPositional();
    p.parse(args);
    if (p.has("help")) {
        std::cout << p.help();
        return 0;
    }
    if (p.positional().size() != 1)
        throw Error("expected one log file, or - for standard input (got " + std::to_string(p.positional().size()) +
                    ")");
    if (p.has("model") && p.has("config"))
        throw Error("give either --model or --config, not both");
    std::optional<ModelShape> model;
    if (auto file = p.value("config"))
        model = importHfConfigFile(*file).shape;
    else if (auto id = p.value("model"))
        model = loadPreset(*id);
    // A paste holding several start-ups: each is explained on its own; the last is the answer.
    const std::string text = readLog(p.positional().front());
    std::vector<ServerLog> runs;
    try {
        runs = parseServerLogRuns(text);
    } catch (const Error& e) {
        // The file was read but holds no start-up (an empty one included): --json still answers
        // with one object that says so, and the error goes to standard error with exit code 2.
        if (p.has("json"))
            printJson(ordered_json{{"error", e.what()}, {"start_up_log", false}});
        throw;
    }
    std::vector<LogExplanation> explained;
    explained.reserve(runs.size());
    for (ServerLog& run : runs)
        explained.push_back(explainServerLog(std::move(run), model));
    if (p.has("json")) {
        ordered_json j = toJson(explained.back());
        j["earlier_runs"] = ordered_json::array();
        for (std::size_t i = 0; i + 1 < explained.size(); ++i)
            j["earlier_runs"].push_back(toJson(explained[i]));
        printJson(j);
    } else {
        for (std::size_t i = 0; i < explained.size(); ++i) {
            if (i > 0)
                std::cout << '\n';
            printText(explained[i]);
        }
    }
    return 0;
}

} // namespace kvscope::cli
