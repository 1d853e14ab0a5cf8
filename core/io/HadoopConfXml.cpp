#include "io/HadoopConfXml.h"

#include <cctype>
#include <cstdint>
#include <utility>

#include "model/InputError.h"

namespace mr {

namespace {

struct Element {
    std::string name;
    std::string text;  // character data directly inside, entities resolved
    std::vector<Element> children;
    int line = 0;
};

class Reader {
public:
    Reader(const std::string& text, const std::string& file) : m_text(text), m_file(file) {}

    Element document() {
        skipMisc(true);
        Element root = element();
        skipMisc(false);
        if (m_pos != m_text.size()) {
            fail("text after the root element");
        }
        return root;
    }

private:
    [[noreturn]] void fail(const std::string& message) const {
        throw InputError(m_file, "", "", "line " + std::to_string(line()) + ": " + message);
    }
    // Counted on from the last call (the reader only moves forward).
    int line() const {
        for (; m_linePos < m_pos && m_linePos < m_text.size(); ++m_linePos) {
            m_line += m_text[m_linePos] == '\n' ? 1 : 0;
        }
        return m_line;
    }
    bool startsWith(const char* s) const {
        return m_text.compare(m_pos, std::string(s).size(), s) == 0;
    }
    void skipSpace() {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' ||
                                         m_text[m_pos] == '\n' || m_text[m_pos] == '\r')) {
            ++m_pos;
        }
    }
    void skipPast(const char* end, const char* what) {
        const std::size_t at = m_text.find(end, m_pos);
        if (at == std::string::npos) {
            fail(std::string("unterminated ") + what);
        }
        m_pos = at + std::string(end).size();
    }
    // White space, comments and (before the root only) the XML declaration.
    void skipMisc(bool prolog) {
        if (prolog && m_text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
            m_pos = 3;
        }
        for (;;) {
            skipSpace();
            if (startsWith("<!--")) {
                skipPast("-->", "comment");
            } else if (prolog && startsWith("<?xml")) {
                skipPast("?>", "XML declaration");
            } else if (startsWith("<!DOCTYPE") || startsWith("<?")) {
                fail("DOCTYPE and processing instructions are not supported");
            } else {
                return;
            }
        }
    }
    std::string name() {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() &&
               (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_' ||
                m_text[m_pos] == '-' || m_text[m_pos] == '.' || m_text[m_pos] == ':')) {
            ++m_pos;
        }
        if (m_pos == start) {
            fail("expected an element name");
        }
        return m_text.substr(start, m_pos - start);
    }
    void appendUtf8(std::string& out, std::uint32_t c) {
        if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
            fail("invalid character reference");
        }
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    void entity(std::string& out) {
        const std::size_t end = m_text.find(';', m_pos);
        if (end == std::string::npos || end - m_pos > 12) {
            fail("'&' that starts no entity (write &amp;)");
        }
        const std::string e = m_text.substr(m_pos + 1, end - m_pos - 1);
        m_pos = end + 1;
        static const std::pair<const char*, char> named[] = {
            {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
        for (const auto& [n, c] : named) {
            if (e == n) {
                out += c;
                return;
            }
        }
        if (e.size() > 1 && e[0] == '#') {
            const bool hex = e[1] == 'x';
            const std::string digits = e.substr(hex ? 2 : 1);
            if (!digits.empty() &&
                digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") ==
                    std::string::npos) {
                appendUtf8(out,
                           static_cast<std::uint32_t>(std::stoul(digits, nullptr, hex ? 16 : 10)));
                return;
            }
        }
        fail("unknown entity &" + e + ";");
    }
    // Character data, comments and CDATA up to the next element or end tag.
    void content(Element& e) {
        while (m_pos < m_text.size()) {
            if (startsWith("<!--")) {
                skipPast("-->", "comment");
            } else if (startsWith("<![CDATA[")) {
                const std::size_t start = m_pos + 9;
                skipPast("]]>", "CDATA section");
                e.text += m_text.substr(start, m_pos - 3 - start);
            } else if (m_text[m_pos] == '<') {
                return;
            } else if (m_text[m_pos] == '&') {
                entity(e.text);
            } else {
                e.text += m_text[m_pos++];
            }
        }
    }
    Element element() {
        if (m_pos >= m_text.size() || m_text[m_pos] != '<') {
            fail("expected an element");
        }
        Element e;
        e.line = line();
        ++m_pos;
        e.name = name();
        skipSpace();
        if (startsWith("/>")) {
            m_pos += 2;
            return e;
        }
        if (!startsWith(">")) {
            fail("attributes are not supported (on <" + e.name + ">)");
        }
        ++m_pos;
        for (;;) {
            content(e);
            if (m_pos >= m_text.size()) {
                fail("<" + e.name + "> is never closed");
            }
            if (startsWith("</")) {
                m_pos += 2;
                if (name() != e.name) {
                    fail("the end tag does not match <" + e.name + ">");
                }
                skipSpace();
                if (!startsWith(">")) {
                    fail("expected '>'");
                }
                ++m_pos;
                return e;
            }
            e.children.push_back(element());
        }
    }

    const std::string& m_text;
    const std::string& m_file;
    std::size_t m_pos = 0;
    mutable std::size_t m_linePos = 0;
    mutable int m_line = 1;
};

std::string trimmed(const std::string& s) {
    const std::size_t first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        return {};
    }
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

ConfProperty readProperty(const Element& p, const std::string& file) {
    const auto fail = [&](const std::string& message) {
        throw InputError(file, "", "", "line " + std::to_string(p.line) + ": " + message);
    };
    ConfProperty out;
    out.line = p.line;
    bool hasName = false;
    bool hasValue = false;
    for (const Element& c : p.children) {
        if (!c.children.empty()) {
            fail("<" + c.name + "> may hold text only");
        }
        if (c.name == "name") {
            out.name = trimmed(c.text);
            hasName = true;
        } else if (c.name == "value") {
            out.value = trimmed(c.text);
            hasValue = true;
        } else if (c.name != "description" && c.name != "final" && c.name != "source") {
            fail("unexpected <" + c.name + "> in <property> (expected name, value, description)");
        }
    }
    if (!hasName || out.name.empty()) {
        fail("a <property> without a <name>");
    }
    if (!hasValue) {
        fail("property " + out.name + " has no <value>");
    }
    return out;
}

}  // namespace

std::vector<ConfProperty> readHadoopConf(const std::string& text, const std::string& file) {
    Reader reader(text, file);
    const Element root = reader.document();
    if (root.name != "configuration") {
        throw InputError(file, "", "",
                         "line " + std::to_string(root.line) +
                             ": the root element must be <configuration> (got <" + root.name +
                             ">)");
    }
    std::vector<ConfProperty> properties;
    for (const Element& p : root.children) {
        if (p.name != "property") {
            throw InputError(file, "", "",
                             "line " + std::to_string(p.line) + ": unexpected <" + p.name +
                                 "> in <configuration> (expected <property>)");
        }
        properties.push_back(readProperty(p, file));
    }
    return properties;
}

}  // namespace mr
