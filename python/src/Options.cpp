#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>

#include "Bindings.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr::python {

namespace {

// Whether `value` is a boolean, Python's or NumPy's (a bool is not a number here).
bool isBoolean(const py::handle& value) {
    const std::string type = py::type::of(value).attr("__name__").cast<std::string>();
    return py::isinstance<py::bool_>(value) || type == "bool_" || type == "bool";
}

// A whole number as text: Python's int and anything with __index__ (NumPy's integers).
std::optional<std::string> wholeText(const py::handle& value) {
    if (isBoolean(value) || PyIndex_Check(value.ptr()) == 0) {
        return std::nullopt;
    }
    return py::str(py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr())));
}

// A real number as text: a whole one, or anything with __float__ (float, NumPy's floats).
std::optional<std::string> realText(const py::handle& value) {
    if (auto whole = wholeText(value)) {
        return whole;
    }
    if (isBoolean(value) || !py::hasattr(value, "__float__")) {
        return std::nullopt;
    }
    // "nan", "inf": refused by the option's parser.
    return py::str(py::float_(py::reinterpret_borrow<py::object>(value)));
}

}  // namespace

long long wholeLongArgument(const char* field, const py::handle& value, long long min,
                            long long max) {
    const std::optional<std::string> text = wholeText(value);
    const std::optional<std::int64_t> number = text ? parseInteger(*text) : std::nullopt;
    if (!number || *number < min || *number > max) {
        throw InputError("", "", field,
                         "must be a whole number from " + std::to_string(min) + " to " +
                             std::to_string(max) + " (got " + py::repr(value).cast<std::string>() +
                             ")");
    }
    return *number;
}

int wholeArgument(const char* field, const py::handle& value, int min, int max) {
    return static_cast<int>(wholeLongArgument(field, value, min, max));
}

std::optional<int> optionalWholeArgument(const char* field, const py::handle& value, int min,
                                         int max) {
    if (value.is_none()) {
        return std::nullopt;
    }
    return wholeArgument(field, value, min, max);
}

std::uint64_t seedArgument(const py::handle& value) {
    const std::optional<std::string> text = wholeText(value);
    return readSeed(text ? *text : py::repr(value).cast<std::string>());
}

namespace {

// `value` as text in the option's own syntax (a string as it is, as mrsim reads --ID TEXT), for its
// parser (OptionSpec::set) to read or refuse.
std::string optionText(const OptionSpec& spec, const py::handle& value) {
    if (py::isinstance<py::str>(value)) {  // text as on the command line
        return value.cast<std::string>();
    }
    std::optional<std::string> text;
    switch (spec.type) {
        case OptionType::Flag:
            if (isBoolean(value)) {
                text = PyObject_IsTrue(value.ptr()) == 1 ? "true" : "false";
            }
            break;
        case OptionType::Integer:
            text = wholeText(value);
            break;
        case OptionType::Real:
            text = realText(value);
            break;
        case OptionType::Choice:
            break;
        case OptionType::Names:
            // Any sequence of names but a string (a list, a tuple, a NumPy array of str).
            if (py::isinstance<py::iterable>(value) && !py::isinstance<py::bytes>(value)) {
                std::string joined;
                for (const py::handle name : value) {
                    joined += (joined.empty() ? "" : ",") + py::str(name).cast<std::string>();
                }
                text = joined;
            }
            break;
    }
    if (text) {
        return *text;
    }
    const std::string given = py::repr(value).cast<std::string>();
    RunOptions scratch;
    spec.set(scratch, given);  // the option's own words ("seed": from 0 to 2^64 - 1)
    refuseOption(spec, given);
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
