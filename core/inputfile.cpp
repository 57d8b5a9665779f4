#include "inputfile.h"

#include "error.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace kvscope {

namespace fs = std::filesystem;

std::string readInputFile(const fs::path& path, std::uint64_t maxBytes, std::string_view what) {
    const std::string name = path.string();
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
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
    return text;
}

namespace {
std::string excerpt(const std::string& text) {
    constexpr std::size_t kMax = 40;
    std::string out;
    for (const char c : text.substr(0, kMax))
        out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
    return text.size() > kMax ? out + "..." : out;
}
} // namespace

std::string describeJson(const nlohmann::json& v) {
    using t = nlohmann::json::value_t;
    switch (v.type()) {
    case t::string:
        return "'" + excerpt(v.get_ref<const std::string&>()) + "'";
    case t::array:
        return "an array of " + std::to_string(v.size()) + " item(s)";
    case t::object:
        return "an object of " + std::to_string(v.size()) + " field(s)";
    case t::null:
        return "null";
    case t::boolean:
        return v.get<bool>() ? "true" : "false";
    default: // a number: dumping a scalar does not recurse
        return excerpt(v.dump());
    }
}

std::string jsonErrorExcerpt(const std::exception& error) {
    constexpr std::size_t kMax = 160;
    std::string text = error.what();
    if (text.size() > kMax)
        text = text.substr(0, kMax) + "...";
    return text;
}

} // namespace kvscope
