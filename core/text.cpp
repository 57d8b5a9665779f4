#include "text.h"

#include <algorithm>
#include <cstdint>

namespace kvscope {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD"; // U+FFFD

// The length of the well-formed sequence that starts at text[i], or 0 when it is ill-formed.
// Table 3-7 of the Unicode standard: the second byte's range depends on the first.
std::size_t sequenceLength(std::string_view text, std::size_t i, std::size_t* validPrefix) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    *validPrefix = 0;
    if (b0 < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        if (b0 == 0xE0)
            lo = 0xA0; // no overlong form
        else if (b0 == 0xED)
            hi = 0x9F; // no surrogate
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        if (b0 == 0xF0)
            lo = 0x90;
        else if (b0 == 0xF4)
            hi = 0x8F; // at most U+10FFFF
    } else {
        return 0; // a continuation byte, C0, C1 or F5..FF
    }
    for (std::size_t k = 1; k < length; ++k) {
        if (i + k >= text.size())
            return 0;
        const unsigned char b = byte(i + k);
        if (b < lo || b > hi)
            return 0;
        lo = 0x80;
        hi = 0xBF;
        *validPrefix = k; // the bytes so far form one maximal invalid subpart if the next fails
    }
    return length;
}

} // namespace

std::size_t utf8SequenceAt(std::string_view text, std::size_t i) {
    std::size_t prefix = 0;
    return i < text.size() ? sequenceLength(text, i, &prefix) : 0;
}

bool isValidUtf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        // Most text is ASCII: skip it a byte at a time without the table.
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        std::size_t prefix = 0;
        const std::size_t length = sequenceLength(text, i, &prefix);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

std::string toValidUtf8(std::string_view text, std::size_t* replaced) {
    std::size_t count = 0;
    std::string out;
    if (isValidUtf8(text)) {
        out.assign(text);
    } else {
        out.reserve(text.size() + 16);
        for (std::size_t i = 0; i < text.size();) {
            std::size_t prefix = 0;
            const std::size_t length = sequenceLength(text, i, &prefix);
            if (length > 0) {
                out.append(text.substr(i, length));
                i += length;
            } else {
                out.append(kReplacement);
                ++count;
                i += prefix + 1; // the maximal subpart: a truncated sequence is one replacement
            }
        }
    }
    if (replaced)
        *replaced = count;
    return out;
}

std::string_view cutUtf8(std::string_view text, std::size_t maxBytes) {
    if (text.size() <= maxBytes)
        return text;
    // text[end] is where the next character would start; a character has at most three
    // continuation bytes, so more than that is ill-formed text, cut where asked.
    std::size_t end = maxBytes;
    while (end > 0 && maxBytes - end < 3 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    if ((static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        return text.substr(0, maxBytes);
    // text[end] starts a character: the cut goes before it, unless it ends by maxBytes and only
    // stray continuation bytes lie between (then no character is split at maxBytes).
    const std::size_t length = utf8SequenceAt(text, end);
    return text.substr(0, length > 0 && end + length <= maxBytes ? maxBytes : end);
}

std::string boundedName(std::string_view text, std::size_t maxBytes) {
    return std::string(cutUtf8(toValidUtf8(cutUtf8(text, maxBytes)), maxBytes));
}

std::string excerpt(std::string_view text, std::size_t maxBytes) {
    const std::string_view head = cutUtf8(text, maxBytes);
    const std::string valid = toValidUtf8(head);
    // Whatever a terminal would act on is shown as '?': C0 and C1 controls (ESC, CSI U+009B),
    // DEL, and the bidirectional overrides and isolates that reorder the rest of a line.
    std::string out;
    out.reserve(valid.size());
    for (std::size_t i = 0; i < valid.size();) {
        const std::size_t length = std::max<std::size_t>(utf8SequenceAt(valid, i), 1);
        const std::string_view c = std::string_view(valid).substr(i, length);
        const auto b0 = static_cast<unsigned char>(c[0]);
        const auto b1 = c.size() > 1 ? static_cast<unsigned char>(c[1]) : 0u;
        const auto b2 = c.size() > 2 ? static_cast<unsigned char>(c[2]) : 0u;
        const bool c0 = b0 < 0x20 || b0 == 0x7F;
        const bool c1 = b0 == 0xC2 && b1 >= 0x80 && b1 <= 0x9F;
        const bool bidi =
            b0 == 0xE2 && ((b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) || (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9));
        out.append(c0 || c1 || bidi ? std::string_view("?") : c);
        i += length;
    }
    return head.size() < text.size() ? out + "..." : out;
}

namespace {
std::string groupedDigits(std::size_t value) { // 100000 -> "100,000"
    std::string digits = std::to_string(value);
    for (std::ptrdiff_t at = std::ptrdiff_t(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(std::size_t(at), ",");
    return digits;
}
} // namespace

std::string quoteExcerpt(std::string_view text, std::size_t maxBytes) {
    std::string out = "'" + excerpt(text, maxBytes) + "'";
    if (text.size() > maxBytes)
        out += " (" + groupedDigits(text.size()) + " bytes)";
    return out;
}

std::string pathText(const std::filesystem::path& path) {
    constexpr std::size_t kMax = 300, kHead = 200, kTail = 60;
    const std::string bytes = path.string();
    if (bytes.size() <= kMax)
        return excerpt(bytes, kMax);
    std::size_t tail = bytes.size() - kTail;
    while (tail < bytes.size() && (static_cast<unsigned char>(bytes[tail]) & 0xC0) == 0x80)
        ++tail; // from a character's start, not inside one
    return excerpt(bytes, kHead) + "(" + groupedDigits(bytes.size()) + " bytes)..." +
           excerpt(std::string_view(bytes).substr(tail), kTail);
}

std::string_view wideEncoding(std::string_view head) {
    const auto at = [&](std::size_t k) { return k < head.size() ? static_cast<unsigned char>(head[k]) : 0x100u; };
    if (at(0) == 0xFF && at(1) == 0xFE && at(2) == 0 && at(3) == 0)
        return "UTF-32 LE";
    if (at(0) == 0 && at(1) == 0 && at(2) == 0xFE && at(3) == 0xFF)
        return "UTF-32 BE";
    if (at(0) == 0xFF && at(1) == 0xFE)
        return "UTF-16 LE";
    if (at(0) == 0xFE && at(1) == 0xFF)
        return "UTF-16 BE";
    // No mark: ASCII text in UTF-16 has a NUL in every other byte.
    if (head.size() >= 4 && at(0) != 0 && at(1) == 0 && at(2) != 0 && at(3) == 0)
        return "UTF-16 LE";
    if (head.size() >= 4 && at(0) == 0 && at(1) != 0 && at(2) == 0 && at(3) != 0)
        return "UTF-16 BE";
    return {};
}

} // namespace kvscope
