#include "argparser.h"

#include "error.h"
#include "gpus.h"
#include "messages.h"
#include "presets.h"
#include "scenarioargs.h"
#include "text.h"

namespace kvscope::cli {

ArgParser::ArgParser(std::string command, std::string summary)
    : m_command(std::move(command))
    , m_summary(std::move(summary)) {
    addFlag("help", tr("show this help and exit"));
    // Taken out of the arguments by main() before any command sees them; listed so --help shows it.
    addOption("lang", "ko|en", languageOptionHelp());
}

void ArgParser::addOption(std::string name, std::string valueName, std::string help) {
    m_options.push_back({std::move(name), std::move(valueName), std::move(help)});
}

void ArgParser::addFlag(std::string name, std::string help) {
    m_options.push_back({std::move(name), {}, std::move(help)});
}

const ArgParser::Option* ArgParser::find(std::string_view name) const {
    for (const auto& option : m_options)
        if (option.name == name)
            return &option;
    return nullptr;
}

// An argument that is not an option where the command takes none, or an option with one dash:
// refused, never ignored (`estimate llama-3-70b` would otherwise estimate the default model).
void ArgParser::refuseArgument(std::string_view arg) const {
    const std::string quoted = quoteExcerpt(arg);
    if (arg.size() > 1 && arg.front() == '-') {
        const std::string_view name = arg.substr(1);
        if (find(name))
            throw Error("unknown option " + quoted + ": options take two dashes, --" + std::string(name));
        throw Error("unknown option " + quoted + " (see " + m_command + " --help)");
    }
    std::string meant;
    if (find("preset"))
        for (const auto& preset : modelPresets())
            if (preset.id == arg)
                meant = "--preset " + preset.id;
    if (find("gpu"))
        for (const auto& gpu : gpuPresets())
            if (gpu.id == arg)
                meant = "--gpu " + gpu.id;
    if (meant.empty() && find("config") && arg.ends_with(".json"))
        meant = "--config " + excerpt(arg, 200);
    throw Error("unexpected argument " + quoted + (meant.empty() ? "" : "; did you mean " + meant + "?") +
                " (this command takes options only; see " + m_command + " --help)");
}

void ArgParser::parse(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view arg = args[i];
        if (arg == "-h") { // as the top level takes it
            m_values["help"] = "true";
            continue;
        }
        if (!arg.starts_with("--")) {
            if (!m_allowPositional || (arg.size() > 1 && arg.front() == '-'))
                refuseArgument(arg);
            m_positional.emplace_back(arg);
            continue;
        }
        arg.remove_prefix(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = arg.find('='); eq != std::string_view::npos) {
            inlineValue = std::string(arg.substr(eq + 1));
            arg = arg.substr(0, eq);
        }
        const Option* option = find(arg);
        if (!option)
            throw Error("unknown option " + quoteExcerpt("--" + std::string(arg)) + " (see " + m_command + " --help)");
        if (option->value.empty()) {
            if (inlineValue)
                throw Error("option '--" + option->name + "' takes no value");
            m_values[option->name] = "true";
        } else if (inlineValue) {
            m_values[option->name] = *inlineValue;
        } else {
            if (i + 1 >= args.size() || std::string_view(args[i + 1]).starts_with("--"))
                throw Error("option '--" + option->name + "' needs a value (" + option->value + ")");
            m_values[option->name] = args[++i];
        }
    }
}

bool ArgParser::has(std::string_view name) const {
    return m_values.find(name) != m_values.end();
}

std::optional<std::string> ArgParser::value(std::string_view name) const {
    auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second;
}

std::string ArgParser::valueOr(std::string_view name, std::string fallback) const {
    return value(name).value_or(std::move(fallback));
}

std::optional<std::uint64_t> ArgParser::uintValue(std::string_view name, std::uint64_t min, std::uint64_t max) const {
    auto text = value(name);
    if (!text)
        return std::nullopt;
    return parseWholeOption({name, min, max}, *text); // the window's parser: the same errors
}

std::optional<double> ArgParser::doubleValue(std::string_view name, double min, double max) const {
    auto text = value(name);
    if (!text)
        return std::nullopt;
    return parseDecimalOption({name, min, max}, *text);
}

std::string ArgParser::help() const {
    std::string out = tr("Usage: %1 [options]", {m_command}) + "\n\n" + m_summary + "\n\n" + tr("Options:") + "\n";
    for (const auto& option : m_options) {
        std::string left = "  --" + option.name + (option.value.empty() ? "" : " " + option.value);
        if (left.size() < 30)
            left.resize(30, ' ');
        else
            left += "\n" + std::string(30, ' ');
        out += left + option.help + "\n";
    }
    return out;
}

} // namespace kvscope::cli
