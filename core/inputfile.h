#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>

namespace kvscope {

// Limits on what a person hands the program, checked before anything is read.
inline constexpr std::uint64_t kConfigFileMaxBytes = 4ull << 20;   // a config.json is a few KiB
inline constexpr std::uint64_t kScenarioFileMaxBytes = 1ull << 20; // a scenario is under 2 KiB
inline constexpr std::uint64_t kTraceFileMaxBytes = 256ull << 20;  // about two million requests
inline constexpr std::uint64_t kWeightsFileMaxBytes = 8ull << 30;  // the decode core's small models: MiB to a few GiB

// The checks readInputFile makes before it reads, for a reader that takes a file in parts (a
// safetensors header before its data): returns the file's size.
std::uint64_t checkInputFile(const std::filesystem::path& path, std::uint64_t maxBytes, std::string_view what);

// Reads a whole file a person gave us: it must be a regular file (not a directory, a device
// such as /dev/zero or /dev/urandom, or a pipe that never ends) of at most `maxBytes`.
// Throws Error naming the file, what it was meant to be ("config.json") and the limit, and for
// text in UTF-16 or UTF-32 the encoding found; a UTF-8 byte-order mark is dropped.
std::string readInputFile(const std::filesystem::path& path, std::uint64_t maxBytes, std::string_view what);

// The check every writer makes before it writes `what` (a screenshot, a scenario, an export) to
// `path`: the target is a regular file or not there yet. A file is written beside the target and
// renamed over it, which would put a plain file in place of a device (/dev/null), a FIFO or a
// socket, and fail late on a directory: those are refused first, naming the path and its kind.
// An empty path is refused as such. Links are followed (a link to a file is that file).
void checkOutputFile(const std::filesystem::path& path, std::string_view what);

// The check readInputFile makes of what it read, for text from elsewhere (standard input):
// UTF-16 or UTF-32 refused naming the encoding, a UTF-8 byte-order mark dropped.
std::string utf8Text(std::string text, std::string_view name, std::string_view what);

// JSON text ends, for nlohmann's parser, at a NUL byte: what follows would be ignored without a word
// (a config.json with "\0\0garbage" after it read as valid; Python's json refuses it). Throws Error
// naming the source, the byte offset and what the text was meant to be.
void refuseNulBytes(std::string_view text, std::string_view name, std::string_view what);

// A JSON value for an error message, never the value itself: a deeply nested value would
// overflow the stack on the way into the message and a large one would flood it. Strings
// and numbers as an excerpt of at most 40 characters, arrays and objects by kind and size.
std::string describeJson(const nlohmann::json& value);

// What the JSON parser said, for an error message, cut to 160 characters: a number too large
// for a double is refused as out_of_range (not parse_error) with the whole number in the text.
std::string jsonErrorExcerpt(const std::exception& error);
// The same without nlohmann's prefix ("[json.exception.parse_error.101] parse error at line 3, column 7: "),
// for a message that already says where: "syntax error while parsing object - unexpected ...".
std::string jsonErrorReason(const std::exception& error);

} // namespace kvscope
