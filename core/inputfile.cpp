#include "inputfile.h"

#include "error.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace kvscope {

namespace fs = std::filesystem;

std::uint64_t checkInputFile(const fs::path& path, std::uint64_t maxBytes, std::string_view what) {
    const std::string name = pathText(path);
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (path.empty())
        throw Error("an empty file name: expected the " + std::string(what));
    // A name past the system's limits (4,096 bytes a path, 255 a name) is said as such, not as missing.
    if (ec && (ec == std::errc::filename_too_long || ec == std::errc::permission_denied))
        throw Error(name + ": cannot open the " + std::string(what) + " (" + ec.message() + ")");
    if (ec || !fs::exists(status))
        throw Error(name + ": cannot open the " + std::string(what) + " (it does not exist or cannot be reached)");
    if (!fs::is_regular_file(status))
        throw Error(name + ": is not a regular file; expected a " + std::string(what));
    const std::uint64_t size = fs::file_size(path, ec);
    if (ec)
        throw Error(name + ": cannot read the file size (" + ec.message() + ")");
    if (size > maxBytes)
        throw Error(name + ": is " + std::to_string(size) + " bytes; a " + std::string(what) + " holds at most " +
                    std::to_string(maxBytes) + " bytes");
    return size;
}

void checkOutputFile(const fs::path& path, std::string_view what) {
    if (path.empty())
        throw Error("an empty file name: expected where to write the " + std::string(what));
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status) || fs::is_regular_file(status))
        return; // not there yet (or unreachable: the write says why), or a file to replace
    const char* kind = fs::is_directory(status)        ? "a directory"
                       : fs::is_fifo(status)           ? "a FIFO (named pipe)"
                       : fs::is_character_file(status) ? "a character device"
                       : fs::is_block_file(status)     ? "a block device"
                       : fs::is_socket(status)         ? "a socket"
                                                       : "not a regular file";
    throw Error(pathText(path) + ": is " + kind + "; the " + std::string(what) +
                " is written to a regular file (a new one, or one it replaces)");
}

std::string readInputFile(const fs::path& path, std::uint64_t maxBytes, std::string_view what) {
    const std::string name = pathText(path);
    const std::uint64_t size = checkInputFile(path, maxBytes, what);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error(name + ": cannot open the " + std::string(what) + " for reading");
    // The measured size and one byte more: the file may have grown since it was measured.
    std::string text(std::size_t(size) + 1, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    if (in.bad())
        throw Error(name + ": cannot read the " + std::string(what));
    if (std::uint64_t(in.gcount()) > size)
        throw Error(name + ": grew while it was read (from " + std::to_string(size) + " bytes)");
    text.resize(std::size_t(in.gcount()));
    return utf8Text(std::move(text), name, what);
}

std::string utf8Text(std::string text, std::string_view name, std::string_view what) {
    // Every format read this way is UTF-8 text. Notepad's "Unicode" is UTF-16: say so, rather than
    // a parse error at line 1; a UTF-8 byte-order mark (Excel's CSV) is dropped.
    if (const std::string_view wide = wideEncoding(text); !wide.empty())
        throw Error(std::string(name) + ": is " + std::string(wide) + " text; a " + std::string(what) +
                    " must be UTF-8 (save it again with the encoding UTF-8)");
    if (text.starts_with("\xEF\xBB\xBF"))
        text.erase(0, 3);
    return text;
}

void refuseNulBytes(std::string_view text, std::string_view name, std::string_view what) {
    if (const std::size_t at = text.find('\0'); at != std::string_view::npos)
        throw Error(std::string(name) + ": holds a NUL byte at byte " + std::to_string(at) + " of " +
                    std::to_string(text.size()) + "; a " + std::string(what) +
                    " is text (is it a binary file, or was it cut off while written?)");
}

std::string describeJson(const nlohmann::json& v) {
    using t = nlohmann::json::value_t;
    switch (v.type()) {
    case t::string:
        return quoteExcerpt(v.get_ref<const std::string&>());
    case t::array:
        return "an array of " + std::to_string(v.size()) + " item(s)";
    case t::object:
        return "an object of " + std::to_string(v.size()) + " field(s)";
    case t::null:
        return "null";
    case t::boolean:
        return v.get<bool>() ? "true" : "false";
    default:             // a number: dumping a scalar does not recurse
        return v.dump(); // a number: at most a few dozen ASCII characters
    }
}

std::string jsonErrorReason(const std::exception& error) {
    std::string text = jsonErrorExcerpt(error);
    if (text.starts_with("[json.exception.")) {
        if (const std::size_t close = text.find("] "); close != std::string::npos)
            text.erase(0, close + 2);
    }
    if (text.starts_with("parse error")) {
        if (const std::size_t colon = text.find(": "); colon != std::string::npos)
            text.erase(0, colon + 2);
    }
    return text;
}

std::string jsonErrorExcerpt(const std::exception& error) {
    // The parser's text quotes the input where it stopped, which may be any bytes at all.
    constexpr std::size_t kMax = 160;
    const std::string_view text = error.what();
    const std::string_view head = cutUtf8(text, kMax);
    return toValidUtf8(head) + (head.size() < text.size() ? "..." : "");
}

} // namespace kvscope
