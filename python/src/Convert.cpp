#include <pybind11/pybind11.h>

#include "Bindings.h"

namespace mr::python {

py::object toPython(const nlohmann::ordered_json& json) {
    switch (json.type()) {
        case nlohmann::ordered_json::value_t::object: {
            py::dict out;
            for (const auto& [key, value] : json.items()) {
                out[py::str(key)] = toPython(value);
            }
            return out;
        }
        case nlohmann::ordered_json::value_t::array: {
            py::list out;
            for (const auto& value : json) {
                out.append(toPython(value));
            }
            return out;
        }
        case nlohmann::ordered_json::value_t::string:
            return py::str(json.get_ref<const std::string&>());
        case nlohmann::ordered_json::value_t::boolean:
            return py::bool_(json.get<bool>());
        case nlohmann::ordered_json::value_t::number_integer:
            return py::int_(json.get<long long>());
        case nlohmann::ordered_json::value_t::number_unsigned:
            return py::int_(json.get<unsigned long long>());
        case nlohmann::ordered_json::value_t::number_float:
            return py::float_(json.get<double>());
        default:
            return py::none();
    }
}

}  // namespace mr::python
