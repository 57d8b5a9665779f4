// kvscope-cli: the command-line twin of the KV Scope window. Every figure comes from
// core/; this file only parses arguments and prints.
#include "argparser.h"
#include "device.h"
#include "error.h"
#include "gpus.h"
#include "presets.h"
#include "scenario.h"
#include "scenariooptions.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#ifndef KVSCOPE_VERSION
#define KVSCOPE_VERSION "unknown"
#endif

namespace kvscope::cli {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string fixed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string gibAndBytes(std::uint64_t bytes)
{
    return fixed(toGiB(bytes), 2) + " GiB (" + groupThousands(bytes) + " B, " + fixed(toGB(bytes), 2) + " GB)";
}

void printRows(const std::vector<std::pair<std::string, std::string>>& rows)
{
    std::size_t width = 0;
    for (const auto& [label, value] : rows)
        width = std::max(width, label.size());
    for (const auto& [label, value] : rows) {
        if (label.empty()) {
            std::cout << '\n';
            continue;
        }
        std::cout << "  " << label << std::string(width - label.size() + 2, ' ') << value << '\n';
    }
}

ordered_json modelJson(const ModelShape& m)
{
    ordered_json j;
    j["id"] = m.id;
    j["name"] = m.displayName;
    j["layers"] = m.layers;
    j["hidden"] = m.hidden;
    j["heads"] = m.heads;
    j["kv_heads"] = m.kvHeads;
    j["head_dim"] = m.effectiveHeadDim();
    j["attention"] = attentionKindName(m.attentionKind());
    j["max_context"] = m.maxContext;
    j["sliding_window"] = m.slidingWindow;
    j["windowed_layers"] = m.windowedLayerCount();
    if (m.isMoe())
        j["experts"] = {{"total", m.moe.experts}, {"per_token", m.moe.expertsPerToken}};
    if (m.mla.kvLoraRank > 0)
        j["mla"] = {{"kv_lora_rank", m.mla.kvLoraRank}, {"qk_rope_head_dim", m.mla.qkRopeHeadDim}};
    return j;
}

int runEstimate(const std::vector<std::string>& args)
{
    ArgParser p("kvscope-cli estimate",
                "Weights, KV cache and overheads of one scenario on one GPU, against its memory budget.");
    addScenarioOptions(p);
    p.addFlag("json", "print one JSON object instead of a table");
    p.parse(args);
    if (p.has("help")) {
        std::cout << p.help();
        return 0;
    }
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    const Estimate e = estimate(s);
    const ModelShape& m = s.model;

    if (p.has("json")) {
        ordered_json j;
        j["model"] = modelJson(m);
        j["params"] = e.params.total;
        j["params_active"] = e.params.active;
        j["params_estimated"] = e.params.estimated;
        j["layers"] = m.layers;
        j["heads"] = m.heads;
        j["kv_heads"] = m.kvHeads;
        j["head_dim"] = m.effectiveHeadDim();
        j["attention"] = attentionKindName(m.attentionKind());
        j["weight_dtype"] = s.weightDtype.name();
        j["weight_bits_effective"] = s.weightDtype.effectiveBits();
        j["kv_dtype"] = s.kvDtype.name();
        j["context"] = s.context;
        j["batch"] = s.batch;
        j["tp"] = s.tensorParallel;
        j["kv_heads_per_gpu"] = e.kvHeadsPerGpu;
        j["kv_replicated"] = e.kvReplicated;
        j["kv_bytes_per_token"] = e.kvBytesPerToken;
        j["kv_bytes_per_token_per_gpu"] = e.kvBytesPerTokenPerGpu;
        j["kv_bytes_per_token_naive"] = e.kvBytesPerTokenNaive;
        j["kv_bytes"] = e.kvBytes;
        j["kv_bytes_naive"] = e.kvBytesNaive;
        j["weight_bytes"] = e.weightBytes;
        j["weight_bytes_all_gpus"] = e.weightBytesAllGpus;
        j["activation_bytes_estimate"] = e.activationBytes;
        j["runtime_bytes_estimate"] = e.runtimeBytes;
        j["total_bytes"] = e.totalBytes;
        j["gpu"] = s.gpuId;
        j["gpu_memory_bytes"] = e.gpuMemoryBytes;
        j["utilization"] = s.utilization;
        j["budget_bytes"] = e.budgetBytes;
        j["fits"] = e.fits;
        j["headroom_bytes"] = e.headroomBytes;
        j["max_batch_for_context"] = maxBatchForContext(s);
        j["max_context_for_batch"] = maxContextForBatch(s);
        j["notes"] = notes;
        std::cout << j.dump(2) << '\n';
        return 0;
    }

    std::cout << m.displayName << " (" << attentionKindName(m.attentionKind()) << "): " << m.layers << " layers, "
              << m.heads << " query heads, " << m.kvHeads << " KV heads, head_dim " << m.effectiveHeadDim() << "\n";
    std::cout << "Scenario: " << s.weightDtype.name() << " weights, " << s.kvDtype.name() << " cache, context "
              << groupThousands(s.context) << ", batch " << s.batch << ", TP " << s.tensorParallel << "\n\n";
    const std::string perGpu = s.tensorParallel > 1 ? " per GPU" : "";
    printRows({
        {"parameters", groupThousands(e.params.total) + (e.params.estimated ? " (estimated from the shape)" : " (published)")},
        {"KV bytes per token", groupThousands(e.kvBytesPerToken) + " B (" + formatBytes(e.kvBytesPerToken) + ")"},
        {"  naive (query heads)", groupThousands(e.kvBytesPerTokenNaive) + " B (" + formatBytes(e.kvBytesPerTokenNaive) + ")"},
        {"", ""},
        {"weights" + perGpu, gibAndBytes(e.weightBytes)},
        {"KV cache" + perGpu, gibAndBytes(e.kvBytes)},
        {"activations (estimate)", gibAndBytes(e.activationBytes)},
        {"CUDA context (estimate)", gibAndBytes(e.runtimeBytes)},
        {"total" + perGpu, gibAndBytes(e.totalBytes)},
        {"budget", gibAndBytes(e.budgetBytes) + " = " + fixed(toGiB(e.gpuMemoryBytes), 1) + " GiB x " +
                       fixed(s.utilization, 2)},
        {"", ""},
        {"verdict", e.fits ? "fits, " + fixed(toGiB(static_cast<std::uint64_t>(e.headroomBytes)), 2) + " GiB to spare"
                           : "does not fit: short by " +
                                 fixed(toGiB(static_cast<std::uint64_t>(-e.headroomBytes)), 2) + " GiB"},
        {"largest batch at this context", std::to_string(maxBatchForContext(s))},
        {"longest context at this batch", groupThousands(maxContextForBatch(s)) + " tokens"},
    });
    std::cout << "\nThe verdict is an estimate: allocator reserve and fragmentation are not in the sum.\n";
    for (const auto& note : notes)
        std::cout << "note: " << note << '\n';
    return 0;
}

int runCapacity(const std::vector<std::string>& args)
{
    ArgParser p("kvscope-cli capacity", "KV cache capacity the way vLLM reports it at start-up.");
    addScenarioOptions(p);
    p.addOption("max-model-len", "TOKENS", "tokens per request for the concurrency line (default: the model's maximum)");
    p.addOption("kv-memory-gib", "X", "memory given to the KV cache, instead of deriving it from the GPU budget");
    p.addFlag("json", "print one JSON object instead of the two lines");
    p.parse(args);
    if (p.has("help")) {
        std::cout << p.help();
        return 0;
    }
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    std::uint64_t perRequest = s.model.maxContext != 0 ? s.model.maxContext : s.context;
    if (auto len = p.uintValue("max-model-len", 1, 1ull << 40))
        perRequest = *len;
    Capacity c;
    if (auto gib = p.doubleValue("kv-memory-gib", 0.0, 1024.0 * 1024.0)) {
        const auto bytes = static_cast<std::uint64_t>(std::llround(*gib * static_cast<double>(GiB)));
        c = capacityFromKvMemory(s.model, s.kvDtype, bytes, s.blockSize, perRequest,
                                 kvHeadsPerGpu(s.model, s.tensorParallel));
    } else {
        c = capacity(s, perRequest);
    }
    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["kv_dtype"] = s.kvDtype.name();
        j["kv_memory_bytes"] = c.kvMemoryBytes;
        j["block_size"] = c.blockSize;
        j["block_bytes"] = c.blockBytes;
        j["blocks"] = c.blocks;
        j["kv_cache_tokens"] = c.tokens;
        j["tokens_per_request"] = c.tokensPerRequest;
        j["max_concurrency"] = c.maxConcurrency;
        j["notes"] = notes;
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    std::cout << "GPU KV cache size: " << groupThousands(c.tokens) << " tokens\n";
    std::cout << "Maximum concurrency for " << groupThousands(c.tokensPerRequest)
              << " tokens per request: " << fixed(c.maxConcurrency, 2) << "x\n";
    std::cout << "(" << groupThousands(c.blocks) << " blocks of " << c.blockSize << " tokens, "
              << formatBytes(c.blockBytes) << " each, in " << formatBytes(c.kvMemoryBytes) << " of KV memory)\n";
    for (const auto& note : notes)
        std::cout << "note: " << note << '\n';
    return 0;
}

int runPresets(const std::vector<std::string>& args)
{
    ArgParser p("kvscope-cli presets", "The model and GPU presets, by id.");
    p.addFlag("json", "print one JSON object");
    p.parse(args);
    if (p.has("help")) {
        std::cout << p.help();
        return 0;
    }
    const auto models = modelPresets();
    if (p.has("json")) {
        ordered_json j;
        j["models"] = ordered_json::array();
        for (const auto& info : models) {
            const ModelShape m = loadPreset(info.id);
            j["models"].push_back({{"id", info.id},
                                   {"name", info.displayName},
                                   {"summary", info.summary},
                                   {"params", parameterCount(m)},
                                   {"kv_bytes_per_token_bf16", kvBytesPerToken(m, DType::bf16())}});
        }
        j["gpus"] = ordered_json::array();
        for (const auto& gpu : gpuPresets())
            j["gpus"].push_back({{"id", gpu.id}, {"name", gpu.name}, {"memory_bytes", gpu.memoryBytes}});
        std::cout << j.dump(2) << '\n';
        return 0;
    }
    std::cout << "Model presets (--preset):\n";
    for (const auto& info : models)
        std::printf("  %-18s %-20s %s\n", info.id.c_str(), info.displayName.c_str(), info.summary.c_str());
    std::cout << "\nGPU presets (--gpu):\n";
    for (const auto& gpu : gpuPresets())
        std::printf("  %-14s %-36s %7.1f GiB\n", gpu.id.c_str(), gpu.name.c_str(), toGiB(gpu.memoryBytes));
    return 0;
}

void printUsage()
{
    std::cout << "Usage: kvscope-cli <command> [options]\n\n"
                 "Answers KV Scope's memory questions on the command line.\n\n"
                 "Commands:\n"
                 "  estimate   weights + KV cache + overheads of a scenario against a GPU budget\n"
                 "  capacity   KV cache tokens and maximum concurrency, as vLLM reports them\n"
                 "  presets    the model and GPU presets\n\n"
                 "Every command takes --help and --json. Options:\n"
                 "  --version  print the version and the compute backend\n"
                 "  --help     show this help\n";
}

} // namespace
} // namespace kvscope::cli

int main(int argc, char** argv)
{
    using namespace kvscope::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printUsage();
        return 0;
    }
    if (args[0] == "--version") {
        const auto device = kvscope::gpu::probeDevice();
        std::cout << "kvscope-cli " << KVSCOPE_VERSION << "\n"
                  << "CUDA backend: " << (device.cudaBuilt ? "built" : "not built") << "\n"
                  << "Compute: " << device.summary() << "\n";
        return 0;
    }
    const std::map<std::string, std::function<int(const std::vector<std::string>&)>> commands{
        {"estimate", runEstimate}, {"capacity", runCapacity}, {"presets", runPresets}};
    const auto command = commands.find(args[0]);
    if (command == commands.end()) {
        std::cerr << "kvscope-cli: unknown command '" << args[0] << "'; expected estimate, capacity or presets\n";
        return 2;
    }
    try {
        return command->second(std::vector<std::string>(args.begin() + 1, args.end()));
    } catch (const kvscope::Error& e) {
        std::cerr << "kvscope-cli " << args[0] << ": error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "kvscope-cli " << args[0] << ": internal error: " << e.what() << '\n';
        return 1;
    }
}
