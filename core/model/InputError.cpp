#include "model/InputError.h"

#include <cstdint>

namespace mr {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s`, or 0 when it is not one
// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
std::size_t utf8SequenceLength(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(s[i]); };
    const std::uint8_t b0 = byte(0);
    if (b0 < 0x80) {
        return 1;
    }
    std::size_t length = 0;
    std::uint8_t low = 0x80;
    std::uint8_t high = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        low = b0 == 0xE0 ? 0xA0 : 0x80;
        high = b0 == 0xED ? 0x9F : 0xBF;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        low = b0 == 0xF0 ? 0x90 : 0x80;
        high = b0 == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (s.size() < length || byte(1) < low || byte(1) > high) {
        return 0;
    }
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xBF) {
            return 0;
        }
    }
    return length;
}

void appendHex(std::string& out, const char* prefix, unsigned value, int digits) {
    static const char kHex[] = "0123456789abcdef";
    out += prefix;
    for (int d = digits - 1; d >= 0; --d) {
        out += kHex[(value >> (4 * d)) & 0xF];
    }
}

}  // namespace

bool isValidUtf8(std::string_view text) {
    while (!text.empty()) {
        const std::size_t n = utf8SequenceLength(text);
        if (n == 0) {
            return false;
        }
        text.remove_prefix(n);
    }
    return true;
}

std::string escapeForMessage(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        const std::size_t n = utf8SequenceLength(text);
        const auto c = static_cast<unsigned char>(text[0]);
        if (n == 0) {
            appendHex(out, "\\x", c, 2);
            text.remove_prefix(1);
            continue;
        }
        if (n == 1) {
            switch (c) {
                case '\n':
                    out += "\\n";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                default:
                    if (c < 0x20 || c == 0x7F) {
                        appendHex(out, "\\x", c, 2);
                    } else {
                        out += static_cast<char>(c);
                    }
            }
        } else {
            const std::string_view sequence = text.substr(0, n);
            // U+0085 (next line), U+2028 (line separator), U+2029 (paragraph separator) and the
            // C1 controls end or garble a line in some terminals and in Qt's message boxes.
            if (sequence == "\u2028" || sequence == "\u2029") {
                appendHex(out, "\\u", sequence == "\u2028" ? 0x2028 : 0x2029, 4);
            } else if (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[1]) < 0xA0) {
                appendHex(out, "\\u", static_cast<unsigned char>(text[1]), 4);
            } else {
                out += sequence;
            }
        }
        text.remove_prefix(n);
    }
    return out;
}

namespace {

// A name or path made readable in one line: escaped, and when longer than kLongPart bytes its
// start and end around "…" (a 100-level path "x[0][0]…", a megabyte job name). Cuts fall on
// code point boundaries, so the text stays valid UTF-8.
constexpr std::size_t kLongPart = 160;

std::size_t codePointStart(const std::string& text, std::size_t at) {
    while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) {
        --at;
    }
    return at;
}

std::string shortPart(std::string_view raw) {
    std::string text = escapeForMessage(raw);
    if (text.size() <= kLongPart) {
        return text;
    }
    const std::size_t head = codePointStart(text, 100);
    const std::size_t tail = codePointStart(text, text.size() - 40);
    return text.substr(0, head) + "…" + text.substr(tail) + " (" + std::to_string(text.size()) +
           " bytes)";
}

}  // namespace

std::string inputMessage(const std::string& file, const std::string& job, const std::string& field,
                         const std::string& message, const std::string& itemKind) {
    std::string text;
    if (!file.empty()) {
        text += shortPart(file) + ": ";
    }
    if (!job.empty()) {
        text += itemKind + " '" + shortPart(job) + "': ";
    }
    if (!field.empty()) {
        text += "field '" + shortPart(field) + "': ";
    }
    return text + escapeForMessage(message);
}

InputError::InputError(std::string file, std::string job, std::string field, std::string message,
                       std::string itemKind)
    : std::runtime_error(inputMessage(file, job, field, message, itemKind)),
      m_file(std::move(file)),
      m_job(std::move(job)),
      m_field(std::move(field)),
      m_message(std::move(message)),
      m_itemKind(std::move(itemKind)) {}

InputError InputError::withFile(const std::string& file) const {
    return InputError(file, m_job, m_field, m_message, m_itemKind);
}

}  // namespace mr
