#include "io/JsonText.h"

#include "io/NumberFormat.h"

namespace mr {

using nlohmann::json;

std::string toOneLine(const nlohmann::ordered_json& value) {
    if (value.is_object()) {
        std::string out = "{";
        bool first = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            out += first ? "" : ", ";
            first = false;
            out += json(it.key()).dump() + ": " + toOneLine(it.value());
        }
        return out + "}";
    }
    if (value.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += (i == 0 ? "" : ", ") + toOneLine(value[i]);
        }
        return out + "]";
    }
    if (value.is_number_float()) {
        return formatNumber(value.get<double>());
    }
    return value.dump();
}

}  // namespace mr
