#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope::cli {

// A small, strict parser for "--name value", "--name=value" and "--flag". Unknown
// options and malformed numbers are errors naming the option (thrown as kvscope::Error, in English
// like core's). The summary and option help are given already translated (see messages.h).
class ArgParser {
public:
    struct Option {
        std::string name;  // without dashes
        std::string value; // the value's name in --help ("N", "FILE"); empty = a flag
        std::string help;
    };

    ArgParser(std::string command, std::string summary);

    void addOption(std::string name, std::string valueName, std::string help);
    void addFlag(std::string name, std::string help);
    // The command takes arguments that are not options (explain-log's FILE); without this call
    // any such argument is refused, with what it may have meant ("--preset llama-3-70b").
    void allowPositional() { m_allowPositional = true; }
    void parse(const std::vector<std::string>& args);

    bool has(std::string_view name) const;
    std::optional<std::string> value(std::string_view name) const;
    std::string valueOr(std::string_view name, std::string fallback) const;
    std::optional<std::uint64_t> uintValue(std::string_view name, std::uint64_t min = 1,
                                           std::uint64_t max = UINT64_MAX) const;
    std::optional<double> doubleValue(std::string_view name, double min, double max) const;
    const std::vector<std::string>& positional() const { return m_positional; }

    std::string help() const;

private:
    const Option* find(std::string_view name) const;
    [[noreturn]] void refuseArgument(std::string_view arg) const;

    std::string m_command;
    std::string m_summary;
    std::vector<Option> m_options;
    std::map<std::string, std::string, std::less<>> m_values;
    std::vector<std::string> m_positional;
    bool m_allowPositional = false;
};

} // namespace kvscope::cli
