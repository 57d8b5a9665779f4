#include "scenarioargs.h"

#include "gpus.h"
#include "memorymodel.h"
#include "presets.h"
#include "text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace kvscope {

namespace {

std::string englishMessage(OptionValueError::Kind kind, const std::string& option, const std::string& value,
                           const std::string& quoted, const std::string& min, const std::string& max) {
    switch (kind) {
    case OptionValueError::Kind::NotWholeNumber:
        return "--" + option + " expects a whole number, got " + quoted;
    case OptionValueError::Kind::NotNumber:
        return "--" + option + " expects a number, got " + quoted;
    case OptionValueError::Kind::WholeOutOfRange:
    case OptionValueError::Kind::NumberOutOfRange:
        break;
    }
    return "--" + option + " must be between " + min + " and " + max + ", got " + value;
}

} // namespace

OptionValueError::OptionValueError(Kind kind, std::string option, const std::string& value, std::string min,
                                   std::string max)
    : Error(englishMessage(kind, option, excerpt(value), quoteExcerpt(value), min, max))
    , m_kind(kind)
    , m_option(std::move(option))
    , m_value(excerpt(value))
    , m_quoted(quoteExcerpt(value))
    , m_min(std::move(min))
    , m_max(std::move(max)) {}

std::uint64_t parseWholeOption(const WholeOption& option, std::string_view text) {
    std::uint64_t out = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    // from_chars takes no sign and no space, so "-5", "+5" and " 5" are not whole numbers here.
    if (text.empty() || ec != std::errc() || ptr != end)
        throw OptionValueError(OptionValueError::Kind::NotWholeNumber, std::string(option.name), std::string(text));
    if (out < option.min || out > option.max)
        throw OptionValueError(OptionValueError::Kind::WholeOutOfRange, std::string(option.name), std::string(text),
                               std::to_string(option.min), std::to_string(option.max));
    return out;
}

double parseDecimalOption(const DecimalOption& option, std::string_view text) {
    double out = 0;
    const char* end = text.data() + text.size();
    // from_chars, not strtod: the window runs under the user's locale, where strtod may want "0,9".
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(out))
        throw OptionValueError(OptionValueError::Kind::NotNumber, std::string(option.name), std::string(text));
    if (out < option.min || out > option.max)
        throw OptionValueError(OptionValueError::Kind::NumberOutOfRange, std::string(option.name), std::string(text),
                               formatLimit(option.min), formatLimit(option.max));
    return out;
}

std::string formatLimit(double value) {
    char text[32];
    const auto [ptr, ec] = std::to_chars(text, text + sizeof text, value);
    return ec == std::errc() ? std::string(text, ptr) : std::to_string(value);
}

std::optional<ImportResult> applyModelSource(Scenario& scenario, const std::optional<std::string>& preset,
                                             const std::optional<std::string>& configFile) {
    if (preset && configFile)
        throw Error("give either --preset or --config, not both");
    if (configFile) {
        ImportResult imported = importHfConfigFile(*configFile);
        scenario.model = imported.shape;
        // A quantized checkpoint is weighed as it is stored unless --weight-dtype, applied after, says otherwise.
        scenario.weightsAsStored = imported.shape.stored.has_value();
        if (imported.shape.stored)
            scenario.weightDtype = imported.shape.stored->rest; // the compute dtype (activations, state)
        return imported;
    }
    if (preset)
        try {
            scenario = withPresetModel(scenario, *preset); // --weight-dtype and --kv-dtype, applied after, override
        } catch (const Error& e) {
            throw Error(std::string("--preset: ") + e.what());
        }
    return std::nullopt;
}

void applyScenarioArgs(Scenario& s, const ScenarioArgs& args) {
    if (args.weightDtype && *args.weightDtype == kStoredWeights) {
        if (!s.model.stored)
            throw Error("--weight-dtype: 'stored' needs a config whose quantization_config KV Scope reads (AWQ, GPTQ, "
                        "FP8, MXFP4...); this model states none");
        s.weightsAsStored = true;
        s.weightDtype = s.model.stored->rest; // the compute dtype beside the stored matrices
    } else if (args.weightDtype) {
        s.weightDtype = DType::parse(*args.weightDtype, "--weight-dtype");
        s.weightsAsStored = false;
    }
    if (args.kvDtype)
        s.kvDtype = DType::parse(*args.kvDtype, "--kv-dtype");
    if (args.gpu) {
        const GpuPreset* preset = nullptr;
        try {
            preset = &findGpuPreset(*args.gpu);
        } catch (const Error& e) {
            throw Error(std::string("--gpu: ") + e.what());
        }
        s.gpuId = preset->id;
        s.gpuMemoryBytes = preset->memoryBytes;
    }
    if (args.context)
        s.context = parseWholeOption(kContextOption, *args.context);
    if (args.batch)
        s.batch = parseWholeOption(kBatchOption, *args.batch);
    if (args.utilization)
        s.utilization = parseDecimalOption(kUtilizationOption, *args.utilization);
    if (args.tp)
        s.tensorParallel = static_cast<std::uint32_t>(parseWholeOption(kTensorParallelOption, *args.tp));
    if (args.speculative)
        applySpeculativeOption(s.speculation, *args.speculative);
    if ((args.draftTokens || args.acceptance) && !s.speculation.enabled())
        throw Error(std::string(args.draftTokens ? "--draft-tokens" : "--acceptance") +
                    " is for speculative decoding: give --speculative ngram, eagle or draft:<preset> too");
    if (args.draftTokens)
        s.speculation.tokens = static_cast<std::uint32_t>(parseWholeOption(kDraftTokensOption, *args.draftTokens));
    if (args.acceptance)
        s.speculation.acceptance = parseDecimalOption(kAcceptanceOption, *args.acceptance);
}

void applySpeculativeOption(Speculation& spec, std::string_view text) {
    constexpr std::string_view kDraft = "draft:";
    if (text.starts_with(kDraft)) {
        const std::string preset(text.substr(kDraft.size()));
        try {
            (void)loadPreset(preset);
        } catch (const Error& e) {
            throw Error(std::string("--speculative: ") + e.what());
        }
        spec.method = DraftMethod::Model;
        spec.draftPreset = preset;
        return;
    }
    const std::optional<DraftMethod> method = parseDraftMethod(text);
    if (!method || *method == DraftMethod::Model)
        throw Error("--speculative expects none, ngram, eagle or draft:<preset>, got " + quoteExcerpt(text));
    spec.method = *method;
    spec.draftPreset.clear();
}

void checkScenarioArgs(const Scenario& s) {
    s.validate();
    try {
        (void)kvBytes(s.model, s.kvDtype, s.context, s.batch);
    } catch (const Error& e) {
        throw Error("--context " + std::to_string(s.context) + " x --batch " + std::to_string(s.batch) + ": " +
                    e.what());
    }
}

} // namespace kvscope
