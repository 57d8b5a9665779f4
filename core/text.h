#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace kvscope {

// Rules for text that comes from outside (file names, file contents, arguments, logs), shared by
// the CLI and the window. Everything core/ keeps or prints is valid UTF-8: nlohmann refuses to
// dump anything else, and a terminal or a label shows it as noise.

// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
bool isValidUtf8(std::string_view text);

// The length of the well-formed character that starts at text[i], or 0 when none does there.
std::size_t utf8SequenceAt(std::string_view text, std::size_t i);

// `text` with every ill-formed sequence replaced by U+FFFD (one per maximal invalid subpart, as
// the Unicode standard recommends); `replaced`, when given, receives how many were replaced.
std::string toValidUtf8(std::string_view text, std::size_t* replaced = nullptr);

// The longest prefix of `text` of at most `maxBytes` that does not end inside a character
// (67 Hangul syllables are 201 bytes: a cut at 200 keeps 66 of them).
std::string_view cutUtf8(std::string_view text, std::size_t maxBytes);

// `text` made valid and cut to at most `maxBytes`: for a name kept from outside.
std::string boundedName(std::string_view text, std::size_t maxBytes);

// At most `maxBytes` of a value from outside (each invalid byte of them becoming U+FFFD), valid
// UTF-8, with what a terminal would act on shown as '?' (C0 and C1 controls, bidirectional
// overrides and isolates), and "..." when it was cut.
std::string excerpt(std::string_view text, std::size_t maxBytes = 40);

// A value from outside for an error message: at most `maxBytes` of it, valid UTF-8, control
// characters shown as '?', and when it was cut, "..." and its whole length
// ("'aaaa...' (100,000 bytes)"), never the value itself.
std::string quoteExcerpt(std::string_view text, std::size_t maxBytes = 40);

// A path as text for a message: its bytes when they are UTF-8, else with U+FFFD where a byte is not;
// what a terminal would act on (a newline, an escape sequence) as '?', as excerpt() shows it; and a
// path longer than 300 bytes as its first 200 and last 60 bytes with its length between.
// Opening the file keeps using the path itself.
std::string pathText(const std::filesystem::path& path);

// What a byte-order mark or the NUL pattern of the first bytes says the text is ("UTF-16 LE",
// "UTF-16 BE", "UTF-32 LE", "UTF-32 BE"), or empty for UTF-8 or plain bytes.
std::string_view wideEncoding(std::string_view head);

} // namespace kvscope
