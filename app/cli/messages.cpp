#include "messages.h"

#include <cstdlib>

namespace kvscope::cli {
namespace {

Language g_language = Language::English;

std::string_view inLanguage(const Message& message) {
    return g_language == Language::Korean ? message.ko : message.en;
}

bool isKorean(std::string_view locale) {
    return locale.starts_with("ko");
}

// Code points whose glyphs take two terminal columns (Unicode East Asian Width W and F).
bool isWide(char32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
           (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

// Hangul vowel and final jamo and combining marks join the character before them.
bool isZeroWidth(char32_t c) {
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1160 && c <= 0x11FF) || c == 0x200B;
}

} // namespace

Language language() {
    return g_language;
}

void setLanguage(Language language) {
    g_language = language;
}

std::optional<Language> parseLanguage(std::string_view code) {
    if (code == "en")
        return Language::English;
    if (code == "ko")
        return Language::Korean;
    return std::nullopt;
}

Language languageFromEnvironment() {
    const auto get = [](const char* name) -> std::string_view {
        const char* value = std::getenv(name);
        return value ? std::string_view(value) : std::string_view();
    };
    if (const std::string_view languages = get("LANGUAGE"); !languages.empty())
        return isKorean(languages.substr(0, languages.find(':'))) ? Language::Korean : Language::English;
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
        if (const std::string_view locale = get(name); !locale.empty())
            return isKorean(locale) ? Language::Korean : Language::English;
    return Language::English;
}

std::string substitute(std::string_view format, std::initializer_list<std::string_view> args) {
    std::string out;
    out.reserve(format.size());
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '%' && i + 1 < format.size() && format[i + 1] >= '1' && format[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(format[i + 1] - '1');
            if (n < args.size()) {
                out += *(args.begin() + n);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::string tr(Text text) {
    return std::string(inLanguage(text.message()));
}

std::string tr(Text text, std::initializer_list<std::string_view> args) {
    return substitute(inLanguage(text.message()), args);
}

std::string translateKnown(std::string_view text) {
    for (const Message& message : kMessages)
        if (message.en == text)
            return std::string(inLanguage(message));
    return std::string(text);
}

std::size_t displayWidth(std::string_view utf8) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto lead = static_cast<unsigned char>(utf8[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        char32_t c = length == 1 ? lead : lead & (0x7F >> length);
        for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
        width += isZeroWidth(c) ? 0 : isWide(c) ? 2 : 1;
        i += length;
    }
    return width;
}

std::string languageOptionHelp() {
    return tr("language of the text output: ko or en (default: the system's; JSON stays English)");
}

} // namespace kvscope::cli
