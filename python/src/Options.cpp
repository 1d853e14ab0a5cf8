#include <pybind11/stl.h>

#include <algorithm>

#include "Bindings.h"
#include "model/InputError.h"

namespace mr::python {

namespace {

// `value` as text in the option's own syntax (a string as it is, as mrsim reads --ID TEXT), for its
// parser (OptionSpec::set) to read or refuse.
std::string optionText(const OptionSpec& spec, const py::handle& value) {
    if (py::isinstance<py::str>(value)) {  // text as on the command line
        return value.cast<std::string>();
    }
    const bool isBool = py::isinstance<py::bool_>(value);
    switch (spec.type) {
        case OptionType::Flag:
            if (isBool) {
                return value.cast<bool>() ? "true" : "false";
            }
            break;
        case OptionType::Integer:
            if (py::isinstance<py::int_>(value) && !isBool) {
                return py::str(value);
            }
            break;
        case OptionType::Real:
            if ((py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)) && !isBool) {
                return py::str(value);
            }
            break;
        case OptionType::Choice:
            break;
        case OptionType::Names:
            if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
                std::string joined;
                for (const py::handle name : value) {
                    joined += (joined.empty() ? "" : ",") + py::str(name).cast<std::string>();
                }
                return joined;
            }
            break;
    }
    refuseOption(spec, py::repr(value).cast<std::string>());
}

std::string knownOptions() {
    std::string ids;
    for (const OptionSpec& spec : runOptionSpecs()) {
        std::string id = spec.id;
        std::replace(id.begin(), id.end(), '-', '_');
        ids += (ids.empty() ? "" : ", ") + id;
    }
    return ids;
}

}  // namespace

RunOptions runOptionsFrom(const py::kwargs& options) {
    RunOptions run;
    for (const auto& [key, value] : options) {
        std::string id = py::str(key);
        std::replace(id.begin(), id.end(), '_', '-');
        const OptionSpec* spec = findOptionSpec(id);
        if (spec == nullptr) {
            throw InputError("", "", py::str(key),
                             "unknown option (the options: " + knownOptions() + ")");
        }
        spec->set(run, optionText(*spec, value));
    }
    return run;
}

py::list runOptionList() {
    py::list out;
    for (const OptionSpec& spec : runOptionSpecs()) {
        std::string id = spec.id;
        std::replace(id.begin(), id.end(), '-', '_');
        py::dict option;
        option["id"] = id;
        option["type"] = toString(spec.type);
        option["default"] = spec.defaultValue;
        option["help"] = spec.help;
        if (spec.type == OptionType::Integer || spec.type == OptionType::Real) {
            option["min"] = spec.min;
            option["max"] = spec.max;
        }
        if (spec.type == OptionType::Choice) {
            option["choices"] = spec.choices;
        }
        out.append(option);
    }
    return out;
}

}  // namespace mr::python
