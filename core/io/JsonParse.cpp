#include "io/JsonParse.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <limits>
#include <vector>

#include "io/FieldReader.h"
#include "model/InputError.h"

namespace mr {

using nlohmann::json;

namespace {

// A char pointer that counts how far the parser has read, so that errors found by the handler
// (which nlohmann gives no position) can still name the line.
class CountingIterator {
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator(const char* at, std::size_t* read) : m_at(at), m_read(read) {}
    const char& operator*() const { return *m_at; }
    CountingIterator& operator++() {
        ++m_at;
        ++*m_read;
        return *this;
    }
    CountingIterator operator++(int) {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator& other) const { return m_at == other.m_at; }
    bool operator!=(const CountingIterator& other) const { return m_at != other.m_at; }

private:
    const char* m_at;
    std::size_t* m_read;
};

// The array keys of our formats whose elements are named items, and what an element is called.
const char* itemKindOf(const std::string& arrayKey) {
    static const std::pair<const char*, const char*> kinds[] = {
        {"jobs", "job"}, {"machines", "machine"}, {"stores", "store"}, {"data", "data"}};
    for (const auto& [key, kind] : kinds) {
        if (arrayKey == key) {
            return kind;
        }
    }
    return nullptr;
}

// nlohmann's SAX events building a json value (as json::parse does), checking depth, repeated
// keys and number overflow on the way. Errors are thrown as InputError from inside the parse.
class StrictBuilder {
public:
    StrictBuilder(const std::string& text, const std::string& file, const std::size_t& read)
        : m_text(text), m_file(file), m_read(read) {}

    json& result() { return m_root; }

    bool null() { return value(nullptr); }
    bool boolean(bool b) { return value(b); }
    bool number_integer(json::number_integer_t n) { return value(n); }
    bool number_unsigned(json::number_unsigned_t n) { return value(n); }
    bool number_float(json::number_float_t n, const std::string&) { return value(n); }
    bool string(std::string& s) { return value(std::move(s)); }
    bool binary(json::binary_t& b) { return value(std::move(b)); }

    bool start_object(std::size_t) { return open(json::value_t::object); }
    bool start_array(std::size_t) { return open(json::value_t::array); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& k) {
        Frame& f = m_stack.back();
        if (f.value->contains(k)) {
            f.key = k;
            fail(
                "the key appears twice in one object (the second would silently replace the "
                "first)");
        }
        f.key = k;
        m_slot = &(*f.value)[k];
        return true;
    }

    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& e) {
        std::string what = e.what();
        if (e.id == 406) {
            // A number beyond a double ("1e999"): name its key like every other bad number.
            const auto q1 = what.find('\'');
            const auto q2 = what.rfind('\'');
            const std::string token = q1 < q2 ? what.substr(q1 + 1, q2 - q1 - 1) : "";
            if (!m_stack.empty() && m_stack.back().value->is_array()) {
                ++m_stack.back().index;  // the element that failed
            }
            fail("must be a finite number (got " + token + ", line " +
                     std::to_string(lineAt(position)) + ")",
                 false);
        }
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix: users need the position.
        const auto bracket = what.find("] ");
        if (what.rfind("[json.exception", 0) == 0 && bracket != std::string::npos) {
            what = what.substr(bracket + 2);
        }
        throw InputError(m_file, "", "", "not valid JSON (truncated or corrupt file?): " + what);
    }

private:
    struct Frame {
        json* value;
        std::string key;        // objects: the key being read
        std::size_t index = 0;  // arrays: elements so far
    };

    template <class Value>
    bool value(Value&& v) {
        place(json(std::forward<Value>(v)));
        return true;
    }

    json* place(json&& v) {
        if (m_stack.empty()) {
            m_root = std::move(v);
            return &m_root;
        }
        Frame& f = m_stack.back();
        if (f.value->is_array()) {
            ++f.index;
            auto& array = f.value->get_ref<json::array_t&>();
            array.push_back(std::move(v));
            return &array.back();
        }
        *m_slot = std::move(v);
        return m_slot;
    }

    bool open(json::value_t type) {
        if (m_stack.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
            fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        }
        json* container = place(json(type));
        m_stack.push_back(Frame{container, {}, 0});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        return true;
    }

    std::size_t lineAt(std::size_t offset) const {
        const auto end =
            m_text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, m_text.size()));
        return 1 + static_cast<std::size_t>(std::count(m_text.begin(), end, '\n'));
    }

    // The path of the value being read ("jobs[2].maps"); the item is named when the path goes
    // through one of our formats' named arrays.
    [[noreturn]] void fail(const std::string& message, bool withLine = true) const {
        std::string item;
        std::string kind = "job";
        std::string path;
        for (std::size_t i = 0; i < m_stack.size(); ++i) {
            const Frame& f = m_stack[i];
            if (f.value->is_array()) {
                if (f.index == 0) {
                    break;
                }
                const std::size_t element = f.index - 1;
                // A named item: an element of "jobs" (etc.) at the top level.
                const char* itemKind = i == 1 ? itemKindOf(m_stack[0].key) : nullptr;
                if (itemKind != nullptr) {
                    const json& e = (*f.value)[element];
                    const auto name = e.is_object() ? e.find("name") : e.end();
                    item = name != e.end() && name->is_string() && !name->get<std::string>().empty()
                               ? name->get<std::string>()
                               : "#" + std::to_string(element + 1);
                    kind = itemKind;
                    path.clear();
                } else {
                    path += "[" + std::to_string(element) + "]";
                }
            } else if (!f.key.empty() || i + 1 < m_stack.size()) {
                path += (path.empty() ? "" : ".") + f.key;
            }
        }
        const std::string where = withLine ? " (line " + std::to_string(lineAt(m_read)) + ")" : "";
        throw InputError(m_file, item, path, message + where, kind);
    }

    const std::string& m_text;
    const std::string& m_file;
    const std::size_t& m_read;
    json m_root;
    std::vector<Frame> m_stack;
    json* m_slot = nullptr;  // the object member the next value goes to
};

}  // namespace

json parseJsonText(const std::string& text, const std::string& file) {
    std::size_t read = 0;
    StrictBuilder builder(text, file, read);
    const CountingIterator first(text.data(), &read);
    const CountingIterator last(text.data() + text.size(), &read);
    json::sax_parse(first, last, &builder, json::input_format_t::json, true);
    return std::move(builder.result());
}

json parseFormattedDocument(const std::string& text, const std::string& file,
                            const std::string& format, int version) {
    json root = parseJsonText(text, file);
    if (!root.is_object()) {
        throw InputError(file, "", "", "the file must hold one JSON object");
    }
    const FieldReader f(root, file, "");
    const std::string found = f.requiredString("format");
    if (found != format) {
        f.fail("format", "expected \"" + format + "\" (got \"" + found + "\")");
    }
    const long long v = f.requiredInt("version", std::numeric_limits<long long>::min(),
                                      std::numeric_limits<long long>::max());
    if (v != version) {
        f.fail("version", "unsupported version " + std::to_string(v) +
                              " (this program reads version " + std::to_string(version) + ")");
    }
    return root;
}

}  // namespace mr
