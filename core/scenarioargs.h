#pragma once

#include "error.h"
#include "hfconfig.h"
#include "scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kvscope {

// The command-line scenario options kvscope and kvscope-cli share: one parser, so that both
// take the same names and limits and say the same thing about a bad value.

// A bad option value, as data: the CLI prints its English (what()), the window composes its
// own tr() text from the fields.
class OptionValueError : public Error {
public:
    enum class Kind {
        NotWholeNumber,  // "--batch expects a whole number, got 'zero'"
        WholeOutOfRange, // "--batch must be between 1 and 4294967296, got 0"
        NotNumber,       // "--utilization expects a number, got 'high'"
        NumberOutOfRange // "--utilization must be between 0.01 and 1, got 1.5"
    };
    OptionValueError(Kind kind, std::string option, const std::string& value, std::string min = {},
                     std::string max = {});

    Kind kind() const { return m_kind; }
    const std::string& option() const { return m_option; } // without dashes: "batch"
    const std::string& value() const { return m_value; }   // as given, cut to an excerpt (core/text.h)
    const std::string& quoted() const { return m_quoted; } // 'excerpt' and, when cut, its length
    const std::string& min() const { return m_min; }       // the limits as the message prints them
    const std::string& max() const { return m_max; }

private:
    Kind m_kind;
    std::string m_option, m_value, m_quoted, m_min, m_max;
};

// A whole-number option and its limits (inclusive).
struct WholeOption {
    std::string_view name; // without dashes
    std::uint64_t min = 1;
    std::uint64_t max = UINT64_MAX;
};
// A decimal option and its limits (inclusive).
struct DecimalOption {
    std::string_view name;
    double min = 0.0;
    double max = 0.0;
};

// The limits of the shared options. Context and batch go as far as a scenario file's (2^40
// tokens, 2^32 sequences): their product may still overflow, which checkScenarioArgs names.
inline constexpr WholeOption kContextOption{"context", 1, 1ull << 40};
inline constexpr WholeOption kBatchOption{"batch", 1, 1ull << 32};
inline constexpr WholeOption kTensorParallelOption{"tp", 1, 1024};
inline constexpr DecimalOption kUtilizationOption{"utilization", 0.01, 1.0};
inline constexpr WholeOption kDraftTokensOption{"draft-tokens", 1, kMaxDraftTokens};
inline constexpr DecimalOption kAcceptanceOption{"acceptance", 0.0, 1.0};

// Digits only (no sign, no spaces), within the limits; throws OptionValueError.
std::uint64_t parseWholeOption(const WholeOption& option, std::string_view text);
// A finite decimal number ("0.9", "1e-2"; no locale), within the limits; throws OptionValueError.
double parseDecimalOption(const DecimalOption& option, std::string_view text);
// A limit as the messages print it: the shortest form that reads back ("0.01", "1", "1024").
std::string formatLimit(double value);

// The shared options as given on a command line; absent ones are not given.
struct ScenarioArgs {
    std::optional<std::string> weightDtype; // --weight-dtype
    std::optional<std::string> kvDtype;     // --kv-dtype
    std::optional<std::string> gpu;         // --gpu: a GPU preset id
    std::optional<std::string> context;     // --context
    std::optional<std::string> batch;       // --batch
    std::optional<std::string> utilization; // --utilization
    std::optional<std::string> tp;          // --tp
    std::optional<std::string> speculative; // --speculative: none, ngram, eagle or draft:<preset>
    std::optional<std::string> draftTokens; // --draft-tokens
    std::optional<std::string> acceptance;  // --acceptance
};

// "none", "ngram", "eagle" or "draft:<preset>" into `speculation` (its k and acceptance kept); throws Error naming
// --speculative, with the presets when the draft's is unknown.
void applySpeculativeOption(Speculation& speculation, std::string_view text);

// The model named on a command line: --preset NAME (the preset as published, its dtypes included)
// or --config FILE (a Hugging Face config.json; its import, with notes and the rule that read it,
// is returned). Neither leaves `scenario` as it is; both is an error. Throws Error naming the
// preset or the file at fault.
std::optional<ImportResult> applyModelSource(Scenario& scenario, const std::optional<std::string>& preset,
                                             const std::optional<std::string>& configFile);

// Applies the given options to `scenario`, in this order: dtypes, GPU, context, batch,
// utilization, tensor parallelism, speculative decoding. Throws Error naming the option at fault (OptionValueError for
// a malformed or out-of-range number); `scenario` is then partly changed.
void applyScenarioArgs(Scenario& scenario, const ScenarioArgs& args);

// The whole scenario once every option is in: each value may be in range while their product
// is not. Throws Error naming the options: "--context 1099511627776 x --batch 4294967296: KV
// bytes overflows 64 bits (...)", or the field validate() finds wrong.
void checkScenarioArgs(const Scenario& scenario);

} // namespace kvscope
