// kvscope-cli: the command-line twin of the KV Scope window. Every figure comes from
// core/; this file only parses arguments and prints.
#include "clitext.h"
#include "decode.h"
#include "decodecommand.h"
#include "device.h"
#include "error.h"
#include "estimatecommands.h"
#include "explainlog.h"
#include "explorecommands.h"
#include "messages.h"
#include "rooflinecommand.h"
#include "simulatecommand.h"
#include "text.h"
#include "tierscommand.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#ifndef KVSCOPE_VERSION
#define KVSCOPE_VERSION "unknown"
#endif

namespace kvscope::cli {
namespace {

// Every command, once: its name, its line in the usage (a catalogue text, messages.h) and what runs it. The usage, the
// dispatch and the unknown-command error are made from this table, so that a new command is its own file and one row
// here.
struct Command {
    const char* name;
    Text help; // found in the catalogue when this is compiled
    int (*run)(const std::vector<std::string>& args);
};
// clang-format off
constexpr Command kCommands[] = {
    {"estimate", "weights + KV cache + overheads of a scenario against a GPU budget", runEstimate},
    {"capacity", "KV cache tokens and maximum concurrency, as vLLM reports them", runCapacity},
    {"simulate", "contiguous reservation vs PagedAttention blocks on a request trace", runSimulate},
    {"decode", "our small GPT generating tokens with and without a KV cache, measured", runDecodeCommand},
    {"presets", "the model and GPU presets", runPresets},
    {"attention", "MHA, GQA and MQA (or MLA) variants of a model: cache, weights, largest batch", runAttention},
    {"sweep", "memory along the context or the batch, one column per batch or context", runSweep},
    {"fitmap", "which context x batch pairs fit the budget", runFitMap},
    {"explain-log", "a server's start-up log read back, recomputed and set beside KV Scope's estimate", runExplainLog},
    {"roofline", "this machine's roofline measured, with our small GPT's steps on it; --predict: a GPU's "
                 "data-sheet TPOT bound", runRoofline},
    {"tiers", "a scenario's KV cache beyond the GPU: host and disk tiers, reload against recompute, hand-off",
              runTiers},
};
// clang-format on

const Command* findCommand(std::string_view name) {
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

// "estimate, capacity, ... or roofline": the commands as the unknown-command error lists them.
std::string commandList() {
    std::string list;
    for (std::size_t i = 0; i < std::size(kCommands); ++i)
        list += (i == 0 ? "" : i + 1 == std::size(kCommands) ? tr(" or ") : ", ") + std::string(kCommands[i].name);
    return list;
}

void printUsage() {
    std::cout << tr("Usage: kvscope-cli <command> [options]") << "\n\n"
              << tr("Answers KV Scope's memory questions on the command line.") << "\n\n"
              << tr("Commands:") << "\n";
    // One aligned column of command names, as wide as the longest.
    std::size_t width = 0;
    for (const Command& c : kCommands)
        width = std::max(width, std::string_view(c.name).size());
    for (const Command& c : kCommands)
        std::cout << "  " << c.name << std::string(width + 2 - std::string_view(c.name).size(), ' ') << tr(c.help)
                  << "\n";
    std::cout << "\n"
              << tr("Every command takes --help, --json and --lang. Options:") << "\n"
              << "  --version       " << tr("print the version and the compute backend") << "\n"
              << "  --help          " << tr("show this help and exit") << "\n"
              << "  --lang ko|en    " << languageOptionHelp() << "\n"
              << "  --units gib|gb  " << tr("unit of the sizes in the text output (default GiB; JSON stays in bytes)")
              << "\n";
}

// Takes every --lang out of args (anywhere: before the command or among its options) and sets the
// language of the text output; the last one wins. Without one the environment decides, as for the
// window. False, after saying why on stderr, when a value is not a language.
bool takeLanguageOption(std::vector<std::string>& args) {
    setLanguage(languageFromEnvironment());
    for (std::size_t i = 0; i < args.size();) {
        std::string_view arg = args[i];
        std::string value;
        if (arg == "--lang") {
            const bool hasValue = i + 1 < args.size() && !std::string_view(args[i + 1]).starts_with("--");
            value = hasValue ? args[i + 1] : std::string();
            args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i + (hasValue ? 2 : 1)));
        } else if (arg.starts_with("--lang=")) {
            value = std::string(arg.substr(7));
            args.erase(args.begin() + std::ptrdiff_t(i));
        } else {
            ++i;
            continue;
        }
        const std::optional<Language> chosen = parseLanguage(value);
        if (!chosen) {
            std::cerr << "kvscope-cli: " << tr("--lang expects en or ko, got '%1'", {value}) << '\n';
            return false;
        }
        setLanguage(*chosen);
    }
    return true;
}

} // namespace
} // namespace kvscope::cli

namespace kvscope::cli {
namespace {

// Whether everything printed reached standard output: with stdout closed (`>&-`) or on a full
// disk (`>/dev/full`) the writes fail only at the flush, and a script must not read an empty
// answer as success.
bool outputWritten(const std::string& command) {
    errno = 0;
    std::cout.flush(); // with stdio in sync, this is stdout's fflush: errno says why it failed
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    if (!failed)
        return true;
    const int code = errno;
    const std::string why = code != 0 ? std::strerror(code) : "write error";
    std::cerr << tr("kvscope-cli %1: error: %2",
                    {command, tr("cannot write the output to standard output (%1)", {why})})
              << '\n';
    return false;
}

} // namespace
} // namespace kvscope::cli

int main(int argc, char** argv) {
    using namespace kvscope::cli;
    // Into a file or a pipe, the answer goes out at the end in one write, so a failure is seen,
    // with its reason, by outputWritten() (a failed write mid-way leaves only "write error").
    static char outputBuffer[1 << 20];
    if (isatty(STDOUT_FILENO) == 0)
        std::setvbuf(stdout, outputBuffer, _IOFBF, sizeof outputBuffer);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!takeLanguageOption(args) || !takeUnitsOption(args))
        return 2;
    if (args.empty()) { // no command: a usage error, as an unknown command is
        std::cerr << tr("kvscope-cli: error: no command given (kvscope-cli --help lists them)") << '\n';
        return 2;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printUsage();
        return outputWritten("help") ? 0 : 2;
    }
    if ((args[0] == "--version") && args.size() > 1) {
        std::cerr << tr("kvscope-cli: error: --version takes nothing more, got '%1'", {kvscope::excerpt(args[1], 40)})
                  << '\n';
        return 2;
    }
    if (args[0] == "--version") {
        const auto device = kvscope::gpu::probeDevice();
        std::string cublasWhy;
        const bool cublas = kvscope::gpu::cublasAvailable(&cublasWhy);
        std::cout << "kvscope-cli " << KVSCOPE_VERSION << "\n"
                  << (device.cudaBuilt ? tr("CUDA backend: built") : tr("CUDA backend: not built")) << "\n"
                  << (cublas ? tr("cuBLAS: loads") : tr("cuBLAS: %1", {cublasWhy})) << "\n"
                  << tr("Compute: %1", {device.summary()}) << "\n";
        return outputWritten("--version") ? 0 : 2;
    }
    const Command* command = findCommand(args[0]);
    if (!command) {
        std::cerr << tr("kvscope-cli: unknown command '%1'; expected %2",
                        {kvscope::excerpt(args[0], 40), commandList()})
                  << '\n';
        return 2;
    }
    try {
        const int status = command->run(std::vector<std::string>(args.begin() + 1, args.end()));
        if (!outputWritten(args[0]))
            return 2;
        return status;
    } catch (const kvscope::Error& e) {
        std::cerr << tr("kvscope-cli %1: error: %2", {args[0], e.what()}) << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << tr("kvscope-cli %1: internal error: %2", {args[0], e.what()}) << '\n';
        return 1;
    }
}
